import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import { effectiveInfo, gateDecision, gateState, hasValidSignature, homeNotices, loginError, menu } from '../../machines/session.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INFO, INTERNAL_ERROR, USER, apiError } from './fixtures/api.ts';
import { PASSWORD, RETURN_URL, sessionExpected as expected, sessionFixtures, sessionKey } from './fixtures/session.ts';

type M = typeof sessionMachine;
type Snap = SnapshotFrom<M>;
const fixtures = sessionFixtures;
const key = sessionKey;

const ACTORS = ['restoreUser', 'login', 'impersonate', 'loadInfo', 'revokeToken'] as const;
const ACTIONS = [
  'notify',
  'navigate',
  'goToLanding',
  'persistUser',
  'rememberEmail',
  'clearStoredUser',
  'applyLocale',
  'rememberLoggedOutNotice',
  'reloadPage',
] as const;
type Action = (typeof ACTIONS)[number];
const harness = () => createHarness(sessionMachine, { actors: ACTORS, actions: ACTIONS });

const paths = MODELS.session.runs()[0]!.paths;

/** The pages of the signed-in menus, in order. */
const menuPaths = (s: Snap) => {
  const { main, user } = menu(s);
  return { main: main.map((page) => page.path), user: user.map((page) => page.path) };
};

/** Per walked path: how many navigations had happened before the current step. */
const navigationsBefore = new WeakMap<object, number>();

/** What the provided actions were asked to do, as the app reads it (context and event at the call). */
const persisted = (h: Harness<M, Action>) => h.argsOf('persistUser').map(({ context }) => ({ user: context.user, remember: context.remember }));
const localesApplied = (h: Harness<M, Action>) => h.argsOf('applyLocale').map(({ context }) => ({ locale: context.user?.locale }));
const emailsRemembered = (h: Harness<M, Action>) => h.argsOf('rememberEmail').map(({ event }) => ({ email: (event as { email?: string }).email }));
/** Every navigation, in order: `navigate` with its params, `goToLanding` to the landing it read. */
const navigations = (h: Harness<M, Action>) =>
  [
    ...h.spies.navigate.mock.calls.map((call, i) => ({ order: h.spies.navigate.mock.invocationCallOrder[i]!, to: call[1] })),
    ...h.spies.goToLanding.mock.calls.map((call, i) => ({
      order: h.spies.goToLanding.mock.invocationCallOrder[i]!,
      to: { to: (call[0] as { context: { landing: string | null } }).context.landing },
    })),
  ]
    .sort((a, b) => a.order - b.order)
    .map(({ to }) => to);

/** Assertions after every step of every path: the invariants of the machine header and the effects of the step. */
function check(actual: Snap, _expected: unknown, h: Harness<M, Action>, event: { type: string }) {
  const signedIn = actual.matches('signedIn') || actual.matches('loggingOut');
  expect(actual.context.user !== null).toBe(signedIn);
  expect(JSON.stringify(actual.context)).not.toContain(PASSWORD);

  // The gate state and the route gate agree on every page.
  const gate = gateState(actual);
  const at = (pathname: string) => gateDecision(actual, { pathname, href: pathname });
  if (gate === 'policiesRequired') expect(at('/home')).toMatchObject({ redirect: '/policies' });
  if (gate === 'detailsRequired') expect([at('/home'), at('/planning')]).toMatchObject([{ allow: true }, { redirect: '/employee-details' }]);
  if (gate === 'detailsUnderReview') expect([at('/user/reset-password'), at('/employee-details')]).toMatchObject([{ allow: true }, { redirect: '/home' }]);
  // Past the gate, the accounts of §6: a new account is sent home from the planning with the server's words.
  if (gate === 'detailsUnderReview' || gate === 'open') {
    expect(at('/planning')).toEqual(
      effectiveInfo(actual).newAccount ? { allow: false, redirect: '/home', warning: 'apiError_account_not_approved' } : { allow: true },
    );
  }
  if (gate === 'open') expect(at('/employee-details')).toEqual({ allow: true });
  if (!signedIn) expect(at('/home')).toMatchObject({ redirect: '/login' });

  const last = (action: Action) => h.paramsOf(action).at(-1);
  const navigationCount = navigations(h).length;
  const navigated = navigationCount - (navigationsBefore.get(h) ?? 0);
  navigationsBefore.set(h, navigationCount);
  switch (event.type) {
    case 'session.login':
      expect(h.deferred.inputsOf('login').at(-1)).toEqual({ username: USER.email, password: PASSWORD, remember: actual.context.remember });
      expect(emailsRemembered(h).at(-1)).toEqual({ email: USER.email });
      break;
    case 'xstate.done.actor.login':
      expect(persisted(h).at(-1)).toEqual({ user: USER, remember: actual.context.remember });
      expect(localesApplied(h).at(-1)).toEqual({ locale: 'nl' });
      expect(last('notify')).toEqual({ type: 'success', msg: 'auth_loggedIn' });
      expect(navigated).toBe(0); // not before the info is known (§4 order)
      break;
    case 'xstate.done.actor.impersonate':
      expect(persisted(h).at(-1)).toMatchObject({ remember: false });
      expect(navigated).toBe(0);
      break;
    case 'xstate.done.actor.arrivalInfo':
    case 'xstate.error.actor.arrivalInfo':
      // The return URL is followed only when it is a same-origin path; impersonation lands on '/'.
      expect([navigated, navigations(h).at(-1)]).toEqual([1, { to: actual.context.landing }]);
      expect([RETURN_URL, '/']).toContain(actual.context.landing);
      if (!actual.context.remember) expect(actual.context.landing).toBe('/');
      break;
    case 'xstate.done.actor.loadInfo':
      expect(navigated).toBe(0); // a restored session or a refresh stays where it is
      break;
    case 'xstate.done.actor.revokeToken':
    case 'xstate.error.actor.revokeToken':
      expect(navigations(h).at(-1)).toEqual({ to: '/login' });
      expect(h.spies.reloadPage).toHaveBeenCalledTimes(1);
      expect(h.spies.rememberLoggedOutNotice).toHaveBeenCalledTimes(1);
      break;
    case 'session.unauthorized':
      expect(last('navigate')).toEqual({ to: '/login', returnHere: true });
      expect(h.spies.clearStoredUser).toHaveBeenCalled();
      break;
    case 'xstate.error.actor.loadInfo':
      expect(actual.context.info).toEqual({});
      expect(navigated).toBe(0);
      break;
    case 'session.passwordChanged':
      // Forgotten here, without navigating (the reset flow shows the login page).
      expect(actual.context.user).toBeNull();
      expect(h.spies.clearStoredUser).toHaveBeenCalled();
      expect(navigated).toBe(0);
      break;
  }
}

describe('session machine: model-based paths', () => {
  it('has a fixture for every event it handles, and none for an event it ignores', () => {
    expect(fixtureMismatch(sessionMachine, fixtures)).toEqual({ missing: [], stale: [] });
  });

  const coverage = coverageOf(sessionMachine, paths);
  const walked = paths;
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it.each(paths.map((path) => [pathTitle(expected, path), path] as const))('%s', async (_, path) => {
    await executePath(path, { harness, input: undefined, key, expected, check });
  });
});

describe('session machine: journeys with fixed end states', () => {
  async function restoredSignedOut() {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.restoreUser', output: { user: null, loggedOut: false } });
    return h;
  }

  it('login with remember-me → policies → details → open, at the return URL', async () => {
    const h = await restoredSignedOut();
    await h.exec({ type: 'session.login', email: USER.email, password: PASSWORD, remember: true, returnUrl: '/planning' });
    expect(h.snapshot().hasTag('pending')).toBe(true);
    await h.exec({ type: 'xstate.done.actor.login', output: USER });
    expect(navigations(h)).toEqual([]);
    await h.exec({ type: 'xstate.done.actor.arrivalInfo', output: INFO.policiesMissing });
    expect(navigations(h)).toEqual([{ to: '/planning' }]);
    expect(h.snapshot().value).toEqual({ signedIn: 'policiesRequired' });
    expect(gateDecision(h.snapshot(), { pathname: '/planning', href: '/planning' })).toEqual({
      allow: false,
      redirect: '/policies',
      warning: 'general_policiesNotAgreedTo',
    });

    await h.exec({ type: 'session.policiesAgreed' });
    await h.exec({ type: 'xstate.done.actor.loadInfo', output: INFO.detailsEmpty });
    expect(h.snapshot().value).toEqual({ signedIn: 'detailsRequired' });
    await h.exec({ type: 'session.detailsSubmitted' });
    await h.exec({ type: 'xstate.done.actor.loadInfo', output: INFO.detailsPending });
    expect(h.snapshot().value).toEqual({ signedIn: 'detailsUnderReview' });
    await h.exec({ type: 'session.refreshInfo' });
    await h.exec({ type: 'xstate.done.actor.loadInfo', output: INFO.open });

    expect(h.snapshot().value).toEqual({ signedIn: 'open' });
    expect(persisted(h)).toEqual([{ user: USER, remember: true }]);
    expect(localesApplied(h)).toEqual([{ locale: 'nl' }]);
    expect(h.paramsOf('notify')).toEqual([{ type: 'success', msg: 'auth_loggedIn' }]);
    expect(menuPaths(h.snapshot())).toEqual({
      main: ['/home', '/availabilities', '/planning', '/offers', '/hours', '/documents', '/conversations', '/employee-details'],
      user: ['/user/reset-password', '/notification-settings', '/user/manage-signature'],
    });
    expect(hasValidSignature(h.snapshot())).toBe(true);
  });

  it('login clears the memory of any previous session first', async () => {
    const h = await restoredSignedOut();
    await h.exec({ type: 'session.login', email: USER.email, password: PASSWORD, remember: false });
    expect(h.spies.clearStoredUser).toHaveBeenCalledTimes(1);
    expect(h.spies.clearStoredUser.mock.invocationCallOrder[0]).toBeLessThan(h.spies.rememberEmail.mock.invocationCallOrder[0]!);
    await h.exec({ type: 'xstate.done.actor.login', output: USER });
    expect(persisted(h)).toEqual([{ user: USER, remember: false }]);
    await h.exec({ type: 'xstate.error.actor.arrivalInfo', error: INTERNAL_ERROR });
    expect(navigations(h)).toEqual([{ to: '/' }]);
  });

  it.each(['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example/', '/%2F%2Fevil.example'])(
    'a hostile return URL %s lands on /',
    async (returnUrl) => {
      const h = await restoredSignedOut();
      await h.exec({ type: 'session.login', email: USER.email, password: PASSWORD, remember: true, returnUrl });
      await h.exec({ type: 'xstate.done.actor.login', output: USER });
      await h.exec({ type: 'xstate.done.actor.arrivalInfo', output: INFO.open });
      expect(navigations(h)).toEqual([{ to: '/' }]);
    },
  );

  it('a wrong password, then the right one', async () => {
    const h = await restoredSignedOut();
    await h.exec({ type: 'session.login', email: USER.email, password: 'wrong', remember: true });
    // The 401 of a login is not a lost session: the API layer's unauthorized event is ignored here.
    await h.exec({ type: 'session.unauthorized' });
    expect(h.snapshot().value).toBe('signingIn');
    await h.exec({ type: 'xstate.error.actor.login', error: apiError('unauthorized', 'Identifiants incorrects.') });
    expect(h.snapshot().value).toEqual({ signedOut: 'loginFailed' });
    expect(loginError(h.snapshot())).toBe('unauthorized');
    await h.exec({ type: 'session.login', email: USER.email, password: PASSWORD, remember: true });
    await h.exec({ type: 'xstate.done.actor.login', output: USER });
    await h.exec({ type: 'xstate.done.actor.arrivalInfo', output: INFO.open });
    expect(h.snapshot().value).toEqual({ signedIn: 'open' });
    expect(loginError(h.snapshot())).toBeNull();
  });

  it('logout: revoke, clear, /login, reload; the "logged out" toast shows after the reload, once', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.restoreUser', output: { user: USER, loggedOut: false } });
    await h.exec({ type: 'xstate.done.actor.loadInfo', output: INFO.open });
    await h.exec({ type: 'session.logout' });
    expect(h.deferred.inputsOf('revokeToken')).toEqual([{ token: USER.token }]);
    await h.exec({ type: 'xstate.done.actor.revokeToken', output: undefined });

    expect(h.snapshot().value).toEqual({ signedOut: 'idle' });
    expect(h.snapshot().context.user).toBeNull();
    const order = ['clearStoredUser', 'navigate', 'rememberLoggedOutNotice', 'reloadPage'].map((a) => h.spies[a as Action].mock.invocationCallOrder[0]!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(h.paramsOf('notify')).toEqual([]); // not before the reload: it would vanish with the page

    // The reloaded page: restoreUser reports the flag (and removes it).
    const reloaded = harness();
    reloaded.start(undefined);
    await reloaded.exec({ type: 'xstate.done.actor.restoreUser', output: { user: null, loggedOut: true } });
    expect(reloaded.snapshot().value).toEqual({ signedOut: 'idle' });
    expect(reloaded.paramsOf('notify')).toEqual([{ type: 'success', msg: 'auth_loggedOut' }]);
  });

  it('a 401 while signed in signs out and asks for a login that returns here', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.restoreUser', output: { user: USER, loggedOut: false } });
    await h.exec({ type: 'xstate.done.actor.loadInfo', output: INFO.open });
    await h.exec({ type: 'session.unauthorized' });
    expect(h.snapshot().value).toEqual({ signedOut: 'idle' });
    expect(h.paramsOf('navigate')).toEqual([{ to: '/login', returnHere: true }]);
    expect(h.spies.reloadPage).not.toHaveBeenCalled();
  });

  it('a failed info read yields the empty info: policies first, newAccount true, signature rejected', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.restoreUser', output: { user: { ...USER, newAccount: false }, loggedOut: false } });
    await h.exec({ type: 'xstate.error.actor.loadInfo', error: INTERNAL_ERROR });
    const s = h.snapshot();
    expect(s.value).toEqual({ signedIn: 'policiesRequired' });
    expect(effectiveInfo(s)).toMatchObject({ newAccount: true, signatureStatus: 'rejected', agreedWithGdprPolicy: false });
    expect(hasValidSignature(s)).toBe(false);
    expect(menuPaths(s)).toEqual({ main: ['/home', '/conversations', '/employee-details'], user: ['/user/reset-password', '/notification-settings'] });
  });

  it('an impersonation link in a signed-in browser replaces the session and is never remembered', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'xstate.done.actor.restoreUser', output: { user: USER, loggedOut: false } });
    await h.exec({ type: 'xstate.done.actor.loadInfo', output: INFO.open });
    await h.exec({ type: 'session.impersonate', token: 'imp_4tG7hJ2kL9qW3eR5tY8u' });
    expect(h.snapshot().value).toBe('impersonating');
    expect(h.snapshot().context.user).toBeNull();
    const other = { ...USER, token: 'tok_other0000000000000', username: 'Marc Dubois', locale: 'fr' as const };
    await h.exec({ type: 'xstate.done.actor.impersonate', output: other });
    await h.exec({ type: 'xstate.done.actor.arrivalInfo', output: INFO.detailsPending });
    expect(navigations(h)).toEqual([{ to: '/' }]);
    expect(h.snapshot().value).toEqual({ signedIn: 'detailsUnderReview' });
    expect(persisted(h)).toEqual([{ user: other, remember: false }]);
    expect(localesApplied(h)).toEqual([{ locale: 'fr' }]);
    expect(homeNotices(h.snapshot())).toMatchObject({ detailsUnderReview: true, detailsIncomplete: false });
  });

  it('an impersonation token waits for the restore (the router shows /impersonate only once it is done)', async () => {
    const h = harness();
    h.start(undefined);
    expect(h.snapshot().can({ type: 'session.impersonate', token: 'imp_4tG7hJ2kL9qW3eR5tY8u' })).toBe(false);
    await h.exec({ type: 'xstate.done.actor.restoreUser', output: { user: null, loggedOut: false } });
    await h.exec({ type: 'session.impersonate', token: 'imp_4tG7hJ2kL9qW3eR5tY8u' });
    expect(h.deferred.inputsOf('impersonate')).toEqual([{ token: 'imp_4tG7hJ2kL9qW3eR5tY8u' }]);
  });
});
