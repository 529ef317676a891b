import type { MouseEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { m } from '../../paraglide/messages.js';
import { useMenuCount } from '../../ui/menu-counts.ts';
import { useTapFirst } from '../../ui/tap-first.ts';
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

/**
 * An entry, with the count its feature supplies (src/ui/menu-counts.ts), if any. A tap marks the entry as the page at
 * once; the router renders the page once that frame has painted (src/ui/tap-first.ts, decision 223).
 */
function MenuLink({ entry, onNavigate }: { entry: MenuEntry; onNavigate?: () => void }) {
  const count = useMenuCount(entry.to);
  const navigate = useNavigate();
  const tap = useTapFirst(() => void navigate({ to: entry.to }));
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    tap.onClick(event);
  };
  return (
    <Link to={entry.to} className={s.navLink} onClick={onClick} data-tapped={tap['data-tapped']}>
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
