/** `/impersonate?token=…` (spec §2, §6): a one-time link from the agency's back-office. */
import { m } from '../../src/paraglide/messages.js';
import { expect, test } from '../fixtures.ts';
import { impersonationToken } from '../support/worker-stages.ts';
import { createWorker } from '../support/workers.ts';

test.use({ allowedConsoleErrors: [/the server responded with a status of 401/] });

test('a back-office link signs in as the worker for this browser session only, and works once', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved', language: 'nl' });
  const link = `/impersonate?token=${await impersonationToken(page.request, worker.email)}`;
  await page.goto(link);
  await expect(page).toHaveURL(/\/home$/);
  const nl = { locale: 'nl' } as const;
  // In the worker's language, with their menu; never remembered beyond the browser session.
  await expect(page.getByRole('button', { name: `${m.shell_userMenu({}, nl)} ${worker.firstName} ${worker.lastName}` })).toBeVisible();
  const stored = await page.evaluate(() => ({
    local: localStorage.getItem('portal.v1.currentUser'),
    session: sessionStorage.getItem('portal.v1.currentUser'),
  }));
  expect(stored.local).toBeNull();
  // The token and flags only: the name and address come from the server (decision 075).
  expect(stored.session).toMatch(/"token":"[A-Za-z0-9_-]{43}"/);
  expect(stored.session).not.toContain(worker.email);
  expect(stored.session).not.toContain(worker.lastName);
  // A support session says so on every page (docs/decisions/131-support-session-and-policies-date-in-the-info.md), and the worker's own login does not.
  const banner = page.getByRole('status').filter({ hasText: m.shell_supportSession({ name: `${worker.firstName} ${worker.lastName}` }, nl) });
  await expect(banner).toBeVisible();

  // The same link again: refused, and the address bar no longer holds it.
  await page.goto(link);
  await expect(page.getByRole('main').getByRole('alert')).toContainText(m.impersonate_failed({}, nl));
  await expect(page).toHaveURL(/\/impersonate$/);
  await expect(page.getByRole('navigation', { name: m.shell_mainNav({}, nl) }).getByRole('link', { name: m.nav_login({}, nl) })).toBeVisible();
});

test('a support session is ended from its banner: signed out, the token no longer works', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  await page.goto(`/impersonate?token=${await impersonationToken(page.request, worker.email)}`);
  await expect(page).toHaveURL(/\/home$/);
  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('portal.v1.currentUser') ?? '{}') as { value: { token: string } }).value.token);
  await page.getByRole('button', { name: m.shell_supportSessionEnd() }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('support-session')).toHaveCount(0);
  expect((await page.request.get('/api/user/me/info', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(401);
});
