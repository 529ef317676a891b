// @vitest-environment jsdom
/**
 * The banners of spec §2 follow the worker wherever the route gate sends them: a new account that opens its
 * validation link while signed in lands on the policies (§5 rule 2), and the "e-mail validated" banner shows there.
 */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { GeneralInfo, RestoreOutput } from '../../machines/session.types.ts';
import { isPending } from '../../machines/session.selectors.ts';
import { SessionBridge } from '../../src/features/shell/session-bridge.tsx';
import { m } from '../../src/paraglide/messages.js';
import { createAppRouter } from '../../src/router.tsx';
import { offlineApi } from '../support/render-app.tsx';

async function newAccountSignedIn() {
  const logic = sessionMachine.provide({
    actors: {
      restoreUser: fromPromise<RestoreOutput>(async () => ({
        user: {
          token: 'test-token-0123456789',
          username: 'Lotte Peeters',
          locale: 'fr',
          email: 'lotte@example.be',
          statute: 1,
          details: 0,
          signatureStatus: 0,
          newAccount: true,
          hasEmailBeenValidated: false,
          shouldRedirectToDetailsPage: true,
          blockAccessToDetailsPage: false,
          expiresAt: '2099-01-01T00:00:00.000Z',
        },
        loggedOut: false,
      })),
      loadInfo: fromPromise<GeneralInfo>(async () => ({
        agreedWithGdprPolicy: false,
        agreedToLabourRegulations: false,
        employeeDetailsStatus: 'empty',
        emailHasBeenValidated: true,
      })),
    },
  });
  const session = createActor(logic).start();
  await waitFor(session, (s) => !isPending(s));
  return session;
}

describe('banners after a redirect of the route gate', () => {
  it('shows "e-mail validated" on the policies page a new account is sent to', async () => {
    const session = await newAccountSignedIn();
    const router = createAppRouter({ api: offlineApi(), session }, { history: createMemoryHistory({ initialEntries: ['/home?emailHasBeenValidated'] }) });
    const { container } = render(
      <SessionBridge session={session}>
        <RouterProvider router={router} />
      </SessionBridge>,
    );
    await screen.findByRole('heading', { level: 1, name: m.policies_title() });
    expect(router.state.location.pathname).toBe('/policies');
    const banners = [...container.querySelectorAll('[data-banner]')].map((b) => [b.getAttribute('data-banner'), b.textContent]);
    expect(banners).toEqual([['success', `${m.ui_kindSuccess()} ${m.banner_emailHasBeenValidated()}`]]);
  });
});
