/**
 * The session machine's paths walked through the real UI in Chromium against the reference server (docs/conventions.md, Tests).
 *
 * The model is the vitest one (tests/machines/fixtures/session.ts: same fixtures, same key); of its shortest paths
 * we keep those the UI can walk (e2e/support/session-walk.ts says why a path cannot be walked) and take the fewest
 * that still walk every state and transition (`browserPaths`, e2e/model/browser-paths.ts). At load time it checks
 * that they do: every state, and every transition but the one listed in EXCLUDED.
 *
 * Each step is a real gesture: a page opened with a stored sign-in, the login form filled and sent, an
 * impersonation link from the back-office opened, the policies agreed, the details page opened while under review,
 * a new password set with the change-password mail's link, the user menu's logout. Each actor's request is HELD while the test checks the busy state on screen, then goes
 * to the reference server (success outcomes, and the 401 of a wrong password or a bogus token come from the server)
 * or gets an injected failure (a 500 on the info or the logout, a 401 on a call of a signed-in worker). The
 * worker's server-side stage is moved forward before an info answer that needs it. After every step the state is
 * checked on screen: URL (as the pure route gate says), heading, menu, notices, toasts; axe on every settled state.
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { routeGate } from '../../machines/route-gate.ts';
import { sessionMachine } from '../../machines/session.machine.ts';
import { accessFacts, landingAfterPolicies } from '../../machines/session.selectors.ts';
import { m } from '../../src/paraglide/messages.js';
import { HOSTILE_RETURN_URL, sessionModel } from '../../tests/machines/fixtures/session.ts';
import { uniqueEmail } from '../../tests/fixtures/worker-data.ts';
import { shortestPaths } from '../../tests/machines/helpers/model.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { HeldNetwork, failOnce } from '../support/held-network.ts';
import { browserPaths, coverageProblems } from './browser-paths.ts';
import { describePath, initialStage, isInfoDone, rank, stageOf, uiObstacle, type Stage, type WalkPath } from '../support/session-walk.ts';
import { expectToast } from '../support/toasts.ts';
import { advance, impersonationToken } from '../support/worker-stages.ts';
import { createWorker, mailLink, signIn, type Worker } from '../support/workers.ts';

/**
 * Not walked here: the details wizard sends `session.detailsSubmitted` after step 5; that screen is another
 * issue's, and its own browser test (the details wizard's e2e) submits the file through the UI.
 */
const EXCLUDED = ['session.signedIn --session.detailsSubmitted--> session.signedIn.loadingInfo'];

const walkable = shortestPaths(sessionModel()).filter((path) => uiObstacle(path) === null);
const browser = browserPaths(sessionMachine, [{ input: undefined, paths: walkable }], { excluded: EXCLUDED, name: describePath });
const { paths } = browser;

const fr = { locale: 'fr' } as const;
/** A page load restores the stored sign-in and reads its info before it shows anything: give it time on a busy machine. */
const PAGE_LOAD = { timeout: 15_000 };
const USERNAME = 'Anne Dupont'; // createWorker's name
const ENDPOINTS = {
  login: { method: 'POST', path: '/api/auth/login' },
  impersonate: { method: 'GET', path: '/api/auth/impersonate' },
  info: { method: 'GET', path: '/api/user/me/info' },
  logout: { method: 'POST', path: '/api/auth/logout' },
} as const;
type Key = keyof typeof ENDPOINTS;

/** The request a pending state waits for (held while the test looks at the busy screen). */
function pendingRequest(state: AnyMachineSnapshot): Key | null {
  if (state.matches('signingIn')) return 'login';
  if (state.matches('impersonating')) return 'impersonate';
  if (state.matches({ signedIn: 'arriving' }) || state.matches({ signedIn: 'loadingInfo' })) return 'info';
  if (state.matches('loggingOut')) return 'logout';
  return null;
}

type Output<T> = EventObject & { output: T };
type LoginEvent = EventObject & { remember: boolean; returnUrl?: string | null };

class Walk {
  private readonly net: HeldNetwork<Key>;
  private worker: Worker | null = null;
  private stage: Stage = 'registered';
  /** The portal knows the worker's name (see userMenu). */
  private nameKnown = false;
  /** The page the worker should be on (path and query), before the route gate has its say. */
  private here = '/home';
  /** The page as it is now was checked with axe by the fixture (a `goto` that settled). */
  private checkedByFixture = false;

  constructor(
    private readonly page: Page,
    private readonly path: WalkPath,
    private readonly baseURL: string,
  ) {
    this.net = new HeldNetwork(page, ENDPOINTS);
  }

  private get steps() {
    return this.path.steps;
  }

  async run(): Promise<void> {
    await this.net.install();
    try {
      for (let i = 0; i < this.steps.length; i++) {
        const key = pendingRequest(this.steps[i]!.state);
        if (key) this.net.arm(key);
        await test.step(`${this.steps[i]!.event.type} → ${JSON.stringify(this.steps[i]!.state.value)}`, async () => {
          this.checkedByFixture = false;
          await this.gesture(i);
          await this.check(i);
        });
      }
    } finally {
      await this.net.releaseAndSettle();
    }
  }

  /** Opens a page without waiting for it to settle (a held request may keep it busy). */
  private async visit(path: string): Promise<void> {
    await this.net.forgetHeld();
    const url = new URL(path, this.baseURL);
    await this.page.evaluate((href) => void (window.location.href = href), url.href).catch(() => {});
    await this.page.waitForURL((u) => u.pathname === url.pathname, { waitUntil: 'commit' });
  }

  /** Opens a page that settles: the fixture checks it with axe before `goto` returns. */
  private async goto(path: string): Promise<void> {
    await this.net.forgetHeld();
    await this.page.goto(path);
    this.checkedByFixture = true;
  }

  /** A worker whose file is at `stage`: the one already in play when it can get there, else a new one. */
  private async workerAt(stage: Stage): Promise<Worker> {
    if (this.worker && rank(this.stage) <= rank(stage)) {
      await advance(this.page.request, this.worker, this.stage, stage);
    } else {
      this.worker = await createWorker(this.page.request, { stage, validateEmail: false });
    }
    this.stage = stage;
    return this.worker;
  }

  /**
   * The account button, named after the worker when the portal knows the name: a login or impersonation answer
   * carries it, an info read tells it; a restored sign-in has none until its info is read (the stored sign-in keeps
   * no name: docs/decisions/075-token-storage.md).
   */
  private userMenu() {
    const label = m.shell_userMenu({}, fr);
    return this.page.getByRole('button', { name: this.nameKnown ? `${label} ${USERNAME}` : label, exact: true });
  }

  private nav() {
    return this.page.getByRole('navigation', { name: m.shell_mainNav({}, fr) });
  }

  private async agreeToPolicies(): Promise<void> {
    await this.page.getByRole('checkbox', { name: m.policies_agreePrivacy({}, fr) }).click();
    await this.page.getByRole('checkbox', { name: m.policies_agreeLabour({}, fr) }).click();
    await this.page.getByRole('button', { name: m.policies_submit({}, fr) }).click();
  }

  private async gesture(i: number): Promise<void> {
    const { event } = this.steps[i]!;
    const before = this.steps[i - 1];
    const next = this.steps[i + 1]?.event.type;
    const page = this.page;
    switch (event.type) {
      case 'xstate.init':
        return;

      case 'xstate.done.actor.restoreUser': {
        const { user, loggedOut } = (event as Output<{ user: unknown; loggedOut: boolean }>).output;
        if (user) {
          this.nameKnown = false;
          await signIn(page, await this.workerAt(initialStage(this.path, i)));
          this.here = '/home';
          return this.visit('/home');
        }
        if (loggedOut) {
          // What the page before wrote when it logged out (src/actors/session.ts rememberLoggedOutNotice).
          await page.addInitScript(() => {
            if (sessionStorage.getItem('e2e.loggedOutNotice')) return;
            sessionStorage.setItem('e2e.loggedOutNotice', '1');
            sessionStorage.setItem('portal.v1.loggedOutNotice', JSON.stringify({ value: true, expiresAt: Date.now() + 60_000 }));
          });
        }
        this.here = '/login';
        await this.goto('/login');
        return;
      }
      case 'xstate.error.actor.restoreUser':
        // A stored user this version cannot read (another shape): the session drops it.
        await page.addInitScript(() => {
          if (sessionStorage.getItem('e2e.unreadable')) return;
          sessionStorage.setItem('e2e.unreadable', '1');
          localStorage.setItem('portal.v1.currentUser', JSON.stringify({ value: { token: 'old', name: 'Anne' }, expiresAt: Date.now() + 60_000 }));
        });
        this.here = '/home';
        await this.goto('/home');
        return;

      case 'session.login': {
        const { remember, returnUrl } = event as LoginEvent;
        const succeeds = next === 'xstate.done.actor.login';
        const worker = succeeds ? await this.workerAt(initialStage(this.path, i)) : null;
        const current = new URL(page.url());
        if (current.pathname !== '/login' || current.searchParams.get('redirect') !== (returnUrl ?? null)) {
          await this.goto(returnUrl ? `/login?redirect=${encodeURIComponent(returnUrl)}` : '/login');
        }
        // A wrong password: the server's 401 (an unknown address gets the very same answer).
        await page.getByLabel(m.login_email({}, fr), { exact: true }).fill(worker?.email ?? uniqueEmail('nobody'));
        await page.getByLabel(m.login_password({}, fr), { exact: true }).fill(worker ? worker.password : 'not the password');
        const rememberBox = page.getByRole('checkbox', { name: m.login_remember({}, fr) });
        await expect(rememberBox).toBeChecked();
        if (!remember) await rememberBox.click();
        await page.getByRole('button', { name: m.login_submit({}, fr) }).click();
        return;
      }
      case 'xstate.done.actor.login':
      case 'xstate.error.actor.login':
        if (event.type === 'xstate.done.actor.login') this.nameKnown = true;
        return this.net.pass('login');

      case 'session.impersonate': {
        const succeeds = next === 'xstate.done.actor.impersonate';
        const token = succeeds
          ? await impersonationToken(page.request, (await this.workerAt(initialStage(this.path, i))).email)
          : `imp_unknown${Date.now().toString(36)}0123456789abcdefghijkl`;
        return this.visit(`/impersonate?token=${token}`);
      }
      case 'xstate.done.actor.impersonate':
      case 'xstate.error.actor.impersonate':
        // Opened over a stored sign-in, /impersonate first reads that sign-in's info; the impersonation replaces it
        // before the answer counts. Held because 'info' was armed for the arrival, it is not the arrival's read.
        await this.net.releaseEarlier('info', { rearm: event.type === 'xstate.done.actor.impersonate' });
        if (event.type === 'xstate.done.actor.impersonate') this.nameKnown = true;
        return this.net.pass('impersonate');

      case 'xstate.done.actor.loadInfo':
      case 'xstate.done.actor.arrivalInfo': {
        const needed = stageOf((event as Output<object>).output);
        if (rank(needed) > rank(this.stage)) {
          // The agency (or the worker elsewhere) moved the file on meanwhile.
          await advance(page.request, this.worker!, this.stage, needed);
          this.stage = needed;
        }
        this.nameKnown = true;
        return this.net.pass('info');
      }
      case 'xstate.error.actor.loadInfo':
      case 'xstate.error.actor.arrivalInfo':
        return this.net.fail('info', 500, 'internal_error');

      case 'session.logout':
        await this.userMenu().click();
        await page.getByRole('menuitem', { name: m.nav_logout({}, fr) }).click();
        return;
      case 'xstate.done.actor.revokeToken':
        return this.net.pass('logout');
      case 'xstate.error.actor.revokeToken':
        return this.net.fail('logout', 500, 'internal_error');

      case 'session.unauthorized':
        // The token is no longer valid (revoked elsewhere, expired): the next call answers 401.
        if (before!.state.hasTag('pending')) return this.net.fail('info', 401, 'unauthorized');
        if (before!.state.matches({ signedIn: 'policiesRequired' })) {
          await failOnce(page, { method: 'POST', path: '/api/user/me/update-policies' }, 401, 'unauthorized');
          return this.agreeToPolicies();
        }
        if (new URL(page.url()).pathname !== '/home')
          await this.nav()
            .getByRole('link', { name: m.nav_home({}, fr) })
            .click();
        this.here = '/home';
        await failOnce(page, { method: 'POST', path: '/api/auth/revalidate-email' }, 401, 'unauthorized');
        await page.getByRole('button', { name: m.home_resendEmail({}, fr) }).click();
        return;

      case 'session.policiesAgreed':
        if (rank(this.stage) < rank('policiesAgreed')) this.stage = 'policiesAgreed';
        return this.agreeToPolicies();

      case 'session.passwordChanged': {
        // The change-password mail opened in this browser: a new password set with its link (the reset screen tells
        // the session; the server has revoked every session of the account, the test's API token included).
        const worker = this.worker!;
        this.worker = null;
        expect((await page.request.post('/api/auth/reset-password', { data: { email: worker.email } })).status()).toBe(204);
        const link = new URL(await mailLink(page.request, worker.email, /reset-password\?token=/));
        await this.visit(`${link.pathname}${link.search}`);
        await page.getByLabel(m.resetPassword_newPassword({}, fr), { exact: true }).fill('un tout nouveau mot de passe');
        await page.getByLabel(m.resetPassword_confirmPassword({}, fr), { exact: true }).fill('un tout nouveau mot de passe');
        await page.getByRole('button', { name: m.resetPassword_save({}, fr) }).click();
        return;
      }

      case 'session.refreshInfo':
        // Gate rule 4: the details file while it is under review sends the worker home and reads the info again.
        await this.nav()
          .getByRole('link', { name: m.nav_employeeDetails({}, fr) })
          .click();
        this.here = '/home';
        return;

      default:
        throw new Error(`no gesture for ${event.type}`);
    }
  }

  /** Where the worker is once a signed-in state has settled: the route gate's answer for `here`. */
  private settledPage(state: AnyMachineSnapshot): string {
    const here = new URL(this.here, this.baseURL);
    const decision = routeGate({ pathname: here.pathname, href: this.here }, accessFacts(state as never));
    // The gate judges '/' itself, before the index route sends it to /home (spec §2, §5).
    if (!decision.allow) this.here = decision.redirect;
    else if (this.here === '/') this.here = '/home';
    return this.here;
  }

  private async check(i: number): Promise<void> {
    const { state, event } = this.steps[i]!;
    const page = this.page;
    const via = this.steps[i - 1]?.event.type;

    if (state.matches('restoring')) return; // the first state: no page yet

    if (state.matches('signingIn')) {
      await expect(page.getByRole('button', { name: new RegExp(m.login_submit({}, fr)) })).toHaveAttribute('aria-disabled', 'true');
      return;
    }
    if (state.matches('impersonating')) {
      await expect(page.getByRole('main').getByRole('status')).toHaveText(m.impersonate_signingIn({}, fr), PAGE_LOAD);
      return;
    }
    if (state.matches('loggingOut')) {
      await expect(page.getByTestId('loading-overlay')).toBeVisible();
      return;
    }
    if (state.matches({ signedIn: 'arriving' })) {
      // Signed in (the user menu names the worker), still on the page that signed in, busy until the info is read.
      await expect(this.userMenu()).toBeVisible();
      if (via === 'session.login')
        await expect(page.getByRole('button', { name: new RegExp(m.login_submit({}, fr)) })).toHaveAttribute('aria-disabled', 'true');
      else await expect(page.getByRole('main').getByRole('status')).toHaveText(m.impersonate_signingIn({}, fr));
      return;
    }
    if (state.matches({ signedIn: 'loadingInfo' })) {
      if (event.type === 'xstate.done.actor.restoreUser') {
        // A restored session shows no page until the gate knows where the worker may go.
        await expect(page.locator('h1')).toHaveCount(0);
      } else if (event.type === 'session.policiesAgreed') {
        await expect(page.getByRole('button', { name: new RegExp(m.policies_submit({}, fr)) })).toHaveAttribute('aria-disabled', 'true');
      } else {
        await expect(page.getByRole('main')).toHaveAttribute('aria-busy', 'true');
      }
      return;
    }

    if (state.matches('signedOut')) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        state.matches({ signedOut: 'impersonationFailed' }) ? m.impersonate_title({}, fr) : m.login_title({}, fr),
      );
      await expect(this.nav().getByRole('link', { name: m.nav_login({}, fr) })).toBeVisible();
      await expect(this.userMenu()).toHaveCount(0);
      if (state.matches({ signedOut: 'loginFailed' })) {
        await expect(page.getByRole('alert').getByRole('link')).toHaveText(m.login_failedCredentials({}, fr));
      } else if (state.matches({ signedOut: 'impersonationFailed' })) {
        await expect(page.getByRole('main').getByRole('alert')).toContainText(m.impersonate_failed({}, fr));
        await expect(page).toHaveURL(/\/impersonate$/); // the used token left the address bar
      } else {
        await expect(page).toHaveURL(/\/login(\?|$)/);
        if (event.type === 'xstate.done.actor.revokeToken' || event.type === 'xstate.error.actor.revokeToken') {
          // Logout (§4): the reloaded /login, then the toast; nothing of the worker is left in storage.
          await expect(page).toHaveURL(new URL('/login', this.baseURL).href);
          await expectToast(page, m.auth_loggedOut({}, fr), 'success');
          expect(await page.evaluate(() => localStorage.getItem('portal.v1.currentUser') ?? sessionStorage.getItem('portal.v1.currentUser'))).toBeNull();
        }
        if (event.type === 'xstate.done.actor.restoreUser' && (event as Output<{ loggedOut: boolean }>).output.loggedOut)
          await expectToast(page, m.auth_loggedOut({}, fr), 'success');
        if (event.type === 'xstate.error.actor.restoreUser') expect(await page.evaluate(() => localStorage.getItem('portal.v1.currentUser'))).toBeNull();
        if (event.type === 'session.passwordChanged') {
          await expect(page).toHaveURL(/\/login\?passwordEdited/);
          await expectToast(page, m.auth_passwordUpdated({}, fr), 'success');
          await expect(page.locator('[data-banner="success"]')).toContainText(m.banner_passwordEdited({}, fr));
          expect(await page.evaluate(() => localStorage.getItem('portal.v1.currentUser') ?? sessionStorage.getItem('portal.v1.currentUser'))).toBeNull();
        }
        if (event.type === 'session.unauthorized') {
          // §8: the toast, and a login that brings the worker back here.
          await expectToast(page, m.error_unauthorized({}, fr), 'danger');
          expect(new URL(page.url()).searchParams.get('redirect')).toBe(this.here);
        }
      }
      if (!this.checkedByFixture) await expectAccessible(page);
      return;
    }

    // A settled signed-in state: the page the gate allows, the worker's menu, the notices.
    if (isInfoDone(event) || event.type === 'xstate.error.actor.arrivalInfo' || event.type === 'xstate.error.actor.loadInfo') {
      if (event.type.includes('arrivalInfo')) {
        const landing = state.context.landing as string;
        this.here = landing;
        if (
          landing === '/' &&
          (this.steps.find((s) => s.event.type === 'session.login') as { event: LoginEvent } | undefined)?.event.returnUrl === HOSTILE_RETURN_URL
        ) {
          expect(page.url()).not.toContain('evil.example');
        }
      } else if (via === 'session.policiesAgreed') this.here = landingAfterPolicies(state as never) ?? this.here;
      if (event.type.startsWith('xstate.error')) await expectToast(page, m.error_generic({}, fr), 'danger');
    }
    const expected = new URL(this.settledPage(state), this.baseURL);
    await expect(page).toHaveURL((u) => u.pathname === expected.pathname && (expected.search === '' || u.search === expected.search));
    await expect(this.userMenu()).toBeVisible();
    const main = page.getByRole('main');
    if (state.matches({ signedIn: 'policiesRequired' })) await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.policies_title({}, fr));
    if (state.matches({ signedIn: 'detailsRequired' }) && expected.pathname === '/home') await expect(main).toContainText(m.home_detailsIncomplete({}, fr));
    if (state.matches({ signedIn: 'detailsUnderReview' }) && expected.pathname === '/home') await expect(main).toContainText(m.home_detailsUnderReview({}, fr));
    const planning = this.nav().getByRole('link', { name: m.nav_planning({}, fr) });
    // Planning is for approved files only (§6: a new account does not see it).
    if (state.matches({ signedIn: 'open' })) await expect(planning).toBeVisible();
    else await expect(planning).toHaveCount(0);
    await expectAccessible(page);
  }
}

test.describe('session machine: paths through the UI', () => {
  test.describe.configure({ timeout: 60_000 });
  test.use({ allowedConsoleErrors: [/the server responded with a status of (401|500)/] });

  test(`${browser.title} (not: the wizard's detailsSubmitted)`, () => {
    expect(coverageProblems(sessionMachine, paths, EXCLUDED)).toEqual([]);
  });

  for (const path of paths) {
    test(path.name, async ({ page, baseURL }) => {
      await new Walk(page, path, baseURL!).run();
    });
  }
});
