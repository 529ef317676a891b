/**
 * The offer machine's paths through the real UI in Chromium (docs/conventions.md, Tests; decision 232): the model of
 * tests/machines/offer.paths.test.ts, its covering subset. The worker and the offer are the reference server's (an
 * open offer, one whose shift overlaps a mission of theirs, one sent to someone else); the page's first read is the
 * server's, but for the input the route could not read. The calls the path makes after that are answered as the
 * path says, read ahead: a success of an answer goes to the server, a read again and every refusal are answered
 * with the fixture's offer or error (the server cannot make an offer filled or expired on demand). The deadline is
 * crossed on the browser's clock (page.clock). After each step the page must show the state the path planned.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Offer } from '#domain/api-schema.ts';
import { offerMachine } from '../../machines/offer.machine.ts';
import type { OfferInput } from '../../machines/offer.types.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { REASON } from '../../tests/machines/fixtures/offer.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { addMission, backoffice, signIn, workerPerFile, type Worker } from '../support/workers.ts';
import { answerInOrder, browserPaths, coverageProblems, failureOf, invokeEnds, stepExecutors, type Answer } from './browser-paths.ts';

const fr = { locale: 'fr' } as const;
const { paths, title } = browserPaths(offerMachine, MODELS.offer.runs(), {
  name: (path, input) => `${inputName(input)}: ${pathTitle(MODELS.offer.expected, path as never, input)}`,
});
test.use({ allowedConsoleErrors: [/status of (403|404|409|500)/] });

function inputName(input: OfferInput): string {
  if (input.unavailable) return 'an offer sent to another worker';
  if (!input.offer) return 'an offer the route could not read';
  return input.offer.shifts.some((shift) => shift.overlaps) ? 'an offer overlapping a mission' : 'an open offer';
}
const dayFromToday = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + days * 86_400_000));

/** The one worker of this file's tests: each path's offer is on days of its own (a taken place makes missions). */
const sharedWorker = workerPerFile();
const someoneElse = workerPerFile();
const firstDayOf = (pathIndex: number) => 6 + 3 * pathIndex;

/**
 * The offer the input stands for, made on the server from day `day` on: sent to this worker (or another), its
 * shift overlapping a mission.
 */
async function offerOnServer(page: Page, worker: Worker, input: OfferInput, answerBy: Date, day: number): Promise<string> {
  const overlapping = input.offer?.shifts.some((shift) => shift.overlaps) === true;
  if (overlapping) await addMission(page.request, worker.email, day, { reference: 'CONGRES-MED', start: '13:00', end: '21:00' });
  const to = input.unavailable ? (await someoneElse(page.request)).email : worker.email;
  const body = {
    reference: 'GALA-ENTREPRISES',
    job: 'waiter',
    shortLocation: 'Palais 12',
    location1: 'Avenue de Miramar',
    hourlyWageCents: 1550,
    places: 3,
    answerBy: answerBy.toISOString(),
    // As the fixture's offers: two shifts (the second a night shift), or the one that overlaps the mission.
    shifts: [
      { date: dayFromToday(day), start: '18:00', end: '23:00' },
      ...(overlapping ? [] : [{ date: dayFromToday(day + 1), start: '22:00', end: '06:00' }]),
    ],
    workers: [to],
  };
  return (await backoffice<{ offer: string }>(page.request, 'POST', '/offers', body, 201)).offer;
}

/** What the path's steps answer each call with, read ahead. */
function plannedAnswers(path: { steps: ReadonlyArray<{ event: EventObject }> }, id: string, answerBy: string) {
  // An answer goes to the server (it takes the place, or records the decline); a read again is the fixture's offer.
  const of = (invoke: string) =>
    invokeEnds(path, invoke).map((end): Answer => {
      if (!end.ok) return failureOf(end.error);
      if (invoke !== 'loadOffer') return { server: true };
      const offer = end.output as Offer;
      return { status: 200, json: { ...offer, offer: id, answerBy: offer.status === 'open' ? answerBy : offer.answerBy } };
    });
  return { load: of('loadOffer'), accept: of('acceptOffer'), decline: of('declineOffer') };
}

test(title, () => {
  expect(coverageProblems(offerMachine, paths)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const answerBy = new Date(Date.now() + 26 * 3_600_000);
    const id = await offerOnServer(page, worker, path.input, answerBy, firstDayOf(index));
    const planned = plannedAnswers(path, id, answerBy.toISOString());
    // The route's own read: the server's, or a failure for the input it could not read.
    const firstRead: Answer =
      path.input.offer === null && !path.input.unavailable ? { status: 500, json: { code: 'internal_error', message: 'Erreur' } } : { server: true };
    const reads = await answerInOrder(page, `**/api/user/me/offers/${id}`, [firstRead, ...planned.load]);
    const accepts = await answerInOrder(page, `**/api/user/me/offers/${id}/accept`, planned.accept);
    const declines = await answerInOrder(page, `**/api/user/me/offers/${id}/decline`, planned.decline);
    await page.clock.install({ time: Date.now() });
    await signIn(page, worker);
    const dialog = page.getByRole('dialog');
    let dialogOf: 'accept' | 'decline' | null = null;

    const { events } = stepExecutors({
      'xstate.init': async () => void (await page.goto(`/offers?offer=${id}`)),
      'offer.accept': async () => {
        dialogOf = 'accept';
        await page.getByRole('button', { name: m.offers_accept({}, fr), exact: true }).click();
      },
      'offer.decline': async () => {
        dialogOf = 'decline';
        await page.getByRole('button', { name: m.offers_decline({}, fr), exact: true }).click();
      },
      'offer.reason': async () => dialog.getByRole('textbox', { name: m.offers_reasonLabel({}, fr) }).fill(REASON),
      'offer.confirm': async () =>
        dialog.getByRole('button', { name: dialogOf === 'accept' ? m.offers_acceptConfirm({}, fr) : m.offers_declineConfirm({}, fr) }).click(),
      'offer.cancel': async () => dialog.getByRole('button', { name: m.offers_cancel({}, fr) }).click(),
      'offer.retry': async () => page.getByRole('button', { name: m.offers_retry({}, fr) }).click(),
      'xstate.after.untilDeadline.offer.answerable': async () => {
        const now = await page.evaluate(() => Date.now());
        await page.clock.fastForward(answerBy.getTime() - now + 60_000);
      },
    });

    await path.test({
      events,
      states: {
        '*': async (state: { value: unknown; context: { offer: Offer | null; reason: string; unavailable: string | null } }) => {
          const value = JSON.stringify(state.value);
          if (['"loading"', '"accepting"', '"sendingDecline"', '"start"'].includes(value)) return; // transient: the next state is checked
          if (value === '{"answerable":"confirming"}') {
            await expect(dialog).toContainText(m.offers_acceptTitle({}, fr));
            // It names every shift of the offer (the server's and the fixture's have as many).
            // (The toasts' list sits in the open dialog too, so that it shows above it: the shifts are the items with times.)
            return expect(dialog.getByRole('listitem').filter({ hasText: /\d\d:\d\d – \d\d:\d\d/ })).toHaveCount(state.context.offer!.shifts.length);
          }
          if (value === '{"answerable":"declining"}') {
            await expect(dialog).toContainText(m.offers_declineTitle({}, fr));
            return expect(dialog.getByRole('textbox')).toHaveValue(state.context.reason);
          }
          await expect(dialog).toHaveCount(0);
          if (value === '{"answerable":"open"}') {
            await expect(page.locator('[data-outcome]')).toHaveCount(0);
            await expect(page.getByRole('button', { name: m.offers_decline({}, fr), exact: true })).toBeEnabled();
            const overlapping = state.context.offer?.shifts.some((shift) => shift.overlaps) === true;
            await expect(page.getByRole('button', { name: m.offers_accept({}, fr), exact: true })).toHaveCount(overlapping ? 0 : 1);
            if (overlapping) await expect(page.getByText(m.offers_overlapExplained({}, fr))).toBeVisible();
            return;
          }
          // A state the offer rests in: said in words (and for failed, a retry; for unavailable, none).
          const rest = JSON.parse(value) as string;
          const outcome = page.locator(`[data-outcome="${rest}"]`);
          await expect(outcome).toBeVisible();
          await expect(outcome.getByRole('button', { name: m.offers_retry({}, fr) })).toHaveCount(rest === 'failed' ? 1 : 0);
          await expect(page.getByRole('button', { name: m.offers_accept({}, fr), exact: true })).toHaveCount(0);
          if (rest === 'unavailable')
            await expect(outcome).toContainText(state.context.unavailable === 'not_found' ? m.offers_notFoundText({}, fr) : m.offers_notForYouText({}, fr));
          if (rest === 'expired') await expect(outcome).toContainText(m.offers_expiredText({}, fr));
          await expectAccessible(page, `the offer page: ${rest}`);
        },
      },
    } as never);
    // (A path may end in a transient state: its last call is then still on its way.)
    await expect.poll(() => reads.left() + accepts.left() + declines.left(), { message: 'every answer the path planned was used' }).toBe(0);
  });
}
