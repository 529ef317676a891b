/**
 * Deadlines are states the pages follow (docs/decisions/225-deadlines-are-states.md), on a controlled clock: the
 * browser's (Playwright's page.clock, which the app's clock and its timers read) jumps to a minute before each
 * deadline, then past it; the server keeps the real time (it says the same once its own deadline has come). An open
 * offer's page and the list cross their deadline on screen without a reload (a day of hours does so in its machine's
 * browser paths, e2e/model/hours-day.spec.ts: two minutes before, then past it).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { backoffice, createWorker, signIn, type Worker } from '../support/workers.ts';

const fr = { locale: 'fr' as const };
const MINUTE = 60_000;
/** A calendar day `days` from today in Brussels (YYYY-MM-DD). */
const dayFromToday = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + days * 86_400_000));

/** An offer of one shift sent to `worker`, answered by `answerBy`. */
async function offerFor(request: APIRequestContext, worker: Worker, reference: string, answerBy: Date): Promise<string> {
  const body = {
    reference,
    job: 'waiter',
    shortLocation: 'Palais 12',
    hourlyWageCents: 1550,
    places: 2,
    answerBy: answerBy.toISOString(),
    shifts: [{ date: dayFromToday(6), start: '18:00', end: '23:00' }],
    workers: [worker.email],
  };
  return (await backoffice<{ offer: string }>(request, 'POST', '/offers', body, 201)).offer;
}

/** Moves the browser's clock to `at` (firing the timers due by then), from wherever it is. */
async function jumpTo(page: Page, at: number) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.fastForward(Math.max(0, at - now));
}

test('an open offer crosses its deadline on its page and in the list: expired there and then, nothing left to answer', async ({ page }) => {
  const worker = await createWorker(page.request);
  const start = Date.now();
  const listed = new Date(start + 3 * 3_600_000);
  const opened = new Date(start + 5 * 3_600_000);
  const [first, second] = [await offerFor(page.request, worker, 'DEADLINE-LIST', listed), await offerFor(page.request, worker, 'DEADLINE-PAGE', opened)];
  await page.clock.install({ time: start });
  await signIn(page, worker);

  await page.goto('/offers');
  const card = page.locator(`[data-offer="${first}"]`);
  await expect(card).toHaveAttribute('data-status', 'open');
  await jumpTo(page, listed.getTime() - MINUTE);
  await expect(card).toContainText(/\(dans 1\sminute\)/);
  await jumpTo(page, listed.getTime() + MINUTE);
  await expect(card).toHaveAttribute('data-status', 'expired');
  await expect(page.getByRole('region', { name: m.offers_closedTitle({}, fr) }).locator(`[data-offer="${first}"]`)).toContainText(
    m.offers_statusExpired({}, fr),
  );
  await expect(page.getByRole('region', { name: m.offers_openTitle({ count: 1 }, fr) })).toBeVisible();
  await expectAccessible(page, 'the list with an offer just expired');

  await page.locator(`[data-offer="${second}"]`).getByRole('link').click();
  await expect(page.getByRole('button', { name: m.offers_accept({}, fr) })).toBeEnabled();
  await jumpTo(page, opened.getTime() - MINUTE);
  await expect(page.getByText(/\(dans 1\sminute\)/)).toBeVisible();
  await page.getByRole('button', { name: m.offers_decline({}, fr) }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await jumpTo(page, opened.getTime() + MINUTE);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const outcome = page.locator('[data-outcome="expired"]');
  await expect(outcome).toContainText(m.offers_expiredText({}, fr));
  await expect(outcome).toBeFocused();
  await expect(page.getByRole('button', { name: m.offers_accept({}, fr) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: m.offers_decline({}, fr) })).toHaveCount(0);
  await expect(page.getByText(/\(dans 1\sminute\)/)).toHaveCount(0);
  await expectAccessible(page, 'an offer that expired while open');
});
