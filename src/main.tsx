/**
 * The composition root: the interface language, the API client, the session
 * actor (machines/session.machine.ts with src/actors/session.ts), the router with the route gate, then render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { createApi } from './api/client.ts';
import { createSessionLogic } from './actors/session.ts';
import { SessionBridge } from './features/shell/session-bridge.tsx';
import { syncDocumentLanguage } from './i18n/locale.ts';
import { getLocale } from './paraglide/runtime.js';
import type { SessionActor } from './router-context.ts';
import { createAppRouter, rerunGateOnChange, sessionNavigator } from './router.tsx';
import { storage } from './storage.ts';
import { toasts } from './ui/toast-store.ts';
import './styles/theme.css.ts';
import { devInspect } from './dev/inspector.ts';

syncDocumentLanguage();

// The client, the session and the router need each other (the token, the 401 rule of §8, navigation):
// each is reached through `app`, filled right below and used only after start.
const app: { session?: SessionActor; router?: ReturnType<typeof createAppRouter> } = {};
const api = createApi({
  getToken: () => app.session?.getSnapshot().context.user?.token,
  getLocale,
  onUnauthorized: () => app.session?.send({ type: 'session.unauthorized' }),
  notify: (notice) => toasts.show(notice),
});

const logic = createSessionLogic({
  api,
  store: storage,
  toasts,
  navigate: sessionNavigator(() => app.router),
  // The history entry of the navigation is written in a microtask (TanStack's browser history batches it): reload
  // after it, so that the page reloaded is the one the session navigated to (/login after a logout).
  reload: () => setTimeout(() => window.location.reload(), 0),
});
const session = (app.session = createActor(logic, { ...devInspect }).start());
const router = (app.router = createAppRouter({ api, session }));

rerunGateOnChange(session, router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionBridge session={session}>
      <RouterProvider router={router} />
    </SessionBridge>
  </StrictMode>,
);
