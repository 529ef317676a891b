/**
 * The entry: only what must happen before the first paint (docs/decisions/215-paint-before-work.md). It holds the
 * submits of the prerendered forms for the app (prerender/held-submits.ts: nothing typed is ever submitted natively,
 * in the address; docs/decisions/224-held-submits.md), starts the calls the stored sign-in allows (early-calls.ts),
 * lets the browser paint the prerendered page, then loads the app (app.tsx: the session, the router, React taking over the page). The build preloads app.tsx with the entry
 * (scripts/prerender/document.ts): on a first visit both arrive together; on a return both come from the cache, and
 * the app's hundreds of ms of start no longer come before the screen.
 */
import { pageEarlyAnswers } from './api/early-answers.ts';
import { startEarlyCalls } from './early-calls.ts';
import { prepareKeptAnswers } from './kept/page-kept.ts';
import { afterFirstPaint } from './prerender/after-first-paint.ts';
import { holdSubmits } from './prerender/held-submits.ts';
import { storage } from './storage.ts';

holdSubmits();

startEarlyCalls({
  early: pageEarlyAnswers,
  store: storage,
  apiBase: `${window.location.origin}/api`,
  pathname: window.location.pathname,
  locale: document.documentElement.lang,
});

// The worker's kept copies open while the page paints (docs/decisions/241-kept-answers.md).
prepareKeptAnswers(storage);

afterFirstPaint(() => {
  import('./app.tsx').catch((error: unknown) => console.error('The portal could not start:', error));
});
