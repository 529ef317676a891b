import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundScreen } from '../features/shell/not-found.tsx';
import type { RouterContext } from '../router-context.ts';
import { isPublicPath } from '../../machines/page-access.ts';
import { applyRouteGate } from './-gate.ts';
import { countNotifications } from './-notification-count.ts';
import { countOffersOnce } from './-offer-count.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The route gate of spec §5 runs before every page (public pages pass through it untouched).
  beforeLoad: async ({ context, location, preload }) => {
    await applyRouteGate(context, location, preload);
    // The menu's count of open offers, for a first page that does not read the offers itself (shared when it does).
    if (!preload && !isPublicPath(location.pathname)) countOffersOnce(context);
    // The bell's count of unread notifications, after every page (it follows the events).
    if (!preload && !isPublicPath(location.pathname)) countNotifications(context, location.pathname);
  },
  // No component: the root renders its child route (an <Outlet />). The shell wraps the whole router (`InnerWrap`,
  // src/router.tsx), so that a prerendered page shows it before the route is known.
  // An unknown path: "page not found" (the spec's "Not implemented" screen is /dummy's).
  notFoundComponent: NotFoundScreen,
});
