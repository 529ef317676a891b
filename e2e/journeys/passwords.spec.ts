/**
 * Passwords, end to end with the outbox: a signed-in worker asks for the change-password mail, sets a new password
 * with its link (the session this browser had is forgotten: the server revoked it), and signs in with it.
 */
import { m } from '../../src/paraglide/messages.js';
import { expect, test } from '../fixtures.ts';
import { expectToast } from '../support/toasts.ts';
import { createWorker, loginApi, mailLink, signIn } from '../support/workers.ts';

const fr = { locale: 'fr' } as const;
const NEW_PASSWORD = 'une phrase toute neuve';

test('change password: the mail, a new password with its link, then sign in with it', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  const old = await signIn(page, worker);
  await page.goto('/user/reset-password');
  await page.getByRole('button', { name: m.changePassword_send({}, fr) }).click();
  await expectToast(page, m.auth_resetPasswordStarted({}, fr), 'success');
  await expect(page.getByRole('main').getByRole('status')).toContainText(m.changePassword_sent({ email: worker.email }, fr));

  const link = new URL(await mailLink(page.request, worker.email, /\/reset-password\?token=/));
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(m.resetPassword_newPassword({}, fr), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(m.resetPassword_confirmPassword({}, fr), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: m.resetPassword_save({}, fr) }).click();
  await expect(page).toHaveURL(/\/login\?passwordEdited/);
  await expectToast(page, m.auth_passwordUpdated({}, fr), 'success');
  await expect(page.locator('[data-banner="success"]')).toContainText(m.banner_passwordEdited({}, fr));
  expect((await page.request.get('/api/user/me/info', { headers: { Authorization: `Bearer ${old.token}` } })).status()).toBe(401);

  await page.getByLabel(m.login_email({}, fr), { exact: true }).fill(worker.email);
  await page.getByLabel(m.login_password({}, fr), { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: m.login_submit({}, fr) }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect((await loginApi(page.request, worker.email, NEW_PASSWORD)).email).toBe(worker.email);
});
