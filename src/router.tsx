import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { Actor } from 'xstate';
import type { Api } from './api/client.ts';
import type { createSessionLogic } from './actors/session.ts';
import { NotImplementedScreen } from './features/shell/not-implemented.tsx';
import { routeTree } from './routeTree.gen.ts';

export type SessionActor = Actor<ReturnType<typeof createSessionLogic>>;

/**
 * What every route's `beforeLoad` and `loader` receive: the API client and the session actor. The route gate
 * of spec §5 runs in the root route's `beforeLoad` (src/routes/__root.tsx) before every route.
 */
export type RouterContext = {
  api: Api;
  session: SessionActor;
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
