// @vitest-environment jsdom
/** Hovering a link preloads its route, which runs the gate: the gate then decides but tells nobody. */
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { GeneralInfo, RestoreOutput } from '../../machines/session.types.ts';
import { isPending } from '../../machines/session.selectors.ts';
import { createAppRouter } from '../../src/router.tsx';
import { toasts } from '../../src/ui/toast-store.ts';
import { offlineApi } from '../support/render-app.tsx';

async function workerWithoutPolicies() {
  const logic = sessionMachine.provide({
    actors: {
      restoreUser: fromPromise<RestoreOutput>(async () => ({
        user: {
          token: 'test-token-0123456789',
          username: 'Ada Lovelace',
          locale: 'fr',
          email: 'ada@example.be',
          statute: 1,
          details: 0,
          signatureStatus: 0,
          newAccount: true,
          hasEmailBeenValidated: true,
          shouldRedirectToDetailsPage: true,
          blockAccessToDetailsPage: false,
          expiresAt: '2099-01-01T00:00:00.000Z',
        },
        loggedOut: false,
      })),
      loadInfo: fromPromise<GeneralInfo>(async () => ({ agreedWithGdprPolicy: false, agreedToLabourRegulations: false, employeeDetailsStatus: 'empty' })),
    },
  });
  const session = createActor(logic).start();
  await waitFor(session, (s) => !isPending(s));
  return session;
}

describe('the route gate on preload', () => {
  beforeEach(() => toasts.clear());

  it('shows no warning when a gated page is only preloaded, and one when the worker goes there', async () => {
    const session = await workerWithoutPolicies();
    const router = createAppRouter({ api: offlineApi(), session }, { history: createMemoryHistory({ initialEntries: ['/policies'] }) });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1 });

    await router.preloadRoute({ to: '/planning' }).catch(() => undefined);
    expect(toasts.getSnapshot()).toEqual([]);

    await router.navigate({ to: '/planning' });
    expect(router.state.location.pathname).toBe('/policies');
    expect(toasts.getSnapshot().map((t) => ('key' in t ? t.key : t.text))).toEqual(['general_policiesNotAgreedTo']);
  });
});
