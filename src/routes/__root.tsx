import { createRootRouteWithContext } from '@tanstack/react-router';
import { NotFoundScreen } from '../features/shell/not-found.tsx';
import type { RouterContext } from '../router-context.ts';
import { isPublicPath } from '../../machines/page-access.ts';
import { applyRouteGate } from './-gate.ts';
import { countOffersOnce } from './-offer-count.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The route gate of spec §5 runs before every page (public pages pass through it untouched).
  beforeLoad: async ({ context, location, preload }) => {
    await applyRouteGate(context, location, preload);
    // The menu's count of open offers, for a first page that does not read the offers itself (shared when it does).
    if (!preload && !isPublicPath(location.pathname)) countOffersOnce(context);
    // The bell's count of unread notifications, after every page (it follows the events), and the menu's count of
    // replies not read, likewise (docs/decisions/270-conversations.md). Read on signed-in pages only, their code comes
    // in chunks of their own: a public page's first load (/login, §11's budget) carries none of it.
    if (!preload && !isPublicPath(location.pathname)) {
      const { pathname } = location;
      void import('./-notification-count.ts').then((bell) => bell.countNotifications(context, pathname));
      void import('./-conversation-count.ts').then((conversations) => conversations.countConversations(context));
    }
  },
  // No component: the root renders its child route (an <Outlet />). The shell wraps the whole router (`InnerWrap`,
  // src/router.tsx), so that a prerendered page shows it before the route is known.
  // An unknown path: "page not found" (the spec's "Not implemented" screen is /dummy's).
  notFoundComponent: NotFoundScreen,
});
