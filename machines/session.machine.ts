/**
 * The session: who is signed in, and how far the gate of spec §5 lets them (DESIGN.md §3).
 *
 * restoring → signedOut ⇄ signingIn / impersonating → signedIn { arriving | loadingInfo → policiesRequired |
 * detailsRequired | detailsUnderReview | open } → loggingOut → signedOut (and a page reload).
 *
 * Invariants
 * - `user` is set exactly in `signedIn` and `loggingOut`; it is the user of spec §3 as the server sent it.
 * - In `signedIn`, `info` is the last general info read, or the EMPTY info object after a failed read
 *   (spec §3/§9: newAccount then counts as true and signatureStatus as 'rejected', see session.selectors.ts).
 * - The gate sub-state is always the first rule of §5 the info meets, so views and the route gate agree.
 * - The password never enters the context (it goes from the event straight into the `login` actor's input).
 *
 * The 401 rule (§8): the API layer toasts 'error_unauthorized' for every 401 and sends `session.unauthorized`;
 * this machine only signs out. It ignores the event unless signed in (a wrong password is a 401 too).
 *
 * `session.passwordChanged` (from the reset-password screen, machines/password-reset.machine.ts): a password set in
 * this browser revoked every session of the account on the server; signed in, the machine forgets its sign-in
 * without navigating (the reset flow shows the login page with its banner).
 *
 * Actors, actions and guards are described by the JSDoc on their setup() entries, which `npm run machines:docs`
 * lists in docs/machines/session.md (docs/decisions/070-machine-docs-generation.md).
 */
import { assign, fromPromise, setup } from 'xstate';
import { safeReturnUrl } from './route-gate.ts';

export type Locale = 'fr' | 'nl';

/** The current user of spec §3 (CurrentUser in openapi.yaml). */
export type CurrentUser = {
  token: string;
  username: string;
  locale: Locale;
  email: string;
  statute: 1 | 2 | 3;
  details: 0 | 1 | 2;
  signatureStatus: 0 | 1 | 2 | 3;
  newAccount: boolean;
  hasEmailBeenValidated: boolean;
  shouldRedirectToDetailsPage: boolean;
  blockAccessToDetailsPage: boolean;
  expiresAt: string;
};

/**
 * The general info (GeneralInfo in openapi.yaml). Every field is optional here because a failed read yields the
 * empty object `{}`; session.selectors.ts applies the defaults of §9.
 */
export type GeneralInfo = {
  /** The display name and address: the stored user does not keep them (docs/decisions/075). */
  username?: string;
  email?: string;
  agreedWithGdprPolicy?: boolean;
  agreedToLabourRegulations?: boolean;
  employeeDetailsStatus?: 'empty' | 'pending review' | 'validated';
  emailHasBeenValidated?: boolean;
  signatureStatus?: 'none' | 'pending review' | 'validated' | 'rejected';
  newAccount?: boolean;
  statute?: 1 | 2 | 3;
  hasAValidSignatureBeenCreated?: boolean;
};

export type ToastType = 'success' | 'danger' | 'warning' | 'info';
export type NotifyParams = { type: ToastType; msg: string };
export type NavigateParams = { to: string; returnHere?: boolean };

export type RestoreOutput = { user: CurrentUser | null; loggedOut: boolean };
export type LoginInput = { username: string; password: string; remember: boolean };

export type SessionContext = {
  user: CurrentUser | null;
  info: GeneralInfo | null;
  /** How the stored user must be kept (remember-me); impersonation is never remembered. */
  remember: boolean;
  /** Where the current sign-in lands once the info is read (the checked return URL, or '/'); null once signed out. */
  landing: string | null;
  /** The `code` of the last failed sign-in (e.g. 'unauthorized', 'too_many_attempts'), for the login view. */
  errorCode: string | null;
};

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string; remember: boolean; returnUrl?: string | null }
  | { type: 'session.impersonate'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' }
  | { type: 'session.refreshInfo' }
  | { type: 'session.policiesAgreed' }
  | { type: 'session.detailsSubmitted' }
  | { type: 'session.passwordChanged' };

/** The empty info object of §3/§9 (a failed info read). */
export const EMPTY_INFO: GeneralInfo = {};

/** The `code` of an API error (ApiError of openapi.yaml), when the rejection carries one. */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    tags: {} as 'pending' | 'busy',
    children: {} as {
      restoreUser: 'restoreUser';
      login: 'login';
      impersonate: 'impersonate';
      loadInfo: 'loadInfo';
      arrivalInfo: 'loadInfo';
      revokeToken: 'revokeToken';
    },
  },
  actors: {
    /** Reads the stored user when present and not expired (§9), and whether the page before this one logged out (the flag `rememberLoggedOutNotice` wrote; read AND removed, so the toast shows once). Output `{ user: CurrentUser | null; loggedOut: boolean }`. Rejects when a stored user is there but unreadable (another version's shape, a tampered entry): the machine then drops it. */
    restoreUser: fromPromise<RestoreOutput>(async () => {
      throw new Error('not provided: restoreUser');
    }),
    /** POST /auth/login. Input `{ username, password, remember }` (LoginRequest; username = e-mail). Output `CurrentUser`. Rejects on any failure (the API layer has already toasted it, §8). */
    login: fromPromise<CurrentUser, LoginInput>(async () => {
      throw new Error('not provided: login');
    }),
    /** GET /auth/impersonate. Input `{ token }`. Output `CurrentUser`. */
    impersonate: fromPromise<CurrentUser, { token: string }>(async () => {
      throw new Error('not provided: impersonate');
    }),
    /** GET /user/me/info. Output `GeneralInfo`; a rejection means "use the empty info". Invoked as `arrivalInfo` right after a sign-in (then the worker is sent to the return URL) and as `loadInfo` for a restored session and every refresh (no navigation). */
    loadInfo: fromPromise<GeneralInfo>(async () => {
      throw new Error('not provided: loadInfo');
    }),
    /** POST /auth/logout. Input `{ token }`. Its failure does not keep anyone signed in. */
    revokeToken: fromPromise<void, { token: string }>(async () => {
      throw new Error('not provided: revokeToken');
    }),
  },
  actions: {
    // Provided by the app.
    /** Provided by the app: a toast. Params `{ type: 'success'|'danger'|'warning'|'info', msg: <message key> }`. */
    notify: (_, _params: NotifyParams) => {},
    /** Provided by the app: router navigation. Params `{ to; returnHere? }`; with `returnHere` the app appends the current location as the return URL (`/login?redirect=…`). */
    navigate: (_, _params: NavigateParams) => {},
    /** Provided by the app: stores the user. Params `{ user, remember }` (§9: remember → 30 days; else for the browser session). */
    persistUser: (_, _params: { user: CurrentUser; remember: boolean }) => {},
    /** Provided by the app: stores the typed e-mail for one day (§9), to prefill the login form. Params `{ email }`. */
    rememberEmail: (_, _params: { email: string }) => {},
    /** Provided by the app: removes the stored user and every stored entry of the session (not the locale preference). */
    clearStoredUser: () => {},
    /** Provided by the app: switches the interface language to the user's. Params `{ locale: 'fr'|'nl' }`. */
    applyLocale: (_, _params: { locale: Locale }) => {},
    /** Provided by the app: persists (sessionStorage) the flag `restoreUser` reports after the reload. */
    rememberLoggedOutNotice: () => {},
    /** Provided by the app: reloads the page, so that nothing of the signed-out worker stays in memory. */
    reloadPage: () => {},
    // Internal.
    /** Keeps the signed-in user in context. */
    setUser: assign({ user: (_, params: { user: CurrentUser }) => params.user }),
    /** Keeps the general info just read. */
    setInfo: assign({ info: (_, params: { info: GeneralInfo }) => params.info }),
    /** A failed info read yields the empty info object (§3/§9). */
    useEmptyInfo: assign({ info: () => EMPTY_INFO }),
    /** Forgets user, info, landing and error code. */
    forgetSession: assign({ user: null, info: null, landing: null, errorCode: null }),
    /** Notes remember-me and where the sign-in lands (the checked return URL, or /); clears the last error. */
    startLogin: assign({
      remember: (_, params: { remember: boolean; returnUrl: string | null }) => params.remember,
      landing: (_, params: { remember: boolean; returnUrl: string | null }) => safeReturnUrl(params.returnUrl) ?? '/',
      errorCode: null,
    }),
    /** An impersonation is never remembered and lands on /. */
    startImpersonation: assign({ remember: false, landing: '/', errorCode: null }),
    /** Keeps the `code` of the failed sign-in (or 'unknown') for the login view. */
    setErrorCode: assign({ errorCode: (_, params: { error: unknown }) => errorCodeOf(params.error) ?? 'unknown' }),
  },
  guards: {
    /** The restore found a stored, unexpired user. */
    hasRestoredUser: (_, params: { output: RestoreOutput }) => params.output.user !== null,
    /** The page was reloaded by a logout (the notice flag was set). */
    justLoggedOut: (_, params: { output: RestoreOutput }) => params.output.loggedOut,
    /** Gate rule 2: the privacy policy and the labour regulations are not both agreed. */
    policiesMissing: (_, params: { info: GeneralInfo }) => !(params.info.agreedWithGdprPolicy === true && params.info.agreedToLabourRegulations === true),
    /** Gate rule 3: the details file is empty. */
    detailsEmpty: (_, params: { info: GeneralInfo }) => params.info.employeeDetailsStatus === 'empty',
    /** Gate rule 4: the details file is pending review. */
    detailsPendingReview: (_, params: { info: GeneralInfo }) => params.info.employeeDetailsStatus === 'pending review',
  },
}).createMachine({
  id: 'session',
  description: 'Who is signed in, and how far the gate of spec §5 lets them.',
  context: { user: null, info: null, remember: true, landing: null, errorCode: null },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'Reading the user kept in browser storage when the app starts (or after the logout reload).',
      tags: ['pending', 'busy'],
      invoke: {
        id: 'restoreUser',
        src: 'restoreUser',
        onDone: [
          {
            guard: { type: 'hasRestoredUser', params: ({ event }) => ({ output: event.output }) },
            target: 'signedIn',
            description: 'A stored, unexpired user: signed in again; the info is read afresh.',
            actions: { type: 'setUser', params: ({ event }) => ({ user: event.output.user! }) },
          },
          {
            guard: { type: 'justLoggedOut', params: ({ event }) => ({ output: event.output }) },
            target: 'signedOut',
            description: 'The page was reloaded by a logout: the "logged out" toast shows now, after the reload.',
            actions: { type: 'notify', params: { type: 'success', msg: 'auth_loggedOut' } },
          },
          { target: 'signedOut' },
        ],
        onError: {
          target: 'signedOut',
          description: 'Unreadable storage counts as nobody signed in; whatever is there is dropped.',
          actions: 'clearStoredUser',
        },
      },
      // No event is taken here: the router waits for the restore before it shows any page (the gate reads who is
      // signed in), so /impersonate asks only once the stored user is known: signedOut or signedIn take it.
    },

    signedOut: {
      description: 'Nobody is signed in: only the public pages (login, register, reset password) open.',
      initial: 'idle',
      states: {
        idle: { description: 'Waiting for credentials or an impersonation token.' },
        loginFailed: { description: 'The last login was refused (errorCode says why); the form can be sent again.' },
        impersonationFailed: { description: 'The impersonation token was refused (unknown, used or expired).' },
      },
      on: {
        'session.login': {
          target: 'signingIn',
          description: 'Login (§4) first clears the memory: the stored user and data of any previous session.',
          actions: [
            'clearStoredUser',
            'forgetSession',
            { type: 'rememberEmail', params: ({ event }) => ({ email: event.email }) },
            { type: 'startLogin', params: ({ event }) => ({ remember: event.remember, returnUrl: event.returnUrl ?? null }) },
          ],
        },
        'session.impersonate': {
          target: 'impersonating',
          actions: ['clearStoredUser', 'forgetSession', 'startImpersonation'],
        },
      },
    },

    signingIn: {
      description: 'The credentials are posted (POST /auth/login).',
      tags: ['pending', 'busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) =>
          event.type === 'session.login'
            ? { username: event.email, password: event.password, remember: event.remember }
            : { username: '', password: '', remember: false },
        onDone: {
          target: 'signedIn.arriving',
          description: 'Store the user (remember-me decides how long), take their language, greet them; then read the info.',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'persistUser', params: ({ context, event }) => ({ user: event.output, remember: context.remember }) },
            { type: 'applyLocale', params: ({ event }) => ({ locale: event.output.locale }) },
            { type: 'notify', params: { type: 'success', msg: 'auth_loggedIn' } },
          ],
        },
        onError: {
          target: 'signedOut.loginFailed',
          actions: ['forgetSession', { type: 'setErrorCode', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },

    impersonating: {
      description: 'Signing in with an impersonation token (GET /auth/impersonate); the session is never remembered.',
      tags: ['pending', 'busy'],
      invoke: {
        id: 'impersonate',
        src: 'impersonate',
        input: ({ event }) => ({ token: event.type === 'session.impersonate' ? event.token : '' }),
        onDone: {
          target: 'signedIn.arriving',
          actions: [
            { type: 'setUser', params: ({ event }) => ({ user: event.output }) },
            { type: 'persistUser', params: ({ event }) => ({ user: event.output, remember: false }) },
            { type: 'applyLocale', params: ({ event }) => ({ locale: event.output.locale }) },
            { type: 'notify', params: { type: 'success', msg: 'auth_loggedIn' } },
          ],
        },
        onError: {
          target: 'signedOut.impersonationFailed',
          actions: ['forgetSession', { type: 'setErrorCode', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },

    signedIn: {
      description: 'A user is signed in; the sub-state is the gate of spec §5 as the general info decides it.',
      initial: 'loadingInfo',
      states: {
        arriving: {
          description: 'Just signed in (login or impersonation): reading the info, then going to the return URL or / (§4 order), where the route gate judges the page with the info known.',
          tags: ['pending', 'busy'],
          invoke: {
            id: 'arrivalInfo',
            src: 'loadInfo',
            onDone: [
              {
                guard: { type: 'policiesMissing', params: ({ event }) => ({ info: event.output }) },
                target: 'policiesRequired',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }, { type: 'navigate', params: ({ context }) => ({ to: context.landing ?? '/' }) }],
              },
              {
                guard: { type: 'detailsEmpty', params: ({ event }) => ({ info: event.output }) },
                target: 'detailsRequired',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }, { type: 'navigate', params: ({ context }) => ({ to: context.landing ?? '/' }) }],
              },
              {
                guard: { type: 'detailsPendingReview', params: ({ event }) => ({ info: event.output }) },
                target: 'detailsUnderReview',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }, { type: 'navigate', params: ({ context }) => ({ to: context.landing ?? '/' }) }],
              },
              {
                target: 'open',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }, { type: 'navigate', params: ({ context }) => ({ to: context.landing ?? '/' }) }],
              },
            ],
            onError: {
              target: 'policiesRequired',
              description: 'A failed read yields the empty info object (§3/§9); the worker still lands (the gate then sends them to /policies).',
              actions: ['useEmptyInfo', { type: 'navigate', params: ({ context }) => ({ to: context.landing ?? '/' }) }],
            },
          },
        },
        loadingInfo: {
          description: 'Reading the general info (GET /user/me/info) of a restored session, or again after a change. The route guard waits (tag pending); views keep the previous info meanwhile.',
          tags: ['pending', 'busy'],
          invoke: {
            id: 'loadInfo',
            src: 'loadInfo',
            onDone: [
              {
                guard: { type: 'policiesMissing', params: ({ event }) => ({ info: event.output }) },
                target: 'policiesRequired',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }],
              },
              {
                guard: { type: 'detailsEmpty', params: ({ event }) => ({ info: event.output }) },
                target: 'detailsRequired',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }],
              },
              {
                guard: { type: 'detailsPendingReview', params: ({ event }) => ({ info: event.output }) },
                target: 'detailsUnderReview',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }],
              },
              {
                target: 'open',
                actions: [{ type: 'setInfo', params: ({ event }) => ({ info: event.output }) }],
              },
            ],
            onError: {
              target: 'policiesRequired',
              description: 'A failed read yields the empty info object (§3/§9): nothing is agreed, so the gate stops at the policies.',
              actions: ['useEmptyInfo'],
            },
          },
        },
        policiesRequired: {
          description: 'Gate rule 2: the privacy policy and the labour regulations are not both agreed; only /policies opens.',
        },
        detailsRequired: {
          description: 'Gate rule 3: the details file is empty; /policies, /employee-details and /home open.',
        },
        detailsUnderReview: {
          description: 'Gate rule 4: the file is under review; every page but /employee-details opens.',
        },
        open: {
          description: 'Nothing gates the worker: every page opens (menus still follow statute and newAccount).',
        },
      },
      on: {
        'session.refreshInfo': {
          target: '.loadingInfo',
          reenter: true,
          description: 'Read the info again (gate rule 4, or a view that knows it changed).',
        },
        'session.policiesAgreed': {
          target: '.loadingInfo',
          reenter: true,
          description: 'The policies view saved both agreements: the gate moves on.',
        },
        'session.detailsSubmitted': {
          target: '.loadingInfo',
          reenter: true,
          description: 'The details wizard submitted step 5: the file is now under review.',
        },
        'session.logout': { target: 'loggingOut' },
        'session.unauthorized': {
          target: 'signedOut',
          description: 'A call answered 401 (§8): the token is no longer valid. Sign out and ask for a login that returns here.',
          actions: ['clearStoredUser', 'forgetSession', { type: 'navigate', params: { to: '/login', returnHere: true } }],
        },
        'session.passwordChanged': {
          target: 'signedOut',
          description: 'A password was just set with a mail link in this browser: the server revoked every session of that account, so this one is forgotten here too. No navigation: the reset flow goes on to the login page.',
          actions: ['clearStoredUser', 'forgetSession'],
        },
        'session.impersonate': {
          target: 'impersonating',
          description: 'An impersonation link opened in a signed-in browser replaces the current session.',
          actions: ['clearStoredUser', 'forgetSession', 'startImpersonation'],
        },
      },
    },

    loggingOut: {
      description: 'Revoking the token on the server (POST /auth/logout) before forgetting it here.',
      tags: ['busy'],
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.user?.token ?? '' }),
        onDone: {
          target: 'signedOut',
          description: 'Logout (§4): clear, go to /login, reload; the toast shows after the reload (see restoring).',
          actions: ['clearStoredUser', 'forgetSession', { type: 'navigate', params: { to: '/login' } }, 'rememberLoggedOutNotice', 'reloadPage'],
        },
        onError: {
          target: 'signedOut',
          description: 'The server could not revoke the token (it expires by itself): the worker is signed out all the same.',
          actions: ['clearStoredUser', 'forgetSession', { type: 'navigate', params: { to: '/login' } }, 'rememberLoggedOutNotice', 'reloadPage'],
        },
      },
    },
  },
});
