/**
 * The hours page machine's paths through the real UI in Chromium (docs/conventions.md, Tests; decision 232): the
 * model of tests/machines/hours-page.paths.test.ts, its covering subset. The fixture's days mA and mB are two days
 * the client recorded on the reference server (one worker for the file, two days of its own per path); every read of
 * the period (the route's, and the page's again) is answered as the path says, with the fixture's days under the
 * real ones' missions, or a failure. A refused confirmation of ticked days (the fixture's refusal) makes the page
 * read its days again; a confirmation the server makes tells the confirmed day's card. After each step the page must
 * show the state the path planned: its days, each card as its status, or why it could not read them.
 */
import type { SnapshotFrom } from 'xstate';
import type { HoursDay } from '#domain/api-schema.ts';
import { hoursPageMachine } from '../../machines/hours-page.machine.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { AUTO_CONFIRMED } from '../../tests/machines/fixtures/hours.ts';
import { INTERNAL_ERROR } from '../../tests/machines/fixtures/api.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { dayCard, listedDay, recordedDay } from '../support/hours.ts';
import { signIn, workerPerFile } from '../support/workers.ts';
import { answerInOrder, browserPaths, coverageProblems, failureOf, invokeEnds, stepExecutors, type Answer } from './browser-paths.ts';

type Snap = SnapshotFrom<typeof hoursPageMachine>;
const fr = { locale: 'fr' } as const;
const model = MODELS['hours-page'];
const { paths, title } = browserPaths(hoursPageMachine, model.runs(), {
  name: (path, input) => `${input.days ? 'two days to confirm' : 'days the route could not read'}: ${pathTitle(model.expected, path as never, input)}`,
});
// axe: every state a path walks is checked below, the page each path opens among them, so not again on navigating.
test.use({ allowedConsoleErrors: [/status of (409|500)/], axeOnNavigation: false });

const sharedWorker = workerPerFile();

test(title, () => {
  expect(coverageProblems(hoursPageMachine, paths)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const real = new Map<string, HoursDay>();
    for (const [n, fixture] of ['mA', 'mB'].entries())
      real.set(fixture, await listedDay(page.request, worker, await recordedDay(page.request, worker, 2 * index + n + 1, `PAGE-${index}-${n}`)));
    const onServer = (day: HoursDay): HoursDay => {
      const { mission, date, reference, confirmBy } = real.get(day.mission)!;
      return { ...day, mission, date, reference, confirmBy };
    };
    const read = (days: readonly HoursDay[]): Answer => ({ status: 200, json: days.map(onServer) });
    // The route's read, then the page's own reads again.
    const reads = await answerInOrder(page, (url) => url.pathname === '/api/user/me/hours' && !url.searchParams.has('from'), [
      path.input.days ? read(path.input.days) : failureOf(INTERNAL_ERROR),
      ...invokeEnds(path, 'loadDays').map((end) => (end.ok ? read(end.output as HoursDay[]) : failureOf(end.error))),
    ]);
    // Each confirmation of ticked days: confirmed by the server, or refused (a day had changed) so the page reads again.
    const confirms = await answerInOrder(
      page,
      '**/api/user/me/hours/confirm',
      path.steps.flatMap((step) =>
        step.event.type === 'days.reload' ? [failureOf(AUTO_CONFIRMED)] : step.event.type === 'days.confirmed' ? [{ server: true } as const] : [],
      ),
    );
    await signIn(page, worker);
    const card = (fixture: string) => dayCard(page, real.get(fixture)!.mission);
    const confirmTicked = async (fixture: string) => {
      await card(fixture).getByRole('checkbox').check();
      await page.getByRole('button', { name: m.hours_confirmSelected({}, fr) }).click();
    };
    const checked = new Set<string>();
    let confirmedByServer = false;

    const { events } = stepExecutors({
      'xstate.init': async () => void (await page.goto('/hours')),
      'days.retry': async () => page.getByRole('button', { name: m.hours_retry({}, fr) }).click(),
      // The selection confirms mA (the server's answer); a refused one (mB, still to confirm) reads the days again.
      'days.confirmed': async () => {
        confirmedByServer = true;
        await confirmTicked('mA');
      },
      'days.reload': async () => confirmTicked('mB'),
    });

    await path.test({
      events,
      states: {
        '*': async (state: Snap) => {
          if (state.matches('start') || state.matches('loading')) return; // transient: the next state is checked
          const days = state.context.days;
          if (state.matches('failed')) {
            await expect(page.getByText(days === null ? m.hours_loadFailed({}, fr) : m.hours_reloadFailed({}, fr))).toBeVisible();
            await expect(page.getByRole('button', { name: m.hours_retry({}, fr) })).toBeEnabled();
          } else await expect(page.getByRole('button', { name: m.hours_retry({}, fr) })).toHaveCount(0);
          // The days as the page holds them, each card as its status (a day the selection confirmed says so).
          for (const day of days ?? []) {
            const fixture = [...real.entries()].find(([, d]) => d.mission === onServer(day).mission)![0];
            await expect(card(fixture)).toHaveAttribute('data-status', confirmedByServer && fixture === 'mA' ? 'confirmed' : day.status);
          }
          if (days === null) await expect(page.locator('li[data-mission]')).toHaveCount(0);
          const shown = JSON.stringify(state.value);
          if (!checked.has(shown)) {
            checked.add(shown);
            await expectAccessible(page, `the hours page: ${shown}`);
          }
        },
      },
    } as never);
    await expect.poll(() => reads.left() + confirms.left(), { message: 'every answer the path planned was used' }).toBe(0);
  });
}
