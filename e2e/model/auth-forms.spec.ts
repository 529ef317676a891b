/**
 * The paths of the three small auth machines walked through the real UI (docs/conventions.md, Tests), as for the session:
 * the vitest models (tests/machines/fixtures/auth-forms.ts), their covering subsets checked at load time to walk
 * every state and transition, each request held while the busy screen is checked, successes and the server's own
 * refusals (an address already registered, an unknown or used token) from the reference server, other failures
 * injected (a 500).
 *   registration   → /register
 *   password reset → /reset-password?token=… (a real token from the outbox, or one the server does not know)
 *   mail request   → /reset-password (kind passwordReset, a typed address) and /home (kind emailValidation)
 */
import type { Page } from '@playwright/test';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { mailRequestMachine, type MailKind } from '../../machines/mail-request.machine.ts';
import { passwordResetMachine } from '../../machines/password-reset.machine.ts';
import { registrationMachine } from '../../machines/registration.machine.ts';
import { m } from '../../src/paraglide/messages.js';
import { MAIL_KINDS, mailRequestModel, passwordResetModel, registrationModel } from '../../tests/machines/fixtures/auth-forms.ts';
import { PASSWORD, uniqueEmail } from '../../tests/fixtures/worker-data.ts';
import { shortestPaths } from '../../tests/machines/helpers/model.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { HeldNetwork } from '../support/held-network.ts';
import { expectToast } from '../support/toasts.ts';
import { createWorker, mailLink, signIn } from '../support/workers.ts';
import { browserPaths, coverageProblems } from './browser-paths.ts';

type Step = { event: EventObject & { error?: { code?: string }; output?: unknown }; state: AnyMachineSnapshot };
const fr = { locale: 'fr' } as const;
/** A path's steps with the event shapes the gestures read (outcome outputs and error codes). */
const stepsOf = (path: { steps: ReadonlyArray<unknown> }) => path.steps as ReadonlyArray<Step>;

/** The test name: the end state and each event, with the error code or the output that decided an outcome. */
function nameOf(path: { steps: ReadonlyArray<unknown> }): string {
  const steps = stepsOf(path);
  const events = steps.slice(1).map(({ event }) => {
    const name = event.type.replace(/^xstate\.done\.actor\./, 'done:').replace(/^xstate\.error\.actor\./, 'error:');
    if (event.error?.code) return `${name}(${event.error.code})`;
    if (typeof event.output === 'boolean') return `${name}(${event.output})`;
    return name;
  });
  return `${JSON.stringify(steps.at(-1)!.state.value)} ⇐ ${events.join(' → ')}`;
}

// The covering subsets of the machines' shortest paths, checked at load: every state and transition.
const registration = browserPaths(registrationMachine, [{ input: undefined, paths: shortestPaths(registrationModel()) }], { name: nameOf });
const reset = browserPaths(passwordResetMachine, [{ input: undefined, paths: shortestPaths(passwordResetModel()) }], { name: nameOf });
const mail = browserPaths(
  mailRequestMachine,
  MAIL_KINDS.map((kind) => ({ input: kind, paths: shortestPaths(mailRequestModel(kind)) })),
  { name: (path, kind) => `${kind}: ${nameOf(path)}` },
);
const [registrationPaths, resetPaths, mailPaths] = [registration.paths, reset.paths, mail.paths];

const ENDPOINTS = {
  register: { method: 'POST', path: '/api/auth/register' },
  validateToken: { method: 'POST', path: '/api/auth/validate-token' },
  updatePassword: { method: 'POST', path: '/api/auth/update-password' },
  resetMail: { method: 'POST', path: '/api/auth/reset-password' },
  validationMail: { method: 'POST', path: '/api/auth/revalidate-email' },
} as const;
type Key = keyof typeof ENDPOINTS;

/** Walks `path` on `net`'s page: before each step, arm the request its state waits for; then the gesture; then the checks. */
async function walk(
  net: HeldNetwork<Key>,
  path: { steps: ReadonlyArray<unknown> },
  pending: (state: AnyMachineSnapshot) => Key | null,
  gesture: (i: number) => Promise<void>,
  check: (i: number) => Promise<void>,
) {
  await net.install();
  try {
    const steps = stepsOf(path);
    for (let i = 0; i < steps.length; i++) {
      const key = pending(steps[i]!.state);
      if (key) net.arm(key);
      await test.step(`${steps[i]!.event.type} → ${JSON.stringify(steps[i]!.state.value)}`, async () => {
        await gesture(i);
        await check(i);
      });
    }
  } finally {
    await net.releaseAll();
  }
}

/** Opens a page without waiting for it to settle (its first request is held). */
async function visit(page: Page, baseURL: string, path: string) {
  const url = new URL(path, baseURL);
  await page.evaluate((href) => void (window.location.href = href), url.href).catch(() => {});
  await page.waitForURL((u) => u.pathname === url.pathname, { waitUntil: 'commit' });
}

test.describe.configure({ timeout: 60_000 });
test.use({ allowedConsoleErrors: [/the server responded with a status of (404|409|500)/] });

test.describe('registration machine: paths through /register', () => {
  for (const path of registrationPaths) {
    test(nameOf(path), async ({ page }) => {
      const net = new HeldNetwork(page, ENDPOINTS);
      const steps = stepsOf(path);
      const submitButton = () => page.getByRole('button', { name: new RegExp(m.register_submit({}, fr)) });
      const gesture = async (i: number) => {
        const { event } = steps[i]!;
        const next = steps[i + 1]?.event;
        if (event.type === 'xstate.init') return void (await page.goto('/register'));
        if (event.type === 'registration.submit') {
          const email = uniqueEmail('reg');
          // "Already exists" comes from the server: the address is registered first (through the API).
          if (next?.error?.code === 'email_already_exists') {
            expect(
              (
                await page.request.post('/api/auth/register', { data: { firstName: 'Lotte', lastName: 'Janssens', email, password: PASSWORD, language: 'nl' } })
              ).status(),
            ).toBe(204);
          }
          const field = (label: string) => page.getByLabel(label, { exact: true });
          await field(m.register_firstName({}, fr)).fill('Lotte');
          await field(m.register_lastName({}, fr)).fill('Janssens');
          await field(m.register_email({}, fr)).fill(email);
          await field(m.register_password({}, fr)).fill(PASSWORD);
          await field(m.register_repeatPassword({}, fr)).fill(PASSWORD);
          await page.getByRole('radio', { name: 'Nederlands' }).check();
          return submitButton().click();
        }
        if (event.type === 'xstate.done.actor.register') return net.pass('register');
        if (event.error?.code === 'email_already_exists') return net.pass('register');
        return net.fail('register', 500, 'internal_error');
      };
      const check = async (i: number) => {
        const { state } = steps[i]!;
        if (state.matches('submitting')) return expect(submitButton()).toHaveAttribute('aria-disabled', 'true');
        if (state.matches('registered')) {
          await expect(page).toHaveURL(/\/login$/);
          return expectToast(page, m.auth_registered({}, fr), 'success');
        }
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.register_title({}, fr));
        if (state.matches({ editing: 'emailTaken' })) {
          await expect(page.getByRole('alert').getByRole('link')).toHaveText(
            m.ui_errorSummaryItem({ label: m.register_email({}, fr), message: m.register_emailTaken({}, fr) }, fr),
          );
          await expect(page.getByLabel(m.register_email({}, fr), { exact: true })).toHaveAttribute('aria-invalid', 'true');
        }
        if (state.matches({ editing: 'failed' })) await expect(page.getByRole('alert')).toContainText(m.register_failed({}, fr));
        if (state.matches({ editing: 'idle' })) await expect(page.getByRole('alert')).toHaveCount(0);
        if (!state.matches({ editing: 'idle' })) await expectAccessible(page);
      };
      await walk(net, path, (s) => (s.matches('submitting') ? 'register' : null), gesture, check);
    });
  }
});

test.describe('password reset machine: paths through /reset-password?token=…', () => {
  for (const path of resetPaths) {
    test(nameOf(path), async ({ page, baseURL }) => {
      const net = new HeldNetwork(page, ENDPOINTS);
      const steps = stepsOf(path);
      let token = `rst_unknown${Date.now().toString(36)}0123456789abcdefghijklmn`;
      const saveButton = () => page.getByRole('button', { name: new RegExp(m.resetPassword_save({}, fr)) });
      const gesture = async (i: number) => {
        const { event } = steps[i]!;
        const next = steps[i + 1]?.event;
        if (event.type === 'xstate.init') {
          // A real link from the outbox, unless the path wants a token the server does not know.
          if (!(next?.type === 'xstate.done.actor.validateToken' && next.output === false)) {
            const worker = await createWorker(page.request, { stage: 'registered', validateEmail: false });
            expect((await page.request.post('/api/auth/reset-password', { data: { email: worker.email } })).status()).toBe(204);
            token = new URL(await mailLink(page.request, worker.email, /reset-password\?token=/)).searchParams.get('token')!;
          }
          return visit(page, baseURL!, `/reset-password?token=${token}`);
        }
        if (event.type === 'passwordReset.submit') {
          await page.getByLabel(m.resetPassword_newPassword({}, fr), { exact: true }).fill('un tout nouveau mot de passe');
          await page.getByLabel(m.resetPassword_confirmPassword({}, fr), { exact: true }).fill('un tout nouveau mot de passe');
          return saveButton().click();
        }
        if (event.type === 'xstate.done.actor.validateToken') return net.pass('validateToken');
        if (event.type === 'xstate.error.actor.validateToken') return net.fail('validateToken', 500, 'internal_error');
        if (event.type === 'xstate.done.actor.updatePassword') return net.pass('updatePassword');
        if (event.error?.code === 'token_invalid') {
          // Used meanwhile (another tab): the server's own 404 token_invalid.
          expect((await page.request.post('/api/auth/update-password', { data: { token, password: 'ailleurs entre-temps' } })).status()).toBe(204);
          return net.pass('updatePassword');
        }
        return net.fail('updatePassword', 500, 'internal_error');
      };
      const check = async (i: number) => {
        const { state } = steps[i]!;
        const main = page.getByRole('main');
        if (state.matches('checkingToken')) return expect(main.getByRole('status')).toHaveText(m.resetPassword_checking({}, fr));
        if (state.matches('updating')) return expect(saveButton()).toHaveAttribute('aria-disabled', 'true');
        if (state.matches('updated')) {
          await expect(page).toHaveURL(/\/login\?passwordEdited/);
          await expectToast(page, m.auth_passwordUpdated({}, fr), 'success');
          await expect(page.locator('[data-banner="success"]')).toContainText(m.banner_passwordEdited({}, fr));
          return expectAccessible(page);
        }
        if (state.matches('tokenInvalid')) {
          await expect(main.getByRole('alert')).toContainText(m.resetPassword_tokenInvalid({}, fr));
          await expect(page.getByRole('link', { name: m.resetPassword_askNewLink({}, fr) })).toHaveAttribute('href', '/reset-password');
          await expect(page.getByLabel(m.resetPassword_newPassword({}, fr))).toHaveCount(0);
        } else {
          await expect(page.getByLabel(m.resetPassword_newPassword({}, fr), { exact: true })).toBeVisible();
          if (state.matches({ editing: 'failed' })) await expect(main.getByRole('alert')).toContainText(m.resetPassword_updateFailed({}, fr));
          else await expect(main.getByRole('alert')).toHaveCount(0);
        }
        return expectAccessible(page);
      };
      await walk(net, path, (s) => (s.matches('checkingToken') ? 'validateToken' : s.matches('updating') ? 'updatePassword' : null), gesture, check);
    });
  }
});

test.describe('mail request machine: paths through /reset-password (reset mail) and /home (validation mail)', () => {
  for (const path of mailPaths) {
    const kind: MailKind = path.input;
    test(path.name, async ({ page }) => {
      const net = new HeldNetwork(page, ENDPOINTS);
      const steps = stepsOf(path);
      const key: Key = kind === 'passwordReset' ? 'resetMail' : 'validationMail';
      const button = () => page.getByRole('button', { name: new RegExp(kind === 'passwordReset' ? m.resetPassword_send({}, fr) : m.home_resendEmail({}, fr)) });
      let sends = 0;
      const gesture = async (i: number) => {
        const { event } = steps[i]!;
        if (event.type === 'xstate.init') {
          if (kind === 'emailValidation') {
            // Signed in, policies agreed, file still empty: /home shows the "not validated" notice and its button.
            await signIn(page, await createWorker(page.request, { stage: 'policiesAgreed', validateEmail: false }));
            return void (await page.goto('/home'));
          }
          await page.goto('/reset-password');
          return page.getByLabel(m.resetPassword_email({}, fr), { exact: true }).fill(uniqueEmail('mail'));
        }
        if (event.type === 'mail.request') {
          sends += 1;
          return button().click();
        }
        if (event.type === 'xstate.done.actor.sendMail') return net.pass(key);
        return net.fail(key, 500, 'internal_error');
      };
      const check = async (i: number) => {
        const { state, event } = steps[i]!;
        const main = page.getByRole('main');
        if (state.matches('sending')) return expect(button()).toHaveAttribute('aria-disabled', 'true');
        await expect(button()).not.toHaveAttribute('aria-disabled', 'true');
        if (state.matches('sent')) {
          await expectToast(page, kind === 'passwordReset' ? m.auth_resetPasswordStarted({}, fr) : m.auth_emailValidationSent({}, fr), 'success');
          if (kind === 'passwordReset') await expect(main.getByRole('status')).toContainText(m.resetPassword_sent({}, fr));
        }
        if (state.matches('failed')) {
          // The reset form says its failure itself, once (no toast: decision 130); the signed-in requests toast it.
          if (kind === 'passwordReset') await expect(main.getByRole('alert')).toContainText(m.resetPassword_sendFailed({}, fr));
          else await expectToast(page, m.error_generic({}, fr), 'danger');
        }
        if (state.matches('ready')) expect(sends).toBe(0);
        if (event.type !== 'xstate.init') await expectAccessible(page);
      };
      await walk(net, path, (s) => (s.matches('sending') ? key : null), gesture, check);
    });
  }
});

// One test for the three (a test costs a browser context even without a page).
test(`the three machines: ${[registration, reset, mail].map((browser) => browser.title).join('; ')}`, () => {
  for (const [machine, browser] of [
    [registrationMachine, registration],
    [passwordResetMachine, reset],
    [mailRequestMachine, mail],
  ] as const) {
    expect(coverageProblems(machine, browser.paths), machine.id).toEqual([]);
  }
});
