/**
 * The user dropdown (spec §2): username, its pages as the access table lists them (change password; manage
 * signature, not for a new account nor a freelancer), logout. Loaded lazily by the shell: a signed-out first load (/login) does not pay for Radix's
 * menu and positioning code.
 */
import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import type { SignedInView } from './session-view.tsx';
import { userMenu } from './menu-items.ts';

/** `onNavigate` closes the phone menu after an entry is chosen, as the main menu's links do. */
export function UserMenu({ view, onLogout, onNavigate }: { view: SignedInView; onLogout: () => void; onNavigate?: () => void }) {
  const entries = userMenu(view);
  return (
    <DropdownMenu
      trigger={
        <span>
          <VisuallyHidden>{m.shell_userMenu()}</VisuallyHidden> {view.username}
        </span>
      }
    >
      {entries.map((entry) => (
        <DropdownMenuItem key={entry.to} asChild>
          <Link to={entry.to} onClick={onNavigate}>
            {entry.label()}
          </Link>
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuItem onSelect={onLogout}>{m.nav_logout()}</DropdownMenuItem>
    </DropdownMenu>
  );
}
