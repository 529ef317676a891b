/**
 * The composition root: CSP nonce for injected styles, the interface language, the API client, the session
 * actor (machines/session.machine.ts with src/actors/session.ts), the router with the route gate, then render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { gateFacts, isPending } from '../machines/session.selectors.ts';
import { createApi } from './api/client.ts';
import { createSessionLogic } from './actors/session.ts';
import { applyCspNonce } from './csp-nonce.ts';
import { SessionBridge } from './features/session/session-bridge.tsx';
import { syncDocumentLanguage } from './i18n/locale.ts';
import { getLocale } from './paraglide/runtime.js';
import { createAppRouter, type SessionActor } from './router.tsx';
import { storage } from './storage.ts';
import { toasts } from './ui/toast-store.ts';
import './styles/theme.css.ts';

// Before anything renders: Radix's scroll lock injects a <style> that must carry this response's nonce.
applyCspNonce();
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
  navigate: (to, { returnHere }) => {
    const here = app.router?.state.location.href;
    const href = returnHere && here ? `${to}?redirect=${encodeURIComponent(here)}` : to;
    void app.router?.navigate({ href });
  },
  reload: () => window.location.reload(),
});
const session = (app.session = createActor(logic).start());
const router = (app.router = createAppRouter({ api, session }));

// The gate runs again whenever what it looks at changes (sign-in, sign-out, a refreshed info). The first
// settled snapshot is no change: the navigation that waited for it applies the gate itself.
let lastFacts: string | null = null;
session.subscribe((snapshot) => {
  if (isPending(snapshot)) return;
  const facts = JSON.stringify(gateFacts(snapshot));
  const changed = lastFacts !== null && facts !== lastFacts;
  lastFacts = facts;
  if (changed) void router.invalidate();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionBridge session={session}>
      <RouterProvider router={router} />
    </SessionBridge>
  </StrictMode>,
);
