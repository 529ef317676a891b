/**
 * Renders the real portal (route tree, shell, session view) at a path, with a memory history and an API
 * client that has no network: the shell tests and the literal-text check drive it like a worker would.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createApi } from '../../src/api/client.ts';
import { SessionViewProvider, signedOutView, type SessionView } from '../../src/features/session/session-view.tsx';
import { getLocale } from '../../src/paraglide/runtime.js';
import { createAppRouter } from '../../src/router.tsx';
import { toasts } from '../../src/ui/toast-store.ts';

export const offlineApi = () =>
  createApi({
    baseUrl: 'http://portal.test/api',
    fetch: () => Promise.reject(new TypeError('no network in component tests')),
    getToken: () => null,
    getLocale,
    onUnauthorized: () => {},
    notify: (notice) => toasts.show(notice),
  });

export async function renderApp({ path = '/home', view = signedOutView, onLogout = () => {} }: { path?: string; view?: SessionView; onLogout?: () => void } = {}) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ api: offlineApi() }, { history });
  const result = render(
    <SessionViewProvider view={view} onLogout={onLogout}>
      <RouterProvider router={router} />
    </SessionViewProvider>,
  );
  // Route components are split into chunks: wait until the screen's heading is there.
  await screen.findByRole('heading', { level: 1 });
  return { ...result, router, history };
}

/** Every combination of spec §6: signed out, and signed in × new account × statute. */
export const sessionViews: { name: string; view: SessionView }[] = [
  { name: 'signed out', view: signedOutView },
  ...([true, false] as const).flatMap((newAccount) =>
    ([
      [1, 'Employee'],
      [2, 'Student'],
      [3, 'Freelance'],
    ] as const).map(([statute, statuteName]) => ({
      name: `signed in, ${newAccount ? 'new account' : 'approved account'}, ${statuteName}`,
      view: { signedIn: true, username: 'Ada Lovelace', newAccount, statute },
    })),
  ),
];
