import { StrictMode } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { SessionBridge } from '../features/shell/session-bridge.tsx';
import type { SessionView } from '../features/shell/session-view.tsx';
import type { SessionActor } from '../router-context.ts';
import type { createAppRouter } from '../router.tsx';

/**
 * The portal's element tree, one for the build's prerender (src/prerender/render.tsx) and the browser (src/app.tsx):
 * React hydrates a page only if both render the same tree. `prerenderedView`: the session view the page was written
 * with (session-bridge.tsx).
 */
export function PortalTree({
  session,
  router,
  prerenderedView,
}: {
  session: SessionActor;
  router: ReturnType<typeof createAppRouter>;
  prerenderedView: SessionView;
}) {
  return (
    <StrictMode>
      <SessionBridge session={session} prerenderedView={prerenderedView}>
        <RouterProvider router={router} />
      </SessionBridge>
    </StrictMode>
  );
}
