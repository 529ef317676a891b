/**
 * Signing in, as a worker meets it: a forced login that brings the worker back to the page asked, a wrong password
 * (the same words for an unknown address), too many attempts, and hostile return URLs that must stay on the portal.
 */
import { m } from '../../src/paraglide/messages.js';
import { uniqueEmail } from '../../tests/fixtures/worker-data.ts';
import { expect, expectAccessible, test } from '../fixtures.ts';
import { failOnce } from '../support/held-network.ts';
import { expectToast } from '../support/toasts.ts';
import { createWorker, type Worker } from '../support/workers.ts';
import type { Page } from '@playwright/test';

const fr = { locale: 'fr' } as const;

async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel(m.login_email({}, fr), { exact: true }).fill(email);
  await page.getByLabel(m.login_password({}, fr), { exact: true }).fill(password);
  await page.getByRole('button', { name: m.login_submit({}, fr) }).click();
}

test('a forced login brings the worker back to the page asked, with its query', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  await page.goto('/planning?month=5');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fplanning%3Fmonth%3D5$/);
  await signInWithForm(page, worker.email, worker.password);
  await expect(page).toHaveURL(/\/planning\?month=5$/);
  await expectToast(page, m.auth_loggedIn({}, fr), 'success');
  await expect(page.getByRole('button', { name: `${m.shell_userMenu({}, fr)} ${worker.firstName} ${worker.lastName}` })).toBeVisible();
});

test.describe('refusals', () => {
  test.use({ allowedConsoleErrors: [/the server responded with a status of (401|429)/] });

  test('a wrong password and an unknown address get the same words; too many attempts say so; then the right password', async ({ page }) => {
    const worker = await createWorker(page.request, { stage: 'approved' });
    await page.goto('/login');
    const refusal = page.getByRole('alert').getByRole('link');

    await signInWithForm(page, worker.email, 'not the password');
    await expect(refusal).toHaveText(m.login_failedCredentials({}, fr));
    // Said once, in the summary: no toast (which said "…or session expired", wrong on a login form; decision 130).
    await expect(page.locator('[data-toast]')).toHaveCount(0);
    await expectAccessible(page, 'login refused');

    await signInWithForm(page, uniqueEmail('nobody'), 'not the password');
    await expect(refusal).toHaveText(m.login_failedCredentials({}, fr));

    await failOnce(page, { method: 'POST', path: '/api/auth/login' }, 429, 'too_many_attempts', 'Trop de tentatives.');
    await signInWithForm(page, worker.email, worker.password);
    await expect(refusal).toHaveText(m.login_failedTooMany({}, fr));
    await expectAccessible(page, 'too many attempts');

    await signInWithForm(page, worker.email, worker.password);
    await expect(page).toHaveURL(/\/home$/);
  });
});

test('hostile return URLs stay on the portal', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const worker: Worker = await createWorker(page.request, { stage: 'approved' });
  // More variants (tabs, double encoding, lengths) in tests/machines/route-gate.test.ts.
  const hostile = ['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example/x', '/%2F%2Fevil.example', '/%5Cevil.example'];
  for (const returnUrl of hostile) {
    await test.step(returnUrl, async () => {
      await page.goto(`/login?redirect=${encodeURIComponent(returnUrl)}`);
      await signInWithForm(page, worker.email, worker.password);
      await expect(page).toHaveURL(`${baseURL}/home`);
      // Nobody stays signed in for the next one.
      await page.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
    });
  }
});
