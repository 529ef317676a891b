import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { NotFoundScreen } from '../features/shell/not-found.tsx';
import type { RouterContext } from '../router-context.ts';
import { applyRouteGate } from './-gate.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The route gate of spec §5 runs before every page (public pages pass through it untouched).
  beforeLoad: ({ context, location, preload }) => applyRouteGate(context, location, preload),
  component: RootLayout,
  // An unknown path: "page not found" (the spec's "Not implemented" screen is /dummy's).
  notFoundComponent: NotFoundScreen,
});

function RootLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
