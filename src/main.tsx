/**
 * The composition root: CSP nonce for injected styles, the interface language, the API client, the router,
 * the session view (signed out until issue 4 feeds it from the session machine), then render.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createApi } from './api/client.ts';
import { applyCspNonce } from './csp-nonce.ts';
import { signedOutView, SessionViewProvider } from './features/session/session-view.tsx';
import { syncDocumentLanguage } from './i18n/locale.ts';
import { getLocale } from './paraglide/runtime.js';
import { createAppRouter } from './router.tsx';
import { toasts } from './ui/toast-store.ts';
import './styles/theme.css.ts';

// Before anything renders: Radix's scroll lock injects a <style> that must carry this response's nonce.
applyCspNonce();

syncDocumentLanguage();

const api = createApi({
  getToken: () => null,
  getLocale,
  onUnauthorized: () => {},
  notify: (notice) => toasts.show(notice),
});
const router = createAppRouter({ api });
const logout = () => {};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SessionViewProvider view={signedOutView} onLogout={logout}>
      <RouterProvider router={router} />
    </SessionViewProvider>
  </StrictMode>,
);
