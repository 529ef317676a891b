/**
 * The types every route and view shares: the session actor and the router's context. They live apart from
 * src/router.tsx, which imports the route tree (and through it every route and feature): a route or a view that
 * took its types from there would close an import circle (docs/decisions/155-feature-boundaries.md). This module
 * imports types only, and nothing of the routes; the lint keeps features and routes away from src/router.tsx.
 */
import type { SessionActor } from '../machines/session.selectors.ts';
import type { Api } from './api/client.ts';

/** The session actor's type lives beside its selectors (machines/session.selectors.ts); routes and views take it here. */
export type { SessionActor };

/**
 * What every route's `beforeLoad` and `loader` receive: the API client and the session actor. The route gate
 * of spec §5 runs in the root route's `beforeLoad` (src/routes/__root.tsx) before every route.
 */
export type RouterContext = {
  api: Api;
  session: SessionActor;
};
