/**
 * The hours-selection machine's paths through the real UI in Chromium (docs/conventions.md, Tests; decision 232):
 * the model of tests/machines/hours-selection.paths.test.ts, its covering subset, on the hours page. The fixture's
 * days mA and mB are two days the client recorded on the reference server (one worker for the file, two days of
 * its own per path). The selection's confirmation is answered as the path says, read ahead: a success goes to the
 * server, a refusal or failure is the fixture's error. A ticked day stops being to confirm when it is confirmed
 * from its own card (the server's answer). After each step the selection bar and the tick boxes must show the
 * state the path planned.
 */
import type { EventObject, SnapshotFrom } from 'xstate';
import { hoursSelectionMachine } from '../../machines/hours-selection.machine.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { dayCard, recordedDay } from '../support/hours.ts';
import { signIn, workerPerFile } from '../support/workers.ts';
import { answerInOrder, browserPaths, coverageProblems, failureOf, invokeEnds, stepExecutors } from './browser-paths.ts';

type Snap = SnapshotFrom<typeof hoursSelectionMachine>;
const fr = { locale: 'fr' } as const;
const model = MODELS['hours-selection'];
const { paths, title } = browserPaths(hoursSelectionMachine, model.runs(), { name: (path) => pathTitle(model.expected, path as never) });
// axe: every state a path walks is checked below, the page each path opens among them, so not again on navigating.
test.use({ allowedConsoleErrors: [/status of (409|500)/], axeOnNavigation: false });

const sharedWorker = workerPerFile();
const FIXTURE_DAYS = ['mA', 'mB'] as const;

test(title, () => {
  expect(coverageProblems(hoursSelectionMachine, paths)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const missions = new Map<string, string>();
    for (const [n, fixture] of FIXTURE_DAYS.entries()) missions.set(fixture, await recordedDay(page.request, worker, 2 * index + n + 1, `SEL-${index}-${n}`));
    const card = (fixture: string) => dayCard(page, missions.get(fixture)!);
    const confirms = await answerInOrder(
      page,
      '**/api/user/me/hours/confirm',
      invokeEnds(path, 'confirmDays').map((end) => (end.ok ? { server: true } : failureOf(end.error))),
    );
    await signIn(page, worker);
    const bar = {
      confirm: page.getByRole('button', { name: m.hours_confirmSelected({}, fr) }),
      clear: page.getByRole('button', { name: m.hours_clearSelection({}, fr) }),
    };
    const checked = new Set<string>();
    /** The days confirmed so far (from their card, or by the selection): no longer to confirm, no tick box. */
    const confirmed = new Set<string>();

    const { events } = stepExecutors({
      'xstate.init': async () => void (await page.goto('/hours')),
      'selection.toggle': async ({ event }) =>
        card((event as EventObject & { day: { mission: string } }).day.mission)
          .getByRole('checkbox')
          .click(),
      // The ticked day stops being to confirm: confirmed from its own card (the server confirms it).
      'selection.drop': async ({ event }) => {
        const { mission } = event as EventObject & { mission: string };
        confirmed.add(mission);
        await card(mission)
          .getByRole('button', { name: new RegExp(`^${m.hours_confirm({}, fr)}`) })
          .click();
      },
      'selection.clear': async () => bar.clear.click(),
      'selection.confirm': async () => bar.confirm.click(),
    });

    await path.test({
      events,
      states: {
        '*': async (state: Snap) => {
          if (state.matches('confirming')) return; // transient: the next state is checked
          const ticked = state.context.selected.map((d) => d.mission);
          for (const fixture of state.context.lastConfirmed) confirmed.add(fixture);
          for (const fixture of FIXTURE_DAYS) {
            const box = card(fixture).getByRole('checkbox');
            await expect(card(fixture)).toHaveAttribute('data-status', confirmed.has(fixture) ? 'confirmed' : 'toConfirm');
            if (confirmed.has(fixture)) await expect(box).toHaveCount(0);
            else await expect(box).toBeChecked({ checked: ticked.includes(fixture) });
          }
          await expect(page.getByText(m.hours_selectionCount({ count: ticked.length }, fr))).toHaveCount(state.matches('choosing') ? 1 : 0);
          await expect(page.getByText(m.hours_selectionFailed({}, fr))).toHaveCount(state.matches({ choosing: 'failed' }) ? 1 : 0);
          await expect(page.getByText(m.hours_selectionStale({}, fr))).toHaveCount(state.matches('stale') ? 1 : 0);
          if (state.matches('empty') && state.context.lastConfirmed.length > 0) {
            await expect(page.getByRole('status').filter({ hasText: m.hours_confirmedCount({ count: state.context.lastConfirmed.length }, fr) })).toBeVisible();
            for (const fixture of state.context.lastConfirmed) await expect(card(fixture)).toHaveAttribute('data-status', 'confirmed');
          }
          if (state.matches('choosing')) await expect(bar.confirm).toBeEnabled();
          const shown = JSON.stringify(state.value);
          if (!checked.has(shown)) {
            checked.add(shown);
            await expectAccessible(page, `the hours selection: ${shown}`);
          }
        },
      },
    } as never);
    await expect.poll(() => confirms.left(), { message: 'every answer the path planned was used' }).toBe(0);
  });
}
