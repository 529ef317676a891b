/**
 * The portal's service worker (docs/decisions/240-service-worker.md), built by vite-plugin-pwa (Workbox's
 * injectManifest: Workbox writes this build's file list into `self.__WB_MANIFEST`) after the prerender has written
 * the pages, so that the list holds them. What it does, and what it never does:
 *  - precaches this build: scripts, styles, the prerendered pages in both languages, icons, manifests and
 *    dist/prerender.json; a new build installs beside the running one and takes over only when asked
 *    (src/pwa/updates.ts: at the next navigation), so a page never runs on two builds;
 *  - answers a navigation from the precache at once, with the page the server would send (domain/prerendered-pages.ts:
 *    the path's page in the worker's language, else the fallback frame) and the headers the server sent with it when it
 *    was precached (the CSP with this build's style hashes, and the others of server/security-headers.ts);
 *  - never touches /api: no route matches it, so the browser sends those requests itself, as without a worker
 *    (`no-store` answers, never in Cache Storage; the app's own kept copies are docs/decisions/241-kept-answers.md).
 * Typed with the worker's own globals (tsconfig.sw.json); nothing of the app is imported but the shared core.
 */
import { clientsClaim } from 'workbox-core';
import { addPlugins, cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { Route, registerRoute } from 'workbox-routing';
import { pageFor, type PrerenderIndex } from '#domain/prerendered-pages.ts';
import { SW_MESSAGES, type SwMessage } from '../pwa/sw-messages.ts';
import { installPushHandlers } from '../service-worker/push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

// What the precache keeps is what the server sends, headers and all: fetched past the browser's HTTP cache, which
// Workbox uses for the files whose names carry their hash (a copy from that cache has lost the server's
// Strict-Transport-Security: Chromium keeps no security-state header there).
addPlugins([{ requestWillFetch: async ({ request }) => new Request(request, { cache: 'reload' }) }]);
// Hashed assets match as they are; nothing else is guessed (no `/login` → `login.html`, no `/` → `index.html`): the
// navigation route below chooses the page by path and language.
precacheAndRoute(self.__WB_MANIFEST, { cleanURLs: false, directoryIndex: '' });
cleanupOutdatedCaches();
// The first install takes the open page at once (nothing to mix: the page was served by the same server); a later
// build waits for SW_MESSAGES.skipWaiting.
clientsClaim();

self.addEventListener('message', (event) => {
  const message = event.data as SwMessage | undefined;
  if (message?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
  if (message?.type === SW_MESSAGES.locale) event.waitUntil(rememberLocale(message.locale));
});

// Push notifications (docs/decisions/254-notifications-in-the-portal.md): the push and notificationclick handlers.
installPushHandlers(self);

/** The language the worker chose: the page mirrors it into a cookie (decision 101) and tells the worker (src/pwa/register.ts). */
const SETTINGS_CACHE = 'portal-settings';
const LOCALE_KEY = '/__portal/locale';

async function rememberLocale(locale: string): Promise<void> {
  const cache = await caches.open(SETTINGS_CACHE);
  await cache.put(LOCALE_KEY, new Response(locale, { headers: { 'Content-Type': 'text/plain' } }));
}

type CookieStoreLike = { get(name: string): Promise<{ value: string } | null> };

/** The locale cookie where the worker can read it (Chromium's CookieStore), else what the page last said. */
async function chosenLocale(cookie: string): Promise<string | undefined> {
  const store = (self as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  const fromCookie = await store?.get(cookie).then(
    (found) => found?.value,
    () => undefined,
  );
  if (fromCookie) return fromCookie;
  const said = await caches.open(SETTINGS_CACHE).then((cache) => cache.match(LOCALE_KEY));
  return said ? await said.text() : undefined;
}

let index: Promise<PrerenderIndex | null> | null = null;
/** This build's dist/prerender.json, from its own precache. */
function prerenderIndex(): Promise<PrerenderIndex | null> {
  index ??= matchPrecache('/prerender.json').then((response) => (response ? (response.json() as Promise<PrerenderIndex>) : null));
  return index;
}

/**
 * A navigation: the page from the precache. When a newer build is installed and waiting (and there is a network),
 * this navigation is the moment it takes over: this worker leaves the request to the browser, which loads the new
 * build's page from the server, and asks the new worker to take control. Answering it through this worker instead
 * would stream the page through a worker that is going away (a navigation that never ends, seen in Chromium).
 */
async function navigate({ request, url }: { request: Request; url: URL }): Promise<Response> {
  const pages = await prerenderIndex();
  if (!pages) return fetch(request);
  const { file } = pageFor(pages, { path: url.pathname, search: url.searchParams, cookieLocale: await chosenLocale(pages.localeCookie) });
  return (await matchPrecache(`/${file}`)) ?? fetch(request);
}

const takesOver = () => self.registration.waiting !== null && self.navigator.onLine;
// /api and the paths the server answers itself (spec §2: paths containing 'redirect'; the policy documents; the
// files of /assets and /icons, never a page, as server/spa.ts serves them) are the network's.
const NOT_PAGES = [/^\/api\//, /redirect/, /^\/policies\//, /^\/assets\//, /^\/icons\//];

self.addEventListener('fetch', (event) => {
  if (event.request.mode === 'navigate' && takesOver()) self.registration.waiting?.postMessage({ type: SW_MESSAGES.skipWaiting } satisfies SwMessage);
});
registerRoute(
  new Route(({ request, url }) => request.mode === 'navigate' && !NOT_PAGES.some((pattern) => pattern.test(url.pathname)) && !takesOver(), navigate),
);
