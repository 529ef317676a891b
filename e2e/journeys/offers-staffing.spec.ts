/**
 * Staffed offers as workers meet them on a 390 px phone, in French and in Dutch (docs/decisions/260-264): a selection
 * offer applied for, the agency's choice made in a terminal (scripts/backoffice.ts select-offer), the mission on the
 * planning; a full offer waited for, the place coming at once when the worker who had it gives it back with a reason;
 * a student told what an offer adds to the year, and asked to confirm knowing the consequence before passing the quota.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { Offer } from '#domain/api-schema.ts';
import { BACKOFFICE_TOKEN } from '../../playwright.config.ts';
import { runBackoffice } from '../../scripts/backoffice.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { backoffice, createWorker, signIn, type Worker } from '../support/workers.ts';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

const brusselsDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(at));
const dayFromToday = (days: number) => brusselsDay(Date.now() + days * 86_400_000);
const bearer = (worker: Worker) => ({ Authorization: `Bearer ${worker.token}` });

type OfferBody = { reference: string; places: number; workers: string[]; shifts: Array<{ date: string; start: string; end: string }>; selection?: boolean };
async function makeOffer(request: APIRequestContext, { selection, ...body }: OfferBody): Promise<string> {
  const offer = {
    job: 'waiter',
    shortLocation: 'Palais 12',
    location1: 'Avenue de Miramar',
    hourlyWageCents: 1550,
    answerBy: new Date(Date.now() + 26 * 3_600_000).toISOString(),
    ...(selection ? { staffing: 'selection' } : {}),
    ...body,
  };
  return (await backoffice<{ offer: string }>(request, 'POST', '/offers', offer, 201)).offer;
}

/** A worker's own call, as their portal would make it. */
async function asWorker(request: APIRequestContext, worker: Worker, offer: string, step: string, data: unknown = {}): Promise<Offer> {
  const response = await request.post(`/api/user/me/offers/${offer}/${step}`, { headers: bearer(worker), data });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Offer;
}

/** The agency's command, typed in a terminal against the e2e server. */
async function inTerminal(baseUrl: string, args: string[]): Promise<void> {
  const lines: string[] = [];
  const code = await runBackoffice(args, { baseUrl, token: BACKOFFICE_TOKEN, fetch: (url, init) => fetch(url, init), out: (line) => lines.push(line) });
  expect(code, lines.join('\n')).toBe(0);
}

async function phoneOf(browser: Browser, worker: Worker): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'fr-BE', timezoneId: 'Europe/Brussels' });
  const page = await context.newPage();
  await signIn(page, worker);
  return page;
}

for (const locale of ['fr', 'nl'] as const) {
  const l = { locale };
  const offerPage = (offer: string) => `/offers?offer=${offer}&lang=${locale}`;

  test(`${locale}: a selection offer: applied for, chosen by the agency in a terminal, the mission on the planning; the other applicant not selected`, async ({
    page,
    baseURL,
  }) => {
    const [chosen, other] = await Promise.all([createWorker(page.request, { language: locale }), createWorker(page.request, { language: locale })]);
    const offer = await makeOffer(page.request, {
      reference: `CHOIX-${locale}`,
      places: 1,
      selection: true,
      workers: [chosen.email, other.email],
      shifts: [{ date: dayFromToday(5), start: '18:00', end: '23:00' }],
    });
    await asWorker(page.request, other, offer, 'apply');
    await signIn(page, chosen);
    await page.goto(offerPage(offer));
    // What pressing means, before pressing: the agency chooses, and the worker will be told.
    await expect(page.getByText(m.offers_applyExplained({}, l))).toBeVisible();
    await expect(page.getByRole('button', { name: m.offers_accept({}, l), exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: m.offers_apply({}, l) }).click();
    const dialog = page.getByRole('dialog', { name: m.offers_applyTitle({}, l) });
    await expectAccessible(page, `the application's confirmation (${locale})`);
    await dialog.getByRole('button', { name: m.offers_applyConfirm({}, l) }).click();
    const applied = page.locator('[data-outcome="applied"]');
    await expect(applied).toBeFocused();
    await expect(applied).toContainText(m.offers_appliedText({}, l));
    await expect(page.getByRole('button', { name: m.offers_withdrawApplication({}, l) })).toBeEnabled();

    await inTerminal(baseURL!, ['select-offer', offer, '--worker', chosen.email, '--close']);
    await page.reload();
    const accepted = page.locator('[data-outcome="accepted"]');
    await expect(accepted).toContainText(m.offers_acceptedText({}, l));
    await accepted.getByRole('link', { name: m.offers_toPlanning({}, l) }).click();
    await expect(page.getByRole('main')).toContainText(`CHOIX-${locale}`);
    const told = (await (await page.request.get(`/api/user/me/offers/${offer}`, { headers: bearer(other) })).json()) as Offer;
    expect(told.status).toBe('notSelected');
  });

  test(`${locale}: a full offer waited for: in line at position 1, the place comes when the worker who had it gives it back`, async ({ page, browser }) => {
    const [waiting, holder] = await Promise.all([createWorker(page.request, { language: locale }), createWorker(page.request, { language: locale })]);
    const offer = await makeOffer(page.request, {
      reference: `ATTENTE-${locale}`,
      places: 1,
      workers: [waiting.email, holder.email],
      shifts: [{ date: dayFromToday(6), start: '09:00', end: '13:00' }],
    });
    await asWorker(page.request, holder, offer, 'accept');
    await signIn(page, waiting);
    await page.goto(offerPage(offer));
    await expect(page.locator('[data-outcome="filled"]')).toContainText(m.offers_filledText({}, l));
    await expect(page.getByText(m.offers_waitlistExplained({}, l))).toBeVisible();
    await page.getByRole('button', { name: m.offers_joinWaitlist({}, l) }).click();
    await page
      .getByRole('dialog', { name: m.offers_joinTitle({}, l) })
      .getByRole('button', { name: m.offers_joinConfirm({}, l) })
      .click();
    await expect(page.locator('[data-outcome="waitlisted"]')).toContainText(m.offers_waitlistedText({ position: 1 }, l));
    await expectAccessible(page, `in line for an offer (${locale})`);

    // The worker who has the place gives it back on their own phone: a reason is asked, and said missing first.
    const other = await phoneOf(browser, holder);
    await other.goto(offerPage(offer));
    await other.getByRole('button', { name: m.offers_giveBack({}, l) }).click();
    const giveBack = other.getByRole('dialog', { name: m.offers_giveBackTitle({}, l) });
    await giveBack.getByRole('button', { name: m.offers_giveBackConfirm({}, l) }).click();
    const reason = giveBack.getByRole('textbox', { name: m.offers_giveBackReason({}, l) });
    await expect(reason).toBeFocused();
    await expect(giveBack).toContainText(m.offers_giveBackReasonRequired({}, l));
    await expectAccessible(other, `a give-back without its reason (${locale})`);
    await reason.fill(locale === 'fr' ? 'Examen déplacé à ce jour-là.' : 'Examen verplaatst naar die dag.');
    await giveBack.getByRole('button', { name: m.offers_giveBackConfirm({}, l) }).click();
    await expect(other.locator('[data-outcome="givenBack"]')).toBeVisible();
    await other.context().close();

    // The first in line has the place at once: the offer reads accepted, the mission on the planning.
    await page.reload();
    await expect(page.locator('[data-outcome="accepted"]')).toContainText(m.offers_acceptedText({}, l));
    await page.goto(`/planning?lang=${locale}`);
    await expect(page.getByRole('main')).toContainText(`ATTENTE-${locale}`);
  });

  test(`${locale}: a student is told what an offer adds to the year, and confirms knowing the consequence before passing the quota`, async ({ page }) => {
    const student = await createWorker(page.request, { statute: 'E', language: locale });
    // 28 shifts of nearly a day each (671 hours), all in one calendar year: more than the quota of 650 hours.
    const from = Date.now() + 5 * 86_400_000;
    const endOfYear = Date.parse(`${brusselsDay(from).slice(0, 4)}-12-31T12:00:00Z`);
    const start = endOfYear - from < 29 * 86_400_000 ? endOfYear + 2 * 86_400_000 : from;
    const shifts = Array.from({ length: 28 }, (_, day) => ({ date: brusselsDay(start + day * 86_400_000), start: '06:00', end: '05:59' }));
    const offer = await makeOffer(page.request, { reference: `QUOTA-${locale}`, places: 2, workers: [student.email], shifts });
    await signIn(page, student);
    await page.goto(offerPage(offer));
    const facts = page.locator('[data-quota="over"]');
    await expect(facts).toContainText(m.offers_quotaLabel({ year: Number(shifts[0]!.date.slice(0, 4)) }, l));
    await page.getByRole('button', { name: m.offers_accept({}, l), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: m.offers_acceptTitle({}, l) });
    await expect(dialog.locator('[data-quota-warning]')).toBeVisible();
    await expect(dialog.getByRole('button', { name: m.offers_acceptConfirm({}, l) })).toHaveCount(0);
    await expectAccessible(page, `the confirmation past the quota (${locale})`);
    await dialog.getByRole('button', { name: m.offers_overQuotaConfirm({}, l) }).click();
    await expect(page.locator('[data-outcome="accepted"]')).toContainText(m.offers_acceptedText({}, l));
  });
}
