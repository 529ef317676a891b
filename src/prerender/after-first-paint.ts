/**
 * Runs `start` once the browser has painted the page as the server sent it (docs/decisions/215-paint-before-work.md).
 * With its scripts in the HTTP cache, the browser runs a module entry as soon as the HTML is parsed, often in the
 * same task as the last of the parsing, before any paint: the app's start (hundreds of ms at 4× CPU) then held back
 * the prerendered screen. A frame callback runs just before the next paint; a task queued from it runs after that
 * paint. In a hidden tab nothing paints and frames wait for the tab to show: the app starts at once there (and as
 * soon as a tab is hidden before its first frame).
 */
type PaintWindow = Pick<Window, 'requestAnimationFrame' | 'setTimeout'> & { document: Pick<Document, 'visibilityState' | 'addEventListener'> };

export function afterFirstPaint(start: () => void, win: PaintWindow = window): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (win.document.visibilityState === 'hidden') return once();
  win.requestAnimationFrame(() => win.setTimeout(once, 0));
  win.document.addEventListener('visibilitychange', once, { once: true });
}
