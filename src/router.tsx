import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { accessFacts, isPending } from '../machines/session.selectors.ts';
import { AppLayout } from './features/shell/app-layout.tsx';
import { NotImplementedScreen } from './features/shell/not-implemented.tsx';
import type { RouterContext, SessionActor } from './router-context.ts';
import { routeTree } from './routeTree.gen.ts';

/**
 * `history` is for tests and the prerender (a memory history); the browser's is the default. `isServer`: the build's
 * prerender (src/prerender/render.tsx) renders with the router's server code.
 */
export function createAppRouter(context: RouterContext, options: { history?: RouterHistory; isServer?: boolean } = {}) {
  const router = createRouter({
    routeTree,
    context,
    ...options,
    defaultPreload: 'intent',
    // Restoring the scroll position is the browser's work. Rendered by the router's server code it would be an inline
    // <script>, which the CSP refuses (docs/decisions/076-csp.md).
    scrollRestoration: options.isServer !== true,
    defaultNotFoundComponent: NotImplementedScreen,
    // The shell is around the routes, not one of them: it is there before the router has resolved a route (the frame
    // of a prerendered page), and stays the same element tree once it has (docs/decisions/100-prerendered-pages.md).
    InnerWrap: AppLayout,
  });
  // The pages are prerendered (src/prerender/render.tsx): the client renders the router's tree as its server code
  // does (no Suspense boundary of its own around the matches), so that React hydrates the same tree the build wrote.
  router.ssr = { manifest: undefined };
  return router;
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
 * The gate runs again whenever the stage it judges changes (sign-in, sign-out, a refreshed info). The first settled
 * snapshot is no change: the navigation that waited for it applies the gate itself. Returns the unsubscribe.
 */
export function rerunGateOnChange(session: SessionActor, router: { invalidate: () => Promise<void> }): () => void {
  let lastFacts: string | null = null;
  const subscription = session.subscribe((snapshot) => {
    if (isPending(snapshot)) return;
    const facts = accessFacts(snapshot).stage;
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
