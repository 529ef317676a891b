import { useState, type MouseEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { afterFirstPaint } from '../../prerender/after-first-paint.ts';
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

/** A click the router would take: the main button, no modifier (those open a tab or a window: the browser's own). */
const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && !event.defaultPrevented;

/**
 * An entry, with the count its feature supplies (src/ui/menu-counts.ts), if any. A tap marks the entry as the page at
 * once; the router renders the page once that frame has painted (docs/decisions/223-tap-answered-first.md).
 */
function MenuLink({ entry, onNavigate }: { entry: MenuEntry; onNavigate?: () => void }) {
  const count = useMenuCount(entry.to);
  const navigate = useNavigate();
  const [tapped, setTapped] = useState(false);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onNavigate?.();
    if (!plainClick(event)) return;
    event.preventDefault();
    setTapped(true);
    afterFirstPaint(() => {
      setTapped(false);
      void navigate({ to: entry.to });
    });
  };
  return (
    <Link to={entry.to} className={s.navLink} onClick={onClick} data-tapped={tapped ? 'true' : undefined}>
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
