import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundScreen } from '../features/shell/not-found.tsx';
import type { RouterContext } from '../router-context.ts';
import { applyRouteGate } from './-gate.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The route gate of spec §5 runs before every page (public pages pass through it untouched).
  beforeLoad: ({ context, location, preload }) => applyRouteGate(context, location, preload),
  // No component: the root renders its child route (an <Outlet />). The shell wraps the whole router (`InnerWrap`,
  // src/router.tsx), so that a prerendered page shows it before the route is known.
  // An unknown path: "page not found" (the spec's "Not implemented" screen is /dummy's).
  notFoundComponent: NotFoundScreen,
});
