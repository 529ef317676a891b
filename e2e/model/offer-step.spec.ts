/**
 * The offer step's paths through the real dialog in Chromium (docs/conventions.md, Tests; decision 265): the model of
 * tests/machines/offer-step.paths.test.ts, its covering subset, each path opened from the offer page's button of its
 * step. The page reads the offer the step starts from (a full first-come one for joining the waitlist, over a
 * student's quota when the input says so; an accepted one for a give-back), and the step's call is answered as the
 * path says, read ahead: the fixture's offer, or its refusal. A reason is typed only where the dialog asks one (a
 * give-back): the model's reason for another step has no field on screen, so those paths are not walked here (the
 * give-back's walk every transition they would). After each step the dialog must show the state the path planned.
 */
import type { Offer } from '#domain/api-schema.ts';
import { offerStepMachine, type OfferStepInput, type OfferStepKind } from '../../machines/offer-step.machine.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { ACCEPTED, OFFERS, SELECTION } from '../../tests/machines/fixtures/offer.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { signIn, workerPerFile } from '../support/workers.ts';
import { answerInOrder, browserPaths, coverageProblems, failureOf, invokeEnds, stepExecutors, type Answer } from './browser-paths.ts';

const fr = { locale: 'fr' } as const;
/** A reason on screen only for a give-back. */
const walkable = (input: OfferStepInput, path: { steps: ReadonlyArray<{ event: { type: string } }> }) =>
  input.step === 'giveBack' || path.steps.every((step) => step.event.type !== 'offer.reason');
const runs = MODELS['offer-step'].runs().map(({ input, paths }) => ({ input, paths: paths.filter((path) => walkable(input, path)) }));
const { paths, title } = browserPaths(offerStepMachine, runs, {
  name: (path, input) => `${input.step}${input.overQuota ? ' over the quota' : ''}: ${pathTitle(MODELS['offer-step'].expected, path as never, input)}`,
});
test.use({ allowedConsoleErrors: [/status of (409|500)/] });

type Words = typeof m.offers_apply;
const STEP: Record<OfferStepKind, { from: Offer; button: Words; title: Words; confirm: Words; path: string }> = {
  apply: { from: SELECTION, button: m.offers_apply, title: m.offers_applyTitle, confirm: m.offers_applyConfirm, path: 'apply' },
  withdrawApplication: {
    from: OFFERS.APPLIED,
    button: m.offers_withdrawApplication,
    title: m.offers_withdrawTitle,
    confirm: m.offers_withdrawConfirm,
    path: 'withdraw-application',
  },
  joinWaitlist: { from: OFFERS.FILLED, button: m.offers_joinWaitlist, title: m.offers_joinTitle, confirm: m.offers_joinConfirm, path: 'waitlist' },
  leaveWaitlist: {
    from: OFFERS.WAITLISTED,
    button: m.offers_leaveWaitlist,
    title: m.offers_leaveTitle,
    confirm: m.offers_leaveConfirm,
    path: 'leave-waitlist',
  },
  giveBack: { from: ACCEPTED, button: m.offers_giveBack, title: m.offers_giveBackTitle, confirm: m.offers_giveBackConfirm, path: 'give-back' },
};
const OVER: Offer['quota'] = { year: 2027, quotaHours: 650, paidMinutes: 640 * 60, addsMinutes: 13 * 60, leftAfterMinutes: -3 * 60, over: true };
const sharedWorker = workerPerFile();

test(title, () => {
  expect(coverageProblems(offerStepMachine, paths)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const id = `ostep${index}`;
    const step = STEP[path.input.step];
    // The offer as the step starts from it, its deadline and cut-off a day away on the page's clock.
    const later = new Date(Date.now() + 26 * 3_600_000).toISOString();
    const from: Offer = {
      ...step.from,
      offer: id,
      answerBy: later,
      giveBackUntil: step.from.giveBackUntil && later,
      quota: path.input.overQuota ? OVER : null,
    };
    const answers = invokeEnds(path, 'sendStep').map(
      (end): Answer => (end.ok ? { status: 200, json: { ...(end.output as Offer), offer: id } } : failureOf(end.error)),
    );
    // The page's read, and a read again after a refusal that says the offer changed (the step's parent reads it).
    await answerInOrder(page, `**/api/user/me/offers/${id}`, [
      { status: 200, json: from },
      { status: 200, json: from },
    ]);
    const sent = await answerInOrder(page, `**/api/user/me/offers/${id}/${step.path}`, answers);
    let calls = 0;
    page.on('request', (request) => void (request.url().endsWith(`/${id}/${step.path}`) && (calls += 1)));
    await signIn(page, worker);
    const dialog = page.getByRole('dialog', { name: step.title({}, fr) });
    const confirm = path.input.overQuota ? m.offers_overQuotaConfirm({}, fr) : step.confirm({}, fr);

    const { events } = stepExecutors({
      'xstate.init': async () => {
        await page.goto(`/offers?offer=${id}`);
        await page.getByRole('button', { name: step.button({}, fr) }).click();
      },
      'offer.reason': async ({ event }) =>
        dialog.getByRole('textbox', { name: m.offers_giveBackReason({}, fr) }).fill((event as unknown as { reason: string }).reason),
      'offer.confirm': async () => dialog.getByRole('button', { name: confirm }).click(),
      'offer.cancel': async () => dialog.getByRole('button', { name: m.offers_cancel({}, fr) }).click(),
    });

    await path.test({
      events,
      states: {
        '*': async (state: { value: unknown; context: { reason: string; offer: Offer | null; error: { code: string } | null } }) => {
          const value = state.value as string;
          if (value === 'sending') return; // transient: its answer is already on its way
          if (value === 'confirming') {
            await expect(dialog).toBeVisible();
            await expect(dialog.getByRole('button', { name: confirm })).toBeEnabled();
            await expect(dialog.locator('[data-quota-warning]')).toHaveCount(path.input.overQuota ? 1 : 0);
            if (path.input.step === 'giveBack') await expect(dialog.getByRole('textbox')).toHaveValue(state.context.reason);
            return expectAccessible(page, `the ${path.input.step} dialog`);
          }
          await expect(dialog).toHaveCount(0);
          if (value === 'cancelled') return expect.poll(() => calls).toBe(0);
          if (value === 'done') return expect(page.locator(`[data-outcome="${state.context.offer!.status}"]`)).toBeVisible();
          // Refused: a refusal that says the offer changed reads it again (its state as it was); no answer fails.
          const code = state.context.error?.code;
          await expect(page.locator(`[data-outcome="${code === 'internal_error' ? 'failed' : from.status}"]`)).toBeVisible();
        },
      },
    } as never);
    await expect.poll(() => sent.left(), { message: 'every answer the path planned was used' }).toBe(0);
  });
}
