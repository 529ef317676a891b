import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { gateFacts, isPending } from '../machines/session.selectors.ts';
import { NotImplementedScreen } from './features/shell/not-implemented.tsx';
import type { RouterContext, SessionActor } from './router-context.ts';
import { routeTree } from './routeTree.gen.ts';

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

type Navigable = { state: { location: { href: string; pathname: string } }; navigate: (options: { href: string; replace?: boolean }) => Promise<void> };

/**
 * The session's `navigate` action on the router: `returnHere` asks /login to bring the worker back to the page
 * they are on (`/login?redirect=…`, spec §5 rule 1). Leaving /impersonate replaces its history entry: the back
 * button must not replay a one-time token (which would sign out the session it opened).
 */
export function sessionNavigator(router: () => Navigable | undefined) {
  return (to: string, { returnHere }: { returnHere?: boolean } = {}) => {
    const here = router()?.state.location;
    const href = returnHere && here ? `${to}?redirect=${encodeURIComponent(here.href)}` : to;
    void router()?.navigate({ href, replace: here?.pathname === '/impersonate' });
  };
}

/**
 * The gate runs again whenever what it looks at changes (sign-in, sign-out, a refreshed info). The first settled
 * snapshot is no change: the navigation that waited for it applies the gate itself. Returns the unsubscribe.
 */
export function rerunGateOnChange(session: SessionActor, router: { invalidate: () => Promise<void> }): () => void {
  let lastFacts: string | null = null;
  const subscription = session.subscribe((snapshot) => {
    if (isPending(snapshot)) return;
    const facts = JSON.stringify(gateFacts(snapshot));
    const changed = lastFacts !== null && facts !== lastFacts;
    lastFacts = facts;
    if (changed) void router.invalidate();
  });
  return () => subscription.unsubscribe();
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
