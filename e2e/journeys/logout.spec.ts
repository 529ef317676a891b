/** Logout (spec §4, ASVS 14.3.1): the server revokes the token, and the back button then shows nothing of the worker. */
import { m } from '../../src/paraglide/messages.js';
import { expect, test } from '../fixtures.ts';
import { expectToast } from '../support/toasts.ts';
import { createWorker } from '../support/workers.ts';

const fr = { locale: 'fr' } as const;

test('logout, then the back button shows no personal data', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  const name = `${worker.firstName} ${worker.lastName}`;
  await page.goto('/login');
  await page.getByLabel(m.login_email({}, fr), { exact: true }).fill(worker.email);
  await page.getByLabel(m.login_password({}, fr), { exact: true }).fill(worker.password);
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.ok());
  await page.getByRole('button', { name: m.login_submit({}, fr) }).click();
  const { token } = (await (await signedIn).json()) as { token: string };
  await expect(page).toHaveURL(/\/home$/);

  // A page that shows the worker's address.
  const userMenu = page.getByRole('button', { name: `${m.shell_userMenu({}, fr)} ${name}` });
  await userMenu.click();
  await page.getByRole('menuitem', { name: m.nav_changePassword({}, fr) }).click();
  await page.getByRole('button', { name: m.changePassword_send({}, fr) }).click();
  await expect(page.getByRole('main')).toContainText(worker.email);

  await userMenu.click();
  await page.getByRole('menuitem', { name: m.nav_logout({}, fr) }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, m.auth_loggedOut({}, fr), 'success');

  for (let back = 0; back < 2; back++) {
    await page.goBack();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, fr));
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(worker.email);
    expect(text).not.toContain(name);
  }
  // The server refuses the old token (it was revoked, not just forgotten by the browser).
  expect((await page.request.get('/api/user/me/info', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
  // Nothing of the session is left; only the e-mail typed at login stays a day, to prefill the form (§9).
  const stored = await page.evaluate(() => ({ ...localStorage, ...sessionStorage }) as Record<string, string>);
  expect(Object.keys(stored).filter((key) => key.startsWith('portal.'))).toEqual(['portal.v1.loginEmail']);
  expect(JSON.stringify(stored)).not.toContain(name);
});
