/**
 * The user dropdown (spec §2): username, change password, manage signature (not for a new account nor a
 * freelancer), logout. Loaded lazily by the shell: a signed-out first load (/login) does not pay for Radix's
 * menu and positioning code.
 */
import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { DropdownMenu, DropdownMenuItem, DropdownMenuSeparator } from '../../ui/dropdown-menu.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import type { SignedInView } from './session-view.tsx';
import { userMenu } from './menu-items.ts';

export function UserMenu({ view, onLogout }: { view: SignedInView; onLogout: () => void }) {
  const entries = userMenu(view);
  return (
    <DropdownMenu
      trigger={
        <span>
          <VisuallyHidden>{m.shell_userMenu()}</VisuallyHidden>
          {' '}
          {view.username}
        </span>
      }
    >
      {entries.includes('changePassword') ? (
        <DropdownMenuItem asChild>
          <Link to="/user/reset-password">{m.nav_changePassword()}</Link>
        </DropdownMenuItem>
      ) : null}
      {entries.includes('manageSignature') ? (
        <DropdownMenuItem asChild>
          <Link to="/user/manage-signature">{m.nav_manageSignature()}</Link>
        </DropdownMenuItem>
      ) : null}
      <DropdownMenuSeparator />
      {entries.includes('logout') ? <DropdownMenuItem onSelect={onLogout}>{m.nav_logout()}</DropdownMenuItem> : null}
    </DropdownMenu>
  );
}
