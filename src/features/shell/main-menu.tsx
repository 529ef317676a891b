import { Link } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import type { SessionView } from './session-view.tsx';
import { mainMenu } from './menu-items.ts';
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
          <li key={entry.id}>
            <Link to={entry.to} className={s.navLink} onClick={onNavigate}>
              {entry.label()}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
