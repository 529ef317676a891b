import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { Api } from './api/client.ts';
import { NotImplementedScreen } from './features/shell/not-implemented.tsx';
import { routeTree } from './routeTree.gen.ts';

/**
 * What every route's `beforeLoad` and `loader` receive. Issue 4 adds the session actor here; the route gate
 * of spec §5 then plugs into the root route's `beforeLoad` (src/routes/__root.tsx), which runs before every
 * route: it waits for the session to settle, calls the pure gate function of machines/ and throws
 * `redirect(...)` with the warning toast it names.
 */
export type RouterContext = {
  api: Api;
};

/** `history` is for tests (a memory history); the browser's is the default. */
export function createAppRouter(context: RouterContext, options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    context,
    ...options,
    defaultPreload: 'intent',
    scrollRestoration: true,
    defaultNotFoundComponent: NotImplementedScreen,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
