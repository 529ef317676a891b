import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/app-layout.tsx';
import { NotImplementedScreen } from '../features/shell/not-implemented.tsx';
import type { RouterContext } from '../router.tsx';

export const Route = createRootRouteWithContext<RouterContext>()({
  // The route gate of spec §5 goes here (issue 4): `beforeLoad: ({ context, location }) => …`.
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
