/**
 * The hours-day machine's paths through the real UI in Chromium (docs/conventions.md, Tests; decision 232): the model
 * of tests/machines/hours-day.paths.test.ts, its covering subset, each path on a day of its own that the client
 * recorded on the reference server (one worker for the file). The calls the path makes are answered as it says,
 * read ahead: a confirmation or a contest that succeeds goes to the server (the contest with the fixture's draft,
 * typed in the form); a refusal or failure is the fixture's error; the day read again is the fixture's day under
 * the real one's mission (the server cannot make a day auto-confirmed, corrected or resolved on demand). The
 * deadline is crossed on the browser's clock (page.clock). After each step the day's card must show the state the
 * path planned.
 */
import type { EventObject, SnapshotFrom } from 'xstate';
import type { HoursDay } from '#domain/api-schema.ts';
import { hoursDayMachine } from '../../machines/hours-day.machine.ts';
import type { ContestDraft } from '../../machines/hours.types.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { INVALID } from '../../tests/machines/fixtures/hours.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { dayCard, listedDay, recordedDay } from '../support/hours.ts';
import { signIn, workerPerFile } from '../support/workers.ts';
import { answerInOrder, browserPaths, coverageProblems, failureOf, invokeEnds, stepExecutors, type Answer } from './browser-paths.ts';

type Snap = SnapshotFrom<typeof hoursDayMachine>;
const fr = { locale: 'fr' } as const;
const model = MODELS['hours-day'];
const { paths, title } = browserPaths(hoursDayMachine, model.runs(), { name: (path, input) => pathTitle(model.expected, path as never, input) });
// axe: every state a path walks is checked below, the page each path opens among them, so not again on navigating.
test.use({ allowedConsoleErrors: [/status of (409|422|500)/], axeOnNavigation: false });

const sharedWorker = workerPerFile();

const STATUS_TEXT: Record<HoursDay['status'], string> = {
  toConfirm: m.hours_statusToConfirm({}, fr),
  confirmed: m.hours_statusConfirmed({}, fr),
  autoConfirmed: m.hours_statusAutoConfirmed({}, fr),
  contested: m.hours_statusContested({}, fr),
  resolved: m.hours_statusResolvedClient({}, fr),
};

/** What the card says the day is (machines/hours-day.selectors.ts `dayView`): to confirm while answered, unknown while read again. */
function viewOf(state: Snap): string {
  if (state.matches('toConfirm') || state.matches('confirming') || state.matches('contesting')) return 'toConfirm';
  if (state.matches('loading') || state.matches('loadFailed')) return 'unknown';
  return state.value as string;
}

test(title, () => {
  expect(coverageProblems(hoursDayMachine, paths)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const mission = await recordedDay(page.request, worker, index + 1, `DAY-${index + 1}`);
    const real = await listedDay(page.request, worker, mission);
    // The day read again: the fixture's, under the real day's mission, date and deadline.
    const reread = (output: unknown): Answer => ({
      status: 200,
      json: [{ ...(output as HoursDay), mission, date: real.date, reference: real.reference, confirmBy: real.confirmBy }],
    });
    const planned = (invoke: string, done: (output: unknown) => Answer) =>
      invokeEnds(path, invoke).map((end) => (end.ok ? done(end.output) : failureOf(end.error)));
    const confirms = await answerInOrder(
      page,
      `**/api/user/me/hours/confirm`,
      planned('confirmDay', () => ({ server: true })),
    );
    const contests = await answerInOrder(
      page,
      `**/api/user/me/hours/${mission}/contest`,
      planned('contestDay', () => ({ server: true })),
    );
    const reads = await answerInOrder(
      page,
      (url) => url.pathname === '/api/user/me/hours' && url.searchParams.get('from') === real.date,
      planned('loadDay', reread),
    );
    await page.clock.install({ time: Date.now() });
    await signIn(page, worker);
    const card = dayCard(page, mission);
    const form = card.getByRole('form');
    const checked = new Set<string>();

    const { events } = stepExecutors({
      'xstate.init': async () => void (await page.goto('/hours')),
      'day.confirm': async () => card.getByRole('button', { name: new RegExp(`^${m.hours_confirm({}, fr)}`) }).click(),
      'day.contest': async () => card.getByRole('button', { name: new RegExp(`^${m.hours_contest({}, fr)}`) }).click(),
      'contest.submit': async ({ event }) => {
        const { draft } = event as EventObject & { draft: ContestDraft };
        await form.getByLabel(m.hours_fieldStart({}, fr), { exact: true }).fill(draft.start);
        await form.getByLabel(m.hours_fieldEnd({}, fr), { exact: true }).fill(draft.end);
        await form.getByLabel(m.hours_fieldBreak({}, fr), { exact: true }).fill(String(draft.breakMinutes));
        await form.getByLabel(m.hours_fieldReason({}, fr), { exact: true }).fill(draft.reason);
        await form.getByRole('button', { name: m.hours_send({}, fr) }).click();
      },
      'contest.cancel': async () => form.getByRole('button', { name: m.hours_cancel({}, fr) }).click(),
      'day.retry': async () => card.getByRole('button', { name: m.hours_retry({}, fr) }).click(),
      // Confirmed with other ticked days: the selection bar's confirmation, which the server answers.
      'day.confirmedWithOthers': async () => {
        await card.getByRole('checkbox').check();
        await page.getByRole('button', { name: m.hours_confirmSelected({}, fr) }).click();
      },
      // Two minutes before, the card still counts down with its buttons active; past it, neither survives.
      'xstate.after.untilConfirmBy.hoursDay.toConfirm': async () => {
        await jumpTo(Date.parse(real.confirmBy) - 2 * 60_000);
        await expect(card).toContainText(m.hours_timeLeft({ time: m.hours_minutesLeft({ minutes: 2 }, fr), deadline: '' }, fr).split(',')[0]!);
        await expect(card.getByRole('button', { name: new RegExp(`^${m.hours_confirm({}, fr)}`) })).toBeEnabled();
        await pastTheDeadline();
      },
      'xstate.after.untilConfirmBy.hoursDay.contesting.editing': async () => pastTheDeadline(),
      'xstate.after.untilConfirmBy.hoursDay.contesting.saveFailed': async () => pastTheDeadline(),
    });
    /** Moves the browser's clock to `at` (firing the timers due by then), from wherever it is. */
    const jumpTo = async (at: number) => {
      const now = await page.evaluate(() => Date.now());
      await page.clock.fastForward(Math.max(0, at - now));
    };
    const pastTheDeadline = () => jumpTo(Date.parse(real.confirmBy) + 60_000);

    await path.test({
      events,
      states: {
        '*': async (state: Snap) => {
          if (state.matches('confirming') || state.matches('loading') || state.matches({ contesting: 'saving' })) return; // transient: the next state is checked
          await expect(card).toHaveAttribute('data-status', viewOf(state));
          await expect(form).toHaveCount(state.matches('contesting') ? 1 : 0);
          await expect(card.getByText(m.hours_confirmFailed({}, fr))).toHaveCount(state.matches({ toConfirm: 'confirmFailed' }) ? 1 : 0);
          await expect(card.getByText(m.hours_dayLoadFailed({}, fr))).toHaveCount(state.matches('loadFailed') ? 1 : 0);
          if (state.matches('contesting')) {
            await expect(form.getByText(m.hours_contestFailed({}, fr))).toHaveCount(state.matches({ contesting: 'saveFailed' }) ? 1 : 0);
            // The server's refusal of a value shows at its field; the form keeps what was typed.
            await expect(form.getByText(INVALID.fields[0]!.message).first()).toBeVisible({ visible: state.context.fieldErrors.length > 0 });
            if (state.context.draft) await expect(form.getByLabel(m.hours_fieldReason({}, fr), { exact: true })).toHaveValue(state.context.draft.reason);
          } else if (state.matches('toConfirm')) {
            await expect(card.getByText(STATUS_TEXT.toConfirm, { exact: true })).toBeVisible();
            await expect(card.getByRole('button', { name: new RegExp(`^${m.hours_confirm({}, fr)}`) })).toBeEnabled();
          } else if (!state.matches('loadFailed')) {
            // A day that rests: its status in words, no time left, nothing to answer.
            await expect(card.getByText(STATUS_TEXT[state.context.day.status], { exact: true })).toBeVisible();
            await expect(card.getByRole('button')).toHaveCount(0);
          }
          const shown = JSON.stringify(state.value);
          if (!checked.has(shown)) {
            checked.add(shown);
            await expectAccessible(page, `an hours card: ${shown}`);
          }
        },
      },
    } as never);
    // (A path may end in a transient state: its last call is then still on its way.)
    await expect.poll(() => confirms.left() + contests.left() + reads.left(), { message: 'every answer the path planned was used' }).toBe(0);
  });
}
