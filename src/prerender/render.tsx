/**
 * The build's server render (docs/decisions/100-prerendered-pages.md): one page of the portal, with React's static
 * renderer, the real route tree and router (a memory history at the page's path, the router's server code), the real
 * session machine and the same element tree the browser hydrates (portal-tree.tsx). The build
 * (scripts/prerender/) bundles this file for Node and calls `renderPage` for every page and language.
 *
 * Nothing here can hold a worker's data: there is no network (the API client refuses every call), no storage, and the
 * session is the signed-out one (public pages) or not even read (the frame of a signed-in page).
 */
import type { ReactElement } from 'react';
import { createMemoryHistory } from '@tanstack/react-router';
import { prerender } from 'react-dom/static';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { RestoreOutput } from '../../machines/session.types.ts';
import { isRestored } from '../../machines/session.selectors.ts';
import { createApi } from '../api/client.ts';
import { devInspect } from '../dev/inspector.ts';
import { pendingView, signedOutView } from '../features/shell/session-view.tsx';
import { m } from '../paraglide/messages.js';
import { overwriteGetLocale, type Locale } from '../paraglide/runtime.js';
import { createAppRouter } from '../router.tsx';
import { FALLBACK_PATH, pagesOf, type PageMark } from './pages.ts';

export { fallbackPage, markAttributes } from './pages.ts';
import { PortalTree } from './portal-tree.tsx';

export type RenderedPage = {
  /** The HTML inside #root. */
  html: string;
  /** The document title, escaped for HTML (what the page's screen sets once it runs: "Title – Portal"). */
  title: string;
  /** The route ids the page's path matches, root first: their chunks are the page's first load. */
  routeIds: string[];
};

/** A path no route has: the fallback frame is rendered for it. */
const FALLBACK_RENDER_PATH = '/__prerender-fallback__';

function offlineApi() {
  return createApi({
    baseUrl: 'http://prerender.invalid/api',
    fetch: async (input) => {
      throw new Error(`The prerender has no network: ${String(input instanceof Request ? input.url : input)}`);
    },
    getToken: () => undefined,
    getLocale: () => 'fr',
    onUnauthorized: () => {},
    notify: () => {},
  });
}

/** The signed-out session, as the browser's is once it has found no stored sign-in. */
function signedOutSession() {
  const logic = sessionMachine.provide({ actors: { restoreUser: fromPromise<RestoreOutput>(async () => ({ user: null, loggedOut: false })) } });
  return createActor(logic, { ...devInspect }).start();
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The static renderer waits for every lazy part (a route's screen, the shell's lazy parts) before it writes. */
async function toHtml(element: ReactElement): Promise<string> {
  const { prelude } = await prerender(element);
  return new Response(prelude).text();
}

/** Every route path of the app's route tree (the pages to write: pages.ts). */
export function routePaths(): string[] {
  const router = createAppRouter({ api: offlineApi(), session: signedOutSession() }, { history: createMemoryHistory(), isServer: true });
  return Object.keys(router.routesByPath);
}

export const pages = (): PageMark[] => pagesOf(routePaths());

/** The words of the web app manifest (scripts/prerender/run.ts). */
export const manifestTexts = (locale: Locale) => ({
  name: m.app_name({}, { locale }),
  shortName: m.manifest_shortName({}, { locale }),
  description: m.manifest_description({}, { locale }),
  // The installed app's shortcuts (a long press on its icon): the pages a worker opens most, named as in the menu.
  shortcuts: { planning: m.nav_planning({}, { locale }), offers: m.nav_offers({}, { locale }), hours: m.nav_hours({}, { locale }) },
});

export async function renderPage(page: PageMark, locale: Locale): Promise<RenderedPage> {
  overwriteGetLocale(() => locale);
  const path = page.path === FALLBACK_PATH ? FALLBACK_RENDER_PATH : page.path;
  const session = signedOutSession();
  const router = createAppRouter({ api: offlineApi(), session }, { history: createMemoryHistory({ initialEntries: [path] }), isServer: true });
  let routeIds: string[];
  if (page.kind === 'public') {
    await waitFor(session, isRestored);
    await router.load();
    const reached = router.state.location.pathname;
    if (reached !== path || router.state.matches.length === 0) throw new Error(`Prerendering ${path} ended on ${reached}: a public page must render as itself`);
    routeIds = router.state.matches.map((match) => match.routeId);
  } else {
    // The frame: the router is not started (it would wait for the session and the worker's data); the browser's
    // first render is the same, its router starts once React has hydrated the page.
    routeIds = page.path === FALLBACK_PATH ? [] : router.matchRoutes(router.state.location).map((match) => match.routeId);
  }
  const html = await toHtml(
    <PortalTree session={session} router={router} prerenderedView={page.kind === 'public' ? signedOutView : pendingView} prerendering />,
  );
  session.stop();
  const heading = /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  if (page.kind === 'public' && (!heading || /</.test(heading))) throw new Error(`${path}: no plain <h1> to take the title from`);
  // The title message around the heading as React escaped it (a placeholder keeps the message's own text escaped).
  const title = heading ? escapeHtml(m.ui_documentTitle({ title: '\u0000' })).replace('\u0000', heading) : escapeHtml(m.app_name());
  return { html, title, routeIds };
}
