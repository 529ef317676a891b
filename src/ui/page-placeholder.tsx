/**
 * What a signed-in page's main area shows until its screen comes (docs/decisions/217-page-placeholder.md): in the
 * prerendered frame from the first paint, and while the first screen waits for the session and its data. The shapes
 * sit where the screen's heading and first cards will be, inside a main area at least a screen tall (shell.css.ts),
 * so the screen replaces them without moving anything on screen. Screen readers hear one polite "loading" (a status
 * region) and the main area says it is busy (aria-busy, set by the shell).
 */
import { m } from '../paraglide/messages.js';
import * as s from './page-placeholder.css.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

/** How many card shapes: about what a phone shows of a screen below its heading. */
const CARDS = 3;

export function PagePlaceholder() {
  return (
    <div className={s.placeholder} data-page-placeholder="">
      <p role="status">
        <VisuallyHidden>{m.shell_pageLoading()}</VisuallyHidden>
      </p>
      <div aria-hidden="true">
        <div className={s.heading} />
        {Array.from({ length: CARDS }, (_, i) => (
          <div key={i} className={s.card} />
        ))}
      </div>
    </div>
  );
}
