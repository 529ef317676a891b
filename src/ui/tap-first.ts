/**
 * A link that answers the tap in its own frame, then goes (docs/decisions/223-tap-answered-first.md): a plain click
 * (main button, no modifier) marks the link as tapped (`data-tapped`, which its style draws) and the navigation
 * starts once that frame has painted. The router renders the new page inside whatever task navigates (its store is
 * read through `useSyncExternalStore`, which React renders synchronously), so a link to a heavy page would otherwise
 * hold the tap's frame for the whole page. A click with a modifier stays the browser's (a new tab or window).
 */
import { useState, type MouseEvent } from 'react';
import { afterFirstPaint } from '../prerender/after-first-paint.ts';

const plainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey && !event.defaultPrevented;

/** `go` navigates (the router's `navigate` to the link's own target). Spread the result on the `<Link>`. */
export function useTapFirst(go: () => void): { onClick: (event: MouseEvent<HTMLAnchorElement>) => void; 'data-tapped': 'true' | undefined } {
  const [tapped, setTapped] = useState(false);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    setTapped(true);
    afterFirstPaint(() => {
      setTapped(false);
      go();
    });
  };
  return { onClick, 'data-tapped': tapped ? 'true' : undefined };
}
