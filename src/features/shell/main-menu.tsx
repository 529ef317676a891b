import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { useMenuCount } from '../../ui/menu-counts.ts';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import type { SessionView } from './session-view.tsx';
import { mainMenu, type MenuEntry } from './menu-items.ts';
import * as s from './shell.css.ts';

/** The sidebar's navigation; the current page is marked (`aria-current="page"`, set by the router's Link). */
export function MainMenu({ view, onNavigate }: { view: SessionView; onNavigate?: () => void }) {
  const entries = mainMenu(view);
  // Who is there is not known yet: no navigation landmark without links.
  if (entries.length === 0) return null;
  return (
    <nav aria-label={m.shell_mainNav()}>
      <ul className={s.navList}>
        {entries.map((entry) => (
          <li key={entry.to}>
            <MenuLink entry={entry} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** An entry, with the count its feature supplies (src/ui/menu-counts.ts), if any. */
function MenuLink({ entry, onNavigate }: { entry: MenuEntry; onNavigate?: () => void }) {
  const count = useMenuCount(entry.to);
  return (
    <Link to={entry.to} className={s.navLink} onClick={onNavigate}>
      {entry.label()}
      {count === null ? null : (
        <>
          {' '}
          <span className={s.navCount} aria-hidden="true">
            {count}
          </span>
          <VisuallyHidden>{m.shell_menuCount({ count })}</VisuallyHidden>
        </>
      )}
    </Link>
  );
}
