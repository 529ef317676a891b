import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { NotImplementedScreen } from '../features/shell/not-implemented.tsx';
import type { RouterContext } from '../router-context.ts';
import { applyRouteGate } from './-gate.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The route gate of spec §5 runs before every page (public pages pass through it untouched).
  beforeLoad: ({ context, location, preload }) => applyRouteGate(context, location, preload),
  component: RootLayout,
  notFoundComponent: NotImplementedScreen,
});

function RootLayout() {
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  );
}
