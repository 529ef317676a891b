/**
 * The session wiring against the reference server: a stored sign-in is restored, the shell follows the
 * session, and the route gate applies spec §5 with the real general info.
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

// Logout (the token revoked on the server, /login, the toast, nothing of the session left in storage) is the journey
// e2e/journeys/logout.spec.ts, which asserts all of it and the back button too.
