/**
 * Renders the real portal (route tree, shell, session view) at a path, with a memory history and an API
 * client that has no network: the shell tests and the literal-text check drive it like a worker would.
 */
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { CurrentUser, GeneralInfo, RestoreOutput } from '../../machines/session.types.ts';
import { isPending } from '../../machines/session.selectors.ts';
import { createApi } from '../../src/api/client.ts';
import { SessionBridge } from '../../src/features/shell/session-bridge.tsx';
import { getLocale } from '../../src/paraglide/runtime.js';
import { createAppRouter } from '../../src/router.tsx';
import { toasts } from '../../src/ui/toast-store.ts';
import { brusselsToday } from '#domain/period.ts';

/**
 * What the offline API answers (method + path → JSON body); anything else fails as if the network were down.
 * By default the lists the home screen reads answer empty, so a signed-in /home is quiet (no error toast).
 */
export type OfflineAnswers = Record<string, unknown>;
const [YEAR, MONTH] = brusselsToday(new Date()).split('-').map(Number) as [number, number];
/** The month the home screen's availability part reads (the current one, §2.5). */
export const CURRENT_MONTH_AVAILABILITY = { path: `/user/me/availabilities/${YEAR}/${MONTH}`, json: { year: YEAR, month: MONTH, weeks: [] } };
export const HOME_ANSWERS: OfflineAnswers = {
  'GET /api/user/me/upcoming-planning': [],
  'GET /api/user/me/documents/documents-to-sign': [],
  'GET /api/user/me/absences': [],
  [`GET /api${CURRENT_MONTH_AVAILABILITY.path}`]: CURRENT_MONTH_AVAILABILITY.json,
  'GET /api/user/me/offers': [],
  'GET /api/user/me/hours/summary': { toConfirm: 0, nextDeadline: null, confirmWindowHours: 48, studentYear: null },
};

export const offlineApi = (answers: OfflineAnswers = HOME_ANSWERS) =>
  createApi({
    baseUrl: 'http://portal.test/api',
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const key = `${request.method} ${new URL(request.url).pathname}`;
      if (key in answers) return new Response(JSON.stringify(answers[key]), { status: 200, headers: { 'Content-Type': 'application/json' } });
      throw new TypeError('no network in component tests');
    },
    getToken: () => null,
    getLocale,
    onUnauthorized: () => {},
    notify: (notice) => toasts.show(notice),
  });

/**
 * The worker a test signs in (spec §6: signed out, or signed in × new account × statute). The shell's menus come
 * from the real session's selectors, so a test states the account, not the menu.
 */
export type TestAccount = { signedIn: false } | { signedIn: true; username: string; newAccount: boolean; statute: 1 | 2 | 3; supportSession?: boolean };
export const signedOut: TestAccount = { signedIn: false };

/**
 * A real session actor that restores the worker `view` describes: signed out, or signed in with both policies
 * agreed and an approved file (so the route gate lets every page through) and the view's account flags.
 * `onLogout` is called when the worker asks to log out.
 */
export async function testSession(view: TestAccount, onLogout: () => void = () => {}) {
  const user: CurrentUser | null = view.signedIn
    ? {
        token: 'test-token-0123456789',
        username: view.username,
        locale: 'fr',
        email: 'ada@example.be',
        statute: view.statute,
        details: 2,
        signatureStatus: 2,
        newAccount: view.newAccount,
        hasEmailBeenValidated: true,
        shouldRedirectToDetailsPage: false,
        blockAccessToDetailsPage: false,
        expiresAt: '2099-01-01T00:00:00.000Z',
      }
    : null;
  const info: GeneralInfo = {
    agreedWithGdprPolicy: true,
    agreedToLabourRegulations: true,
    employeeDetailsStatus: 'validated',
    emailHasBeenValidated: true,
    signatureStatus: 'validated',
    newAccount: view.signedIn ? view.newAccount : true,
    statute: view.signedIn ? view.statute : 1,
    hasAValidSignatureBeenCreated: true,
    supportSession: view.signedIn && view.supportSession === true,
  };
  const logic = sessionMachine.provide({
    actors: {
      restoreUser: fromPromise<RestoreOutput>(async () => ({ user, loggedOut: false })),
      loadInfo: fromPromise(async () => info),
      revokeToken: fromPromise(async () => onLogout()),
    },
    // The rendered app keeps nothing in storage and never reloads; the router's own navigation follows the gate.
    // Each action the app must supply is supplied (unsupplied, it throws: decision 229), doing nothing here.
    actions: Object.fromEntries(
      ['notify', 'navigate', 'goToLanding', 'persistUser', 'rememberEmail', 'clearStoredUser', 'applyLocale', 'rememberLoggedOutNotice', 'reloadPage'].map(
        (name) => [name, () => {}],
      ),
    ),
  });
  const session = createActor(logic).start();
  await waitFor(session, (s) => !isPending(s));
  return session;
}

export async function renderApp({
  path = '/home',
  view = signedOut,
  onLogout = () => {},
  answers,
}: {
  path?: string;
  view?: TestAccount;
  onLogout?: () => void;
  answers?: OfflineAnswers;
} = {}) {
  const history = createMemoryHistory({ initialEntries: [path] });
  const session = await testSession(view, onLogout);
  const router = createAppRouter({ api: offlineApi(answers), session }, { history });
  const result = render(
    <SessionBridge session={session}>
      <RouterProvider router={router} />
    </SessionBridge>,
  );
  // Route components are split into chunks: wait until the screen's heading is there.
  await screen.findByRole('heading', { level: 1 });
  return { ...result, router, history };
}

/** Every combination of spec §6: signed out, and signed in × new account × statute. */
export const sessionViews: { name: string; view: TestAccount }[] = [
  { name: 'signed out', view: signedOut },
  ...([true, false] as const).flatMap((newAccount) =>
    (
      [
        [1, 'Employee'],
        [2, 'Student'],
        [3, 'Freelance'],
      ] as const
    ).map(([statute, statuteName]) => ({
      name: `signed in, ${newAccount ? 'new account' : 'approved account'}, ${statuteName}`,
      view: { signedIn: true as const, username: 'Ada Lovelace', newAccount, statute },
    })),
  ),
];
