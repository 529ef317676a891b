/**
 * The session: who is signed in, and how far the gate of spec §5 lets them (docs/conventions.md, Machines).
 *
 * restoring → signedOut ⇄ signingIn / impersonating → signedIn { arriving | loadingInfo → gate → policiesRequired |
 * detailsRequired | detailsUnderReview | open } → loggingOut → signedOut (and a page reload). `signedIn.gate` is
 * transient: it draws the four rules of §5 once, for every read of the info (sign-in, restore, refresh, failure).
 *
 * Invariants
 * - `user` is set exactly in `signedIn` and `loggingOut`; it is the user of spec §3 as the server sent it.
 * - In `signedIn`, `info` is the last general info read, or the EMPTY info object after a failed read
 *   (spec §3/§9: newAccount then counts as true and signatureStatus as 'rejected', see session.selectors.ts).
 * - The gate sub-state is always the first rule of §5 the info meets, so views and the route gate agree.
 * - The password never enters the context (it goes from the event straight into the `login` actor's input).
 * - `session.unauthorized` (the API layer's 401, §8) signs out only when signed in: a wrong password is a 401 too.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/session.md, decision 070); named implementations read
 * the event or the context themselves, so every reference in the config is static (decision 071). Types:
 * session.types.ts.
 */
import { assign, setup } from 'xstate';
import { errorCodeOf, errorOf, eventOf, notProvided, notProvidedAction, outputOf } from './invokes.ts';
import { safeReturnUrl } from './route-gate.ts';
import type { NotifyParams } from './notify.ts';
import { EMPTY_INFO, loginInputOf, restored, stageOf } from './session.types.ts';
import type { CurrentUser, GeneralInfo, LoginInput, NavigateParams, RestoreOutput, SessionContext, SessionEvent } from './session.types.ts';

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
    restoreUser: notProvided<RestoreOutput>('restoreUser'),
    /** POST /auth/login. Input `{ username, password, remember }` (LoginRequest; username = e-mail). Output `CurrentUser`. Rejects on any failure (the API layer has already toasted it, §8). */
    login: notProvided<CurrentUser, LoginInput>('login'),
    /** GET /auth/impersonate. Input `{ token }`. Output `CurrentUser`. */
    impersonate: notProvided<CurrentUser, { token: string }>('impersonate'),
    /** GET /user/me/info. Output `GeneralInfo`; a rejection means "use the empty info". Invoked as `arrivalInfo` right after a sign-in (then the worker is sent to the return URL) and as `loadInfo` for a restored session and every refresh (no navigation). */
    loadInfo: notProvided<GeneralInfo>('loadInfo'),
    /** POST /auth/logout. Input `{ token }`. Its failure does not keep anyone signed in. */
    revokeToken: notProvided<void, { token: string }>('revokeToken'),
  },
  actions: {
    /** Provided by the app: a toast. Params `{ type: 'success'|'danger'|'warning'|'info', msg: <message key> }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
    /** Provided by the app: router navigation. Params `{ to; returnHere? }`; with `returnHere` the app appends the current location as the return URL (`/login?redirect=…`). */
    navigate: notProvidedAction<NavigateParams>('navigate'),
    /** Provided by the app: router navigation to `context.landing`, where the sign-in lands (the checked return URL, or /). */
    goToLanding: notProvidedAction('goToLanding'),
    /** Provided by the app: stores `context.user`; `context.remember` says how long (§9: remember → 30 days; else for the browser session). */
    persistUser: notProvidedAction('persistUser'),
    /** Provided by the app: stores the e-mail of the `session.login` event for one day (§9), to prefill the login form. */
    rememberEmail: notProvidedAction('rememberEmail'),
    /** Provided by the app: removes the stored user and every stored entry of the session (not the locale preference). */
    clearStoredUser: notProvidedAction('clearStoredUser'),
    /** Provided by the app: switches the interface language to the user's (`context.user.locale`). */
    applyLocale: notProvidedAction('applyLocale'),
    /** Provided by the app: persists (sessionStorage) the flag `restoreUser` reports after the reload. */
    rememberLoggedOutNotice: notProvidedAction('rememberLoggedOutNotice'),
    /** Provided by the app: reloads the page, so that nothing of the signed-out worker stays in memory. */
    reloadPage: notProvidedAction('reloadPage'),
    /** Keeps the user the restore found. */
    keepRestoredUser: assign({ user: ({ event }) => restored(event).user }),
    /** Keeps the user the login or the impersonation answered. */
    keepUser: assign({ user: ({ event }) => outputOf<CurrentUser>(event, 'login', 'impersonate') }),
    /** Keeps the general info just read. */
    keepInfo: assign({ info: ({ event }) => outputOf<GeneralInfo>(event, 'arrivalInfo', 'loadInfo') }),
    /** A failed info read yields the empty info object (§3/§9). */
    useEmptyInfo: assign({ info: () => EMPTY_INFO }),
    /** Forgets user, info, landing and error code. */
    forgetSession: assign({ user: null, info: null, landing: null, errorCode: null }),
    /** Notes the login's remember-me and where it lands (its return URL once checked, or /); clears the last error. */
    startLogin: assign(({ event }) => {
      const { remember, returnUrl } = eventOf(event, 'session.login');
      return { remember, landing: safeReturnUrl(returnUrl ?? null) ?? '/', errorCode: null };
    }),
    /** An impersonation is never remembered and lands on /. */
    startImpersonation: assign({ remember: false, landing: '/', errorCode: null }),
    /** Keeps the `code` of the failed sign-in (or 'unknown') for the login view. */
    keepErrorCode: assign({ errorCode: ({ event }) => errorCodeOf(errorOf(event, 'login', 'impersonate')) ?? 'unknown' }),
  },
  guards: {
    /** The restore found a stored, unexpired user. */
    hasRestoredUser: ({ event }) => restored(event).user !== null,
    /** The page was reloaded by a logout (the notice flag was set). */
    justLoggedOut: ({ event }) => restored(event).loggedOut,
    /** Gate rule 2: the privacy policy and the labour regulations are not both agreed (in `context.info`). */
    policiesMissing: ({ context }) => stageOf(context) === 'policiesRequired',
    /** Gate rule 3: the details file is empty. */
    detailsEmpty: ({ context }) => stageOf(context) === 'detailsRequired',
    /** Gate rule 4: the details file is pending review. */
    detailsPendingReview: ({ context }) => stageOf(context) === 'detailsUnderReview',
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
          { guard: 'hasRestoredUser', target: 'signedIn', description: 'A stored, unexpired user: the info is read afresh.', actions: 'keepRestoredUser' },
          { guard: 'justLoggedOut', target: 'signedOut', actions: { type: 'notify', params: { type: 'success', msg: 'auth_loggedOut' } } },
          { target: 'signedOut' },
        ],
        onError: { target: 'signedOut', description: 'Unreadable storage: nobody signed in; whatever is there is dropped.', actions: 'clearStoredUser' },
      },
      // No event is taken here: the router shows no page before the restore ends (/impersonate included).
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
          description: 'Login (§4) first clears the stored user and data of any previous session.',
          actions: ['clearStoredUser', 'forgetSession', 'rememberEmail', 'startLogin'],
        },
        'session.impersonate': { target: 'impersonating', actions: ['clearStoredUser', 'forgetSession', 'startImpersonation'] },
      },
    },
    signingIn: {
      description: 'The credentials are posted (POST /auth/login).',
      tags: ['pending', 'busy'],
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => loginInputOf(event),
        onDone: { target: 'signedIn.arriving', actions: 'keepUser' },
        onError: { target: 'signedOut.loginFailed', actions: ['forgetSession', 'keepErrorCode'] },
      },
    },
    impersonating: {
      description: 'Signing in with an impersonation token (GET /auth/impersonate); the session is never remembered.',
      tags: ['pending', 'busy'],
      invoke: {
        id: 'impersonate',
        src: 'impersonate',
        input: ({ event }) => ({ token: eventOf(event, 'session.impersonate').token }),
        onDone: { target: 'signedIn.arriving', actions: 'keepUser' },
        onError: { target: 'signedOut.impersonationFailed', actions: ['forgetSession', 'keepErrorCode'] },
      },
    },
    signedIn: {
      description: 'A user is signed in; the sub-state is the gate of spec §5 as the general info decides it.',
      initial: 'loadingInfo',
      states: {
        arriving: {
          description:
            'Just signed in (login or impersonation): the user is stored (remember-me decides how long), their language taken and they are greeted; then the info is read, and only then the worker goes to the return URL or / (§4 order), where the route gate judges the page with the info known.',
          tags: ['pending', 'busy'],
          entry: ['persistUser', 'applyLocale', { type: 'notify', params: { type: 'success', msg: 'auth_loggedIn' } }],
          invoke: {
            id: 'arrivalInfo',
            src: 'loadInfo',
            onDone: { target: 'gate', actions: ['keepInfo', 'goToLanding'] },
            onError: { target: 'gate', description: 'The empty info of §3/§9; the worker still lands.', actions: ['useEmptyInfo', 'goToLanding'] },
          },
        },
        loadingInfo: {
          description: 'Reading the general info (GET /user/me/info) of a restored session, or after a change; views keep the previous info meanwhile.',
          tags: ['pending', 'busy'],
          invoke: {
            id: 'loadInfo',
            src: 'loadInfo',
            onDone: { target: 'gate', actions: 'keepInfo' },
            onError: { target: 'gate', description: 'The empty info of §3/§9: the gate stops at the policies.', actions: 'useEmptyInfo' },
          },
        },
        gate: {
          description: 'Transient: the first rule of §5 the info meets decides where the worker stands (drawn once for every read of the info).',
          always: [
            { guard: 'policiesMissing', target: 'policiesRequired' },
            { guard: 'detailsEmpty', target: 'detailsRequired' },
            { guard: 'detailsPendingReview', target: 'detailsUnderReview' },
            { target: 'open' },
          ],
        },
        policiesRequired: { description: 'Gate rule 2: the privacy policy and the labour regulations are not both agreed; only /policies opens.' },
        detailsRequired: { description: 'Gate rule 3: the details file is empty; /policies, /employee-details and /home open.' },
        detailsUnderReview: { description: 'Gate rule 4: the file is under review; every page but /employee-details opens.' },
        open: { description: 'Nothing gates the worker: every page opens (menus still follow statute and newAccount).' },
      },
      on: {
        'session.refreshInfo': { target: '.loadingInfo', reenter: true, description: 'Read the info again (gate rule 4, or a view that knows it changed).' },
        'session.policiesAgreed': { target: '.loadingInfo', reenter: true, description: 'The policies view saved both agreements: the gate moves on.' },
        'session.detailsSubmitted': { target: '.loadingInfo', reenter: true, description: 'The wizard submitted step 5: the file is under review.' },
        'session.logout': { target: 'loggingOut' },
        'session.unauthorized': {
          target: 'signedOut',
          description: 'A call answered 401 (§8): signed out, and a login that returns here.',
          actions: ['clearStoredUser', 'forgetSession', { type: 'navigate', params: { to: '/login', returnHere: true } }],
        },
        'session.passwordChanged': {
          target: 'signedOut',
          description: 'A password set here with a mail link revoked every session of the account: this one goes too (the reset flow goes on).',
          actions: ['clearStoredUser', 'forgetSession'],
        },
        'session.impersonate': {
          target: 'impersonating',
          description: 'An impersonation link in a signed-in browser replaces the session.',
          actions: ['clearStoredUser', 'forgetSession', 'startImpersonation'],
        },
      },
    },
    loggingOut: {
      description: 'Revoking the token (POST /auth/logout), then, whatever the answer, signing out (§4): clear, /login, reload; the toast shows after it.',
      tags: ['busy'],
      // On exit, because both outcomes sign out alike (and nothing else leaves this state).
      exit: ['clearStoredUser', 'forgetSession', { type: 'navigate', params: { to: '/login' } }, 'rememberLoggedOutNotice', 'reloadPage'],
      invoke: {
        id: 'revokeToken',
        src: 'revokeToken',
        input: ({ context }) => ({ token: context.user?.token ?? '' }),
        onDone: { target: 'signedOut' },
        onError: { target: 'signedOut', description: 'The server could not revoke the token (it expires by itself): signed out all the same.' },
      },
    },
  },
});
