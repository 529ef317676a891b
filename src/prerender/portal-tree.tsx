import { StrictMode, useLayoutEffect } from 'react';
import { RouterProvider } from '@tanstack/react-router';
import { SessionBridge } from '../features/shell/session-bridge.tsx';
import type { SessionView } from '../features/shell/session-view.tsx';
import type { SessionActor } from '../router-context.ts';
import type { createAppRouter } from '../router.tsx';
import { Prerendering } from '../ui/prerendering.ts';
import { settleSubmits } from './held-submits.ts';

/**
 * The portal's element tree, one for the build's prerender (src/prerender/render.tsx) and the browser (src/app.tsx):
 * React hydrates a page only if both render the same tree. `prerenderedView`: the session view the page was written
 * with (session-bridge.tsx). `prerendering`: the build's render (the HTML's submit buttons wait for the entry).
 */
export function PortalTree({
  session,
  router,
  prerenderedView,
  prerendering = false,
}: {
  session: SessionActor;
  router: ReturnType<typeof createAppRouter>;
  prerenderedView: SessionView;
  prerendering?: boolean;
}) {
  // Once React has the page (its first commit, hydrated or rendered): the held forms it replaced are forgotten, and
  // the entry stops holding submits when no held form is left (docs/decisions/224-held-submits.md).
  useLayoutEffect(settleSubmits, []);
  return (
    <StrictMode>
      <Prerendering value={prerendering}>
        <SessionBridge session={session} prerenderedView={prerenderedView}>
          <RouterProvider router={router} />
        </SessionBridge>
      </Prerendering>
    </StrictMode>
  );
}
