/**
 * What the page and the service worker (src/sw/sw.ts) say to each other with `postMessage`
 * (docs/decisions/240-service-worker.md): a waiting build is asked to take over; the worker is told the language the
 * worker chose, for the navigations it answers while the page is closed.
 */
export const SW_MESSAGES = { skipWaiting: 'portal.skipWaiting', locale: 'portal.locale' } as const;

export type SwMessage = { type: typeof SW_MESSAGES.skipWaiting } | { type: typeof SW_MESSAGES.locale; locale: string };
