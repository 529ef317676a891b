/**
 * The session wiring against the reference server: a stored sign-in is restored, the shell follows the
 * session, the route gate applies spec §5 with the real general info, and logout revokes the token.
 */
import { test, expect } from './fixtures.ts';
import { createWorker, signIn } from './support/workers.ts';
import { expectToast } from './support/toasts.ts';
import { m } from '../src/paraglide/messages.js';

const fr = { locale: 'fr' } as const;

test('an approved employee is restored signed in and sees the signed-in menu', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  await signIn(page, worker);
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: m.shell_mainNav({}, fr) });
  await expect(nav.getByRole('link', { name: m.nav_documents({}, fr) })).toBeVisible();
  await expect(nav.getByRole('link', { name: m.nav_login({}, fr) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: new RegExp(`${worker.firstName} ${worker.lastName}`) })).toBeVisible();
});

test('a worker who has not agreed to the policies is sent to /policies with the warning', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'registered' });
  await signIn(page, worker);
  await page.goto('/planning');
  await expect(page).toHaveURL(/\/policies$/);
  await expectToast(page, m.general_policiesNotAgreedTo({}, fr), 'warning');
});

test('logout revokes the token on the server and leaves the worker signed out on /login', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  const user = await signIn(page, worker);
  await page.goto('/home');
  await page.getByRole('button', { name: new RegExp(`${worker.firstName} ${worker.lastName}`) }).click();
  await page.getByRole('menuitem', { name: m.nav_logout({}, fr) }).click();
  await expect(page).toHaveURL(/\/login/);
  await expectToast(page, m.auth_loggedOut({}, fr), 'success');
  const info = await page.request.get('/api/user/me/info', { headers: { Authorization: `Bearer ${user.token}` } });
  expect(info.status()).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('portal.v1.currentUser'))).toBeNull();
});
