/**
 * The composition root, loaded by the entry (main.tsx) once the prerendered page has painted: the interface
 * language, the API client (answering the calls the entry started early with their answers: api/early-answers.ts),
 * the session actor (machines/session.machine.ts with src/actors/session.ts), the router with the route gate, then
 * React takes over the page: it hydrates the prerendered HTML, or renders (src/prerender/mount.ts).
 */
import { createActor } from 'xstate';
import { isPending } from '../machines/session.selectors.ts';
import { createApi } from './api/client.ts';
import { pageEarlyAnswers } from './api/early-answers.ts';
import { createSessionLogic } from './actors/session.ts';
import { keptLayer } from './kept/kept-layer.ts';
import { forgetKeptAnswers, keepsAnswers, keptAnswersFor } from './kept/page-kept.ts';
import { pendingView, signedOutView } from './features/shell/session-view.tsx';
import { adoptLinkLocale, onLocaleChange, syncDocumentLanguage, syncLocaleCookie } from './i18n/locale.ts';
import { getLocale } from './paraglide/runtime.js';
import { mountPortal, prerenderedPage } from './prerender/mount.ts';
import { PortalTree } from './prerender/portal-tree.tsx';
import type { SessionActor } from './router-context.ts';
import { createAppRouter, rerunGateOnChange, sessionNavigator } from './router.tsx';
import { storage } from './storage.ts';
import { toasts } from './ui/toast-store.ts';
import './styles/theme.css.ts';
import { devInspect } from './dev/inspector.ts';

const container = document.getElementById('root')!;
// Read before anything changes <html lang>: the language the server wrote the page in.
const prerendered = prerenderedPage(container);
adoptLinkLocale(window.location.search);
syncLocaleCookie();
syncDocumentLanguage();

// The client, the session and the router need each other (the token, the 401 rule of §8, navigation):
// each is reached through `app`, filled right below and used only after start.
const app: { session?: SessionActor; router?: ReturnType<typeof createAppRouter> } = {};
// The worker's kept copies on a remembered phone (docs/decisions/241-kept-answers.md): while the router runs a page's
// loaders or the session reads the info, a kept copy answers at once; a fresh answer that differs is read again.
const drawing = { loaders: false };
const kept = keptLayer(
  {
    store: keptAnswersFor,
    drawing: () => drawing.loaders || (app.session ? isPending(app.session.getSnapshot()) : true),
    onRefresh: (keys) => {
      if (keys.some((key) => key.endsWith(' /api/user/me/info'))) app.session?.send({ type: 'session.refreshInfo' });
      // The loaders read again; the pages whose machine read the copy as its input start it again (loader-answer-key.ts).
      void app.router?.invalidate();
    },
  },
  keepsAnswers,
);
window.addEventListener('online', () => kept.backOnline());
const api = createApi({
  getToken: () => app.session?.getSnapshot().context.user?.token,
  getLocale,
  onUnauthorized: () => app.session?.send({ type: 'session.unauthorized' }),
  notify: (notice) => toasts.show(notice),
  fetch: kept.fetchThrough(pageEarlyAnswers.fetchThrough((input, init) => globalThis.fetch(input, init))),
});

const logic = createSessionLogic({
  api,
  store: storage,
  toasts,
  navigate: sessionNavigator(() => app.router),
  // The history entry of the navigation is written in a microtask (TanStack's browser history batches it): reload
  // after it, so that the page reloaded is the one the session navigated to (/login after a logout).
  reload: () => setTimeout(() => window.location.reload(), 0),
  forgetKeptAnswers: () => void forgetKeptAnswers(),
});
const session = (app.session = createActor(logic, { ...devInspect }).start());
const router = (app.router = createAppRouter({ api, session }));

rerunGateOnChange(session, router);
router.subscribe('onBeforeLoad', () => (drawing.loaders = true));
router.subscribe('onLoad', () => (drawing.loaders = false));
router.subscribe('onResolved', () => (drawing.loaders = false));
router.subscribe('onBeforeNavigate', (event) => {
  if (event.pathChanged) kept.newPage();
});

void mountPortal({
  container,
  tree: <PortalTree session={session} router={router} prerenderedView={prerendered.page?.kind === 'public' ? signedOutView : pendingView} />,
  router,
  page: prerendered.page,
  locales: { page: prerendered.locale, current: getLocale() },
  currentLocale: getLocale,
});

// The service worker (docs/decisions/240-service-worker.md), once the page has loaded, from a chunk of its own.
const startServiceWorker = () =>
  void import('./pwa/register.ts')
    .then((sw) => sw.startServiceWorker({ history: router.history, locale: getLocale, onLocaleChange }))
    .catch((error: unknown) => console.warn('The service worker could not start:', error));
if (document.readyState === 'complete') startServiceWorker();
else window.addEventListener('load', startServiceWorker, { once: true });
