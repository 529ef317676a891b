/**
 * The availability machine's paths walked through the real UI in Chromium, against the reference server
 * (docs/conventions.md, Tests). The model is the one the machine path tests walk (tests/machines/fixtures/availability.ts); the
 * fewest of its shortest paths that still cover every state and transition (`browserPaths`) each become a test.
 *
 * Invoke outcomes follow the path: every availabilities request is held (e2e/support/held-network.ts) until the path's
 * `xstate.done.actor.*` step lets it through to the server, or its `xstate.error.actor.*` step answers it with the
 * failure (a 500 for a load, the 422 of the fixture for a save). So a state like "loading" or "saving" is really on
 * screen when checked, and a move while loading leaves the first request unanswered, as a slow network would.
 *
 * The server holds, for the months a path visits, the fixture's month (mornings of even days): the grid and the
 * dialogs must show the machine's data. After the first successful save the fixture's reload returns the month
 * without the edits while the server kept them, so data checks stop there (the journeys check saved data).
 */
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { availabilityMachine } from '../../machines/availability.machine.ts';
import { NOT_PROVIDED } from '../../machines/invokes.ts';
import { daysOf, type AvailabilityMonth, type YearMonth } from '../../machines/availability.types.ts';
import { shortestPaths } from '../../tests/machines/helpers/model.ts';
import { SAVE_ERROR, START, availabilityModel, fixtures, key, monthOf } from '../../tests/machines/fixtures/availability.ts';
import { INTERNAL_ERROR } from '../../tests/machines/fixtures/api.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { HeldNetwork } from '../support/held-network.ts';
import { createWorker, signIn } from '../support/workers.ts';
import { browserPaths, coverageProblems } from './browser-paths.ts';

type Snap = SnapshotFrom<typeof availabilityMachine>;
type Step = { state: Snap; event: EventObject };

// Checked when the file loads: a subset that stopped covering the machine fails the whole spec, not silently.
const browser = browserPaths(availabilityMachine, [{ input: START, paths: shortestPaths(availabilityModel()) }]);
const { paths } = browser;

const fr = { locale: 'fr' } as const;
const SLOT_LABEL = {
  morning: m.availability_slotMorning({}, fr),
  afternoon: m.availability_slotAfternoon({}, fr),
  evening: m.availability_slotEvening({}, fr),
};
const FILL_LABEL = {
  morning: m.availability_fillMornings({}, fr),
  afternoon: m.availability_fillAfternoons({}, fr),
  evening: m.availability_fillEvenings({}, fr),
};
const previousOf = ({ year, month }: YearMonth): YearMonth => (month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 });
const monthKey = ({ year, month }: YearMonth) => `${year}-${month}`;
const fullDate = ({ year, month }: YearMonth, day: number) =>
  new Intl.DateTimeFormat('fr-BE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
const monthHeading = ({ year, month }: YearMonth) =>
  m.availability_monthHeading(
    {
      name: new Intl.DateTimeFormat('fr-BE', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1))),
      number: String(month).padStart(2, '0'),
      year,
    },
    fr,
  );

/**
 * The state a path really reaches. A path's steps carry the snapshot stored for each vertex of the model's graph,
 * and vertices ignore the month (the key is bounded): the stored snapshot may come from another way there (e.g.
 * "previous month" of the go-to target). So the path is replayed on the real machine, invoke outcomes re-made from
 * the fixtures for the month really shown; value and key must still match the path's (the machine tests check it).
 */
function shadowMachine() {
  const never = fromPromise(() => new Promise<never>(() => {}));
  // The shadow only computes states: each action the app must supply (a placeholder throws: decision 229) does nothing.
  const silent = Object.fromEntries(
    Object.entries(availabilityMachine.implementations.actions)
      .filter(([, action]) => typeof action === 'function' && NOT_PROVIDED in action)
      .map(([name]) => [name, () => {}]),
  );
  const actor = createActor(availabilityMachine.provide({ actors: { loadMonth: never as never, saveMonth: never as never }, actions: silent }), {
    input: START,
  }).start();
  return {
    replay(step: Step): Snap {
      if (step.event.type !== 'xstate.init') {
        const remake = step.event.type.startsWith('xstate.')
          ? (fixtures[step.event.type as keyof typeof fixtures] as (s: Snap) => EventObject[])(actor.getSnapshot())[0]!
          : step.event;
        actor.send(remake as never);
      }
      const truth = actor.getSnapshot();
      expect({ value: truth.value, key: key(truth) }).toEqual({ value: step.state.value, key: key(step.state) });
      return truth;
    },
  };
}

/** The edits of the fixture's month, to give the server the same data as the model. */
const asEdits = (month: AvailabilityMonth) => daysOf(month).map(({ day, morning, afternoon, evening }) => ({ day, morning, afternoon, evening }));

// A failed load or save answers 500 / 422: Chromium logs the failed resource, which is expected here.
test.use({ allowedConsoleErrors: [/status of (500|422)/] });

test(browser.title, () => {
  expect(coverageProblems(availabilityMachine, paths)).toEqual([]);
});

for (const path of paths) {
  test(path.name, async ({ page }) => {
    const worker = await createWorker(page.request);
    const headers = { Authorization: `Bearer ${worker.token}` };
    const shadow = shadowMachine();
    const truths = (path.steps as Step[]).map((step) => ({ event: step.event, state: shadow.replay(step) }));
    // The months shown, and the month before each (the "copy the previous month" shortcut reads it).
    const months = new Map(
      truths.flatMap(({ state }) => [state.context, previousOf(state.context)]).map((ym) => [monthKey(ym), { year: ym.year, month: ym.month }]),
    );
    for (const month of months.values()) {
      const response = await page.request.post(`/api/user/me/availabilities/${month.year}/${month.month}`, { headers, data: asEdits(monthOf(month)) });
      expect(response.status()).toBe(204);
    }
    // The browser's today is the model's (START.today): past days and shortcuts then agree with the machine's.
    await page.clock.setFixedTime(new Date(`${START.today}T10:00:00+02:00`));
    await signIn(page, worker);
    // Every request of a month the path shows (or copies from) is held until the path says how it ends.
    const endpoints = Object.fromEntries(
      [...months.values()].flatMap((ym) =>
        (['GET', 'POST'] as const).map((method) => [`${method} ${monthKey(ym)}`, { method, path: `/api/user/me/availabilities/${ym.year}/${ym.month}` }]),
      ),
    );
    const net = new HeldNetwork(page, endpoints);
    await net.install();
    for (const key of Object.keys(endpoints)) net.arm(key, { every: true });
    const held = {
      pass: async (method: 'GET' | 'POST', month: YearMonth) => (await net.latest(`${method} ${monthKey(month)}`)).continue(),
      fail: async (method: 'GET' | 'POST', month: YearMonth, status: number, body: unknown) =>
        (await net.latest(`${method} ${monthKey(month)}`)).fulfill({ status, json: body }),
    };

    let diverged = false; // see the header: after a successful save the model's data is not the server's
    const checkedA11y = new Set<string>();
    const grid = page.getByRole('grid');
    const dialog = page.getByRole('dialog');

    const execute = async (step: Step) => {
      const { event, state } = step;
      const shown = { year: state.context.year, month: state.context.month };
      switch (event.type) {
        case 'xstate.init':
          return void (await page.goto(`/availabilities?year=${START.year}&month=${START.month}`));
        case 'availability.previousMonth':
          return page.getByRole('button', { name: /^Mois précédent/ }).click();
        case 'availability.nextMonth':
          return page.getByRole('button', { name: /^Mois suivant/ }).click();
        case 'availability.goToMonth': {
          const { year, month } = event as EventObject & YearMonth;
          await page.getByLabel(m.availability_goToMonth({}, fr), { exact: true }).selectOption(String(month));
          await page.getByLabel(m.availability_goToYear({}, fr), { exact: true }).fill(String(year));
          return page.getByRole('button', { name: m.availability_goToButton({}, fr) }).click();
        }
        case 'availability.editDay':
          return grid.locator(`button[data-day="${(event as EventObject & { day: number }).day}"]`).click();
        case 'availability.editMonth':
          return page.getByRole('button', { name: m.availability_editMonth({}, fr) }).click();
        case 'availability.toggle': {
          const { day, slot } = event as EventObject & { day: number; slot: 'morning' | 'afternoon' | 'evening' };
          if (state.context.dialog === 'day') return dialog.getByRole('checkbox', { name: SLOT_LABEL[slot], exact: true }).click();
          return dialog.getByRole('checkbox', { name: m.availability_slotOfDay({ slot: SLOT_LABEL[slot], date: fullDate(shown, day) }, fr) }).click();
        }
        case 'availability.save':
          return dialog.getByRole('button', { name: m.availability_save({}, fr) }).click();
        case 'availability.cancel':
          return dialog.getByRole('button', { name: m.availability_cancel({}, fr) }).click();
        case 'availability.retry':
          return page.getByRole('button', { name: m.availability_retry({}, fr) }).click();
        case 'availability.fillWeek': {
          const { weekNumber } = event as EventObject & { weekNumber: number };
          return page
            .getByTestId('availability-shortcuts')
            .getByRole('button', { name: new RegExp(`^${m.availability_fillWeekLabel({ week: weekNumber, from: '', to: '' }, fr).split(',')[0]},`) })
            .click();
        }
        case 'availability.fillSlot':
          return page
            .getByTestId('availability-shortcuts')
            .getByRole('button', { name: FILL_LABEL[(event as EventObject & { slot: 'morning' | 'afternoon' | 'evening' }).slot] })
            .click();
        case 'availability.copyPreviousMonth':
          return page
            .getByTestId('availability-shortcuts')
            .getByRole('button', { name: m.availability_copyPreviousMonth({}, fr) })
            .click();
        case 'xstate.done.actor.copyPreviousMonth':
          return held.pass('GET', previousOf(shown));
        case 'xstate.error.actor.copyPreviousMonth':
          return held.fail('GET', previousOf(shown), 500, INTERNAL_ERROR);
        case 'xstate.done.actor.loadMonth':
        case 'xstate.done.actor.reloadMonth':
          return held.pass('GET', shown);
        case 'xstate.error.actor.loadMonth':
        case 'xstate.error.actor.reloadMonth':
          return held.fail('GET', shown, 500, INTERNAL_ERROR);
        case 'xstate.done.actor.saveMonth':
          diverged = true;
          return held.pass('POST', shown);
        case 'xstate.error.actor.saveMonth':
          return held.fail('POST', shown, 422, { ...SAVE_ERROR, fields: [] });
        default:
          throw new Error(`no executor for ${event.type}`);
      }
    };

    /**
     * Axe on the states only the model reaches (the failures) and on the day dialog, once per state value and test;
     * the journeys check the month editor and the grid (e2e/journeys/availability.spec.ts).
     */
    const a11y = async (state: Snap, label: string) => {
      const key = `${JSON.stringify(state.value)} ${state.context.dialog}`;
      if (checkedA11y.has(key) || (state.matches({ editing: 'idle' }) && state.context.dialog === 'month')) return;
      checkedA11y.add(key);
      await expectAccessible(page, label);
    };

    const checkState = async (state: Snap) => {
      const shown = { year: state.context.year, month: state.context.month };
      const overlay = page.getByTestId('loading-overlay');
      if (state.matches('persisting')) {
        await expect(overlay).toBeVisible();
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('button', { name: new RegExp(m.availability_save({}, fr)) })).toHaveAttribute('aria-busy', 'true');
        return;
      }
      await expect(overlay).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 2, name: monthHeading(shown), includeHidden: true, exact: true })).toBeVisible();
      if (state.matches({ browsing: 'loading' })) {
        await expect(page.getByTestId('availability-loading')).toBeVisible();
        await expect(dialog).toHaveCount(0);
      } else if (state.matches({ browsing: 'loadFailed' })) {
        await expect(page.getByTestId('availability-load-failed')).toBeVisible();
        await a11y(state, 'availability: load failed');
      } else if (state.matches({ browsing: 'viewing' })) {
        await expect(dialog).toHaveCount(0);
        await expect(grid).toBeVisible();
        await expect(grid.getByRole('button')).toHaveCount(daysOf(state.context.data).length);
        const saved = page.getByTestId('availability-saved');
        if (state.context.savedAt) await expect(saved).toHaveText(/^Enregistré le .+ à \d\d:\d\d\.$/);
        else await expect(saved).toHaveText('');
        if (!diverged) {
          for (const day of daysOf(state.context.data).filter((d) => d.day <= 3)) {
            const mark = grid.locator(`button[data-day="${day.day}"] [data-slot="morning"]`);
            await expect(mark).toHaveAttribute('data-available', String(day.morning));
            // Not colour alone: an available slot carries a tick (generated content), an unavailable one none.
            expect(await mark.evaluate((el) => getComputedStyle(el, '::after').content)).toBe(day.morning ? '"✓"' : 'none');
          }
        }
      } else {
        // A dialog: the day's or the month's, with its edits; after a failed save, the alert and the same edits.
        const title =
          state.context.dialog === 'day' ? fullDate(shown, state.context.edits[0]!.day) : m.availability_monthDialogTitle({ month: monthHeading(shown) }, fr);
        await expect(page.getByRole('dialog', { name: title })).toBeVisible();
        const failed = state.matches({ editing: 'saveFailed' }) || state.matches({ editing: 'copyFailed' });
        await expect(dialog.getByRole('alert')).toHaveCount(failed ? 1 : 0);
        if (!diverged) {
          for (const edit of state.context.edits.filter((e) => [2, 3, 28].includes(e.day))) {
            for (const slot of ['morning', 'evening'] as const) {
              const box =
                state.context.dialog === 'day'
                  ? dialog.getByRole('checkbox', { name: SLOT_LABEL[slot], exact: true })
                  : dialog.getByRole('checkbox', { name: m.availability_slotOfDay({ slot: SLOT_LABEL[slot], date: fullDate(shown, edit.day) }, fr) });
              await expect(box).toBeChecked({ checked: edit[slot] });
            }
          }
        }
        await a11y(state, `availability: ${JSON.stringify(state.value)}`);
      }
    };

    for (const step of truths) {
      await test.step(`${step.event.type} → ${JSON.stringify(step.state.value)}`, async () => {
        await execute(step);
        await checkState(step.state);
      });
    }
  });
}
