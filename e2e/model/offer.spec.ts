/**
 * The offer machine's paths through the real UI in Chromium (docs/conventions.md, Tests; decision 232): the model of
 * tests/machines/offer.paths.test.ts, its covering subset. The worker and the offer are the reference server's (an
 * open offer, one whose shift overlaps a mission of theirs, one sent to someone else); the page's first read is the
 * server's, but for the input the route could not read. The calls the path makes after that are answered as the
 * path says, read ahead: a success of an answer goes to the server, a read again and every refusal are answered
 * with the fixture's offer or error (the server cannot make an offer filled or expired on demand). The deadline is
 * crossed on the browser's clock (page.clock), and so is an accepted place's give-back cut-off. After each step the
 * page must show the state the path planned.
 *
 * Staffing (decisions 260-265): an input the server cannot be in on demand (full, accepted, applied, in line) is the
 * page's first read answered with the fixture; a selection offer is made so on the server. A staffing step opens its
 * dialog from the page's button; the step's end (`xstate.done.actor.offerStep`) is walked through that dialog as its
 * output says (Cancel; or the reason where one is asked, then confirm, the call answered with the output's offer or
 * refusal). The dialog's own events, which the offer machine only hands to its child (`offer.reason`, `offer.confirm`
 * and `offer.cancel` while stepping), are the child's paths: e2e/model/offer-step.spec.ts walks them through the same
 * dialog, so the paths that send them to the parent are not walked here and their three transitions are excluded.
 */
import type { Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import type { Offer } from '#domain/api-schema.ts';
import { offerMachine } from '../../machines/offer.machine.ts';
import type { OfferStepKind } from '../../machines/offer-step.machine.ts';
import type { OfferInput } from '../../machines/offer.types.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { REASON } from '../../tests/machines/fixtures/offer.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { addMission, backoffice, signIn, workerPerFile, type Worker } from '../support/workers.ts';
import { answerInOrder, browserPaths, coverageProblems, failureOf, invokeEnds, stepExecutors, type Answer } from './browser-paths.ts';

const fr = { locale: 'fr' } as const;
/** The events the offer machine hands to its staffing step: the child's own (e2e/model/offer-step.spec.ts). */
const FORWARDED = ['offer.reason', 'offer.confirm', 'offer.cancel'];
type Walked = { steps: ReadonlyArray<{ event: EventObject; state: { matches: (state: 'stepping') => boolean } }> };
const forwardsToStep = (path: Walked) =>
  path.steps.some((step, i) => i > 0 && path.steps[i - 1]!.state.matches('stepping') && FORWARDED.includes(step.event.type));
const runs = MODELS.offer.runs().map(({ input, paths }) => ({ input, paths: paths.filter((path) => !forwardsToStep(path as never)) }));
const { paths, title, excluded } = browserPaths(offerMachine, runs, {
  name: (path, input) => `${inputName(input)}: ${pathTitle(MODELS.offer.expected, path as never, input)}`,
  excluded: FORWARDED.map((event) => `offer.stepping --${event}--> offer.stepping`),
});
// axe: every state a path walks is checked below, the page each path opens among them, so not again on navigating.
test.use({ allowedConsoleErrors: [/status of (403|404|409|500)/], axeOnNavigation: false });

function inputName(input: OfferInput): string {
  if (input.unavailable) return 'an offer sent to another worker';
  if (!input.offer) return 'an offer the route could not read';
  if (input.offer.status !== 'open') return `an offer ${input.offer.status}`;
  if (input.offer.staffing === 'selection') return 'a selection offer';
  return input.offer.shifts.some((shift) => shift.overlaps) ? 'an offer overlapping a mission' : 'an open offer';
}
/** The inputs the reference server is in when the offer is made (open, first come or by selection); the rest are read from the fixture. */
const onServer = (input: OfferInput) => input.offer === null || input.offer.status === 'open';
const STEP_CALL = /\/api\/user\/me\/offers\/[^/]+\/(apply|withdraw-application|waitlist|leave-waitlist|give-back)$/;
const STEP_WORDS = {
  apply: { button: m.offers_apply, title: m.offers_applyTitle, confirm: m.offers_applyConfirm },
  withdrawApplication: { button: m.offers_withdrawApplication, title: m.offers_withdrawTitle, confirm: m.offers_withdrawConfirm },
  joinWaitlist: { button: m.offers_joinWaitlist, title: m.offers_joinTitle, confirm: m.offers_joinConfirm },
  leaveWaitlist: { button: m.offers_leaveWaitlist, title: m.offers_leaveTitle, confirm: m.offers_leaveConfirm },
  giveBack: { button: m.offers_giveBack, title: m.offers_giveBackTitle, confirm: m.offers_giveBackConfirm },
} satisfies Record<OfferStepKind, unknown>;
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
    ...(input.offer?.staffing === 'selection' ? { staffing: 'selection' } : {}),
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
      return { status: 200, json: asServed(end.output as Offer, id, answerBy) };
    });
  // A staffing step ends as its output says: cancelled (no call), the offer as answered, or a refusal.
  const steps = invokeEnds(path, 'offerStep').flatMap((end): Answer[] => {
    const output = (end as { output: { offer: Offer | null; error: unknown; cancelled: boolean } }).output;
    if (output.cancelled) return [];
    return [output.offer ? { status: 200, json: asServed(output.offer, id, answerBy) } : failureOf(output.error)];
  });
  return { load: of('loadOffer'), accept: of('acceptOffer'), decline: of('declineOffer'), steps };
}

/** A fixture's offer as this path's: its id, and an open deadline or a give-back cut-off a day away on the page's clock. */
function asServed(offer: Offer, id: string, answerBy: string): Offer {
  return { ...offer, offer: id, answerBy: offer.status === 'open' ? answerBy : offer.answerBy, giveBackUntil: offer.giveBackUntil && answerBy };
}

test(title, () => {
  expect(coverageProblems(offerMachine, paths, excluded)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const answerBy = new Date(Date.now() + 26 * 3_600_000);
    const id = await offerOnServer(page, worker, path.input, answerBy, firstDayOf(index));
    const planned = plannedAnswers(path, id, answerBy.toISOString());
    // The route's own read: the server's, or a failure for the input it could not read.
    const firstRead: Answer =
      path.input.offer === null && !path.input.unavailable
        ? { status: 500, json: { code: 'internal_error', message: 'Erreur' } }
        : onServer(path.input)
          ? { server: true }
          : { status: 200, json: asServed(path.input.offer!, id, answerBy.toISOString()) };
    const reads = await answerInOrder(page, `**/api/user/me/offers/${id}`, [firstRead, ...planned.load]);
    const accepts = await answerInOrder(page, `**/api/user/me/offers/${id}/accept`, planned.accept);
    const declines = await answerInOrder(page, `**/api/user/me/offers/${id}/decline`, planned.decline);
    const stepCalls = await answerInOrder(page, (url) => STEP_CALL.test(url.pathname) && url.pathname.includes(`/${id}/`), planned.steps);
    await page.clock.install({ time: Date.now() });
    await signIn(page, worker);
    const dialog = page.getByRole('dialog');
    let dialogOf: 'accept' | 'decline' | null = null;
    let stepOf: OfferStepKind = 'apply';
    const openStep = (kind: OfferStepKind) => async () => {
      stepOf = kind;
      await page.getByRole('button', { name: STEP_WORDS[kind].button({}, fr) }).click();
    };

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
      'offer.apply': openStep('apply'),
      'offer.withdrawApplication': openStep('withdrawApplication'),
      'offer.joinWaitlist': openStep('joinWaitlist'),
      'offer.leaveWaitlist': openStep('leaveWaitlist'),
      'offer.giveBack': openStep('giveBack'),
      // The step's end, walked through its dialog (its own events: e2e/model/offer-step.spec.ts).
      'xstate.done.actor.offerStep': async ({ event }) => {
        const step = page.getByRole('dialog', { name: STEP_WORDS[stepOf].title({}, fr) });
        if ((event as unknown as { output: { cancelled: boolean } }).output.cancelled)
          return step.getByRole('button', { name: m.offers_cancel({}, fr) }).click();
        if (stepOf === 'giveBack') await step.getByRole('textbox', { name: m.offers_giveBackReason({}, fr) }).fill('Examen déplacé.');
        await step.getByRole('button', { name: STEP_WORDS[stepOf].confirm({}, fr) }).click();
      },
      // The cut-off of the place the server gave: as the server answers it (the page's own read may be the fixture's).
      'xstate.after.untilGiveBack.offer.accepted.returnable': async () => {
        const served = (await (await page.request.get(`/api/user/me/offers/${id}`, { headers: { Authorization: `Bearer ${worker.token}` } })).json()) as Offer;
        const now = await page.evaluate(() => Date.now());
        await page.clock.fastForward(Date.parse(served.giveBackUntil!) - now + 60_000);
      },
    });

    await path.test({
      events,
      states: {
        '*': async (state: { value: unknown; context: { offer: Offer | null; reason: string; unavailable: string | null } }) => {
          const value = JSON.stringify(state.value);
          if (['"loading"', '"accepting"', '"sendingDecline"', '"start"'].includes(value)) return; // transient: the next state is checked
          if (value === '"stepping"') {
            await expect(page.getByRole('dialog', { name: STEP_WORDS[stepOf].title({}, fr) })).toBeVisible();
            return expectAccessible(page, `the offer page: the ${stepOf} dialog`);
          }
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
            const selection = state.context.offer?.staffing === 'selection';
            await expect(page.getByRole('button', { name: m.offers_accept({}, fr), exact: true })).toHaveCount(overlapping || selection ? 0 : 1);
            await expect(page.getByRole('button', { name: m.offers_apply({}, fr), exact: true })).toHaveCount(!overlapping && selection ? 1 : 0);
            if (overlapping) await expect(page.getByText(m.offers_overlapExplained({}, fr))).toBeVisible();
            return;
          }
          if (value.startsWith('{"accepted"')) {
            // The place is the worker's: given back until the cut-off, after it the way to "I can't come".
            await expect(page.locator('[data-outcome="accepted"]')).toBeVisible();
            const returnable = value === '{"accepted":"returnable"}';
            await expect(page.getByRole('button', { name: m.offers_giveBack({}, fr) })).toHaveCount(returnable ? 1 : 0);
            await expect(page.locator('[data-give-back="too-late"]')).toHaveCount(returnable ? 0 : 1);
            return expectAccessible(page, `the offer page: accepted, ${returnable ? 'returnable' : 'kept'}`);
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
          // Each staffing status is said with its own words, and offers its own way on.
          const offer = state.context.offer;
          const said: Record<string, string> = {
            applied: m.offers_appliedText({}, fr),
            waitlisted: m.offers_waitlistedText({ position: offer?.waitlistPosition ?? 1 }, fr),
            notSelected: m.offers_notSelectedText({}, fr),
            givenBack: m.offers_givenBackText({ reason: offer?.giveBackReason ?? '' }, fr),
            setAside: m.offers_setAsideText({ reference: offer?.setAsideFor ?? '' }, fr),
          };
          if (said[rest]) await expect(outcome).toContainText(said[rest]);
          const canWait = rest === 'filled' && offer?.staffing === 'firstCome' && offer.shifts.every((shift) => shift.overlaps === null);
          await expect(page.getByRole('button', { name: m.offers_joinWaitlist({}, fr) })).toHaveCount(canWait ? 1 : 0);
          await expect(page.getByRole('button', { name: m.offers_withdrawApplication({}, fr) })).toHaveCount(rest === 'applied' ? 1 : 0);
          await expect(page.getByRole('button', { name: m.offers_leaveWaitlist({}, fr) })).toHaveCount(rest === 'waitlisted' ? 1 : 0);
          await expectAccessible(page, `the offer page: ${rest}`);
        },
      },
    } as never);
    // (A path may end in a transient state: its last call is then still on its way.)
    await expect.poll(() => reads.left() + accepts.left() + declines.left() + stepCalls.left(), { message: 'every answer the path planned was used' }).toBe(0);
  });
}
