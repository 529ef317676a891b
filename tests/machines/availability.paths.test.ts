import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { availabilityMachine } from '../../machines/availability.machine.ts';
import { daysOf, type YearMonth } from '../../machines/availability.types.ts';
import {
  canCopyPreviousMonth,
  canEditDay,
  canFillSlot,
  canFillWeek,
  canGoNext,
  canGoPrevious,
  copyFailed,
  dialogEdits,
  isCopying,
  isPast,
  monthEditorEdits,
  openDialog,
  saveFailed,
  savedAt,
  shownMonth,
  slotFilled,
  weekFilled,
} from '../../machines/availability.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import { SAVED_AT, START, availabilityExpected as expected, fixtures, key, monthOf } from './fixtures/availability.ts';

type M = typeof availabilityMachine;
const MAY = { year: START.year, month: START.month };
type Snap = SnapshotFrom<M>;

const ACTIONS = ['showOverlay', 'hideOverlay', 'monthChanged'] as const;
type Action = (typeof ACTIONS)[number];
const harness = () => createHarness(availabilityMachine, { actors: ['loadMonth', 'saveMonth'], actions: ACTIONS });
const paths = MODELS.availability.runs()[0]!.paths;

function check(actual: Snap, _expected: Snap, h: Harness<M, Action>, event: { type: string }) {
  const { context } = actual;
  // The overlay is on exactly while persisting.
  const overlay = h.spies.showOverlay.mock.calls.length - h.spies.hideOverlay.mock.calls.length;
  expect(overlay).toBe(actual.matches('persisting') ? 1 : 0);
  // Edits exist only with a dialog open: one day, or every day of the month.
  const days = daysOf(context.data).length;
  if (actual.matches('editing') || actual.matches('persisting')) expect(context.edits).toHaveLength(context.dialog === 'day' ? 1 : days);
  else expect([context.edits, context.dialog]).toEqual([[], null]);
  if (actual.hasTag('dialogOpen')) expect(['day', 'month']).toContain(context.dialog);
  // The data shown is the month asked.
  if (context.data) expect({ year: context.data.year, month: context.data.month }).toEqual(shownMonth(actual));

  switch (event.type) {
    case 'availability.previousMonth':
    case 'availability.nextMonth':
    case 'availability.goToMonth':
      expect(
        h
          .argsOf('monthChanged')
          .map(({ context: c }) => ({ year: c.year, month: c.month }))
          .at(-1),
      ).toEqual(shownMonth(actual));
      expect(h.deferred.inputsOf('loadMonth').at(-1)).toEqual(shownMonth(actual));
      expect(context.savedAt).toBeNull();
      break;
    case 'availability.save':
    case 'xstate.error.actor.saveMonth':
      expect(h.deferred.inputsOf('saveMonth').at(-1)).toEqual({ ...shownMonth(actual), edits: context.edits });
      break;
    case 'xstate.done.actor.reloadMonth':
      expect(savedAt(actual)).toBe(SAVED_AT);
      break;
  }
}

describe('availability machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(availabilityMachine, fixtures)).toEqual({ missing: [], stale: [] }));

  const coverage = coverageOf(availabilityMachine, paths);
  const walked = paths;
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });

  it.each(paths.map((p) => [pathTitle(expected, p), p] as const))('%s', async (_, path) => {
    await executePath(path, { harness, input: START, key, expected, check });
  });
});

describe('availability machine: journeys with fixed end states', () => {
  async function viewing(month: YearMonth = START) {
    const h = harness();
    h.start(month);
    await h.exec({ type: 'xstate.done.actor.loadMonth', output: monthOf(month) });
    return h;
  }

  it('edit the month: toggle, save with the overlay, reload, "saved at"', async () => {
    const h = await viewing();
    await h.exec({ type: 'availability.editMonth' });
    expect(openDialog(h.snapshot())).toBe('month');
    expect(dialogEdits(h.snapshot())).toHaveLength(31);
    await h.exec({ type: 'availability.toggle', day: 1, slot: 'afternoon' });
    await h.exec({ type: 'availability.toggle', day: 2, slot: 'morning' });
    await h.exec({ type: 'availability.save' });
    expect(h.spies.showOverlay).toHaveBeenCalledTimes(1);
    const sent = h.deferred.inputsOf('saveMonth')[0] as { edits: Array<{ day: number }> };
    expect(sent.edits.find((e) => e.day === 1)).toEqual({ day: 1, morning: false, afternoon: true, evening: false });
    expect(sent.edits.find((e) => e.day === 2)).toEqual({ day: 2, morning: false, afternoon: false, evening: false });
    await h.exec({ type: 'xstate.done.actor.saveMonth', output: { savedAt: SAVED_AT } });
    expect(h.snapshot().value).toEqual({ persisting: 'reloading' });
    expect(h.deferred.inputsOf('loadMonth')).toEqual([MAY, MAY]);
    await h.exec({ type: 'xstate.done.actor.reloadMonth', output: monthOf(START) });

    expect(h.snapshot().value).toEqual({ browsing: 'viewing' });
    expect(savedAt(h.snapshot())).toBe(SAVED_AT);
    expect(openDialog(h.snapshot())).toBeNull();
    expect(h.spies.hideOverlay).toHaveBeenCalledTimes(1);
  });

  it('a failed save returns to the same dialog with the edits intact, then succeeds', async () => {
    const h = await viewing();
    await h.exec({ type: 'availability.editDay', day: 3 });
    await h.exec({ type: 'availability.toggle', day: 3, slot: 'evening' });
    const edits = dialogEdits(h.snapshot());
    await h.exec({ type: 'availability.save' });
    await h.exec({ type: 'xstate.error.actor.saveMonth', error: INTERNAL_ERROR });
    expect(h.snapshot().value).toEqual({ editing: 'saveFailed' });
    expect(openDialog(h.snapshot())).toBe('day');
    expect(saveFailed(h.snapshot())).toBe(true);
    expect(dialogEdits(h.snapshot())).toEqual(edits);
    expect(h.spies.hideOverlay).toHaveBeenCalledTimes(1);
    await h.exec({ type: 'availability.save' });
    await h.exec({ type: 'xstate.done.actor.saveMonth', output: { savedAt: SAVED_AT } });
    await h.exec({ type: 'xstate.done.actor.reloadMonth', output: monthOf(START) });
    expect(h.snapshot().value).toEqual({ browsing: 'viewing' });
    expect(h.deferred.inputsOf('saveMonth')).toEqual([
      { ...MAY, edits: [{ day: 3, morning: false, afternoon: false, evening: true }] },
      { ...MAY, edits: [{ day: 3, morning: false, afternoon: false, evening: true }] },
    ]);
  });

  it('the month editor shows, while closed, what it would open with, and its own edits while open', async () => {
    const h = harness();
    h.start(START);
    expect(monthEditorEdits(h.snapshot())).toEqual([]);
    await h.exec({ type: 'xstate.done.actor.loadMonth', output: monthOf(START) });
    const prepared = monthEditorEdits(h.snapshot());
    expect(prepared).toHaveLength(31);
    expect(prepared[1]).toEqual({ day: 2, morning: true, afternoon: false, evening: false });
    // The same array while the same month is loaded: the view's memoised rows are not built again for nothing.
    await h.exec({ type: 'availability.editDay', day: 3 });
    await h.exec({ type: 'availability.cancel' });
    expect(monthEditorEdits(h.snapshot())).toBe(prepared);
    await h.exec({ type: 'availability.editMonth' });
    expect(monthEditorEdits(h.snapshot())).toEqual(prepared);
    await h.exec({ type: 'availability.toggle', day: 2, slot: 'morning' });
    expect(monthEditorEdits(h.snapshot())[1]).toEqual({ day: 2, morning: false, afternoon: false, evening: false });
    expect(monthEditorEdits(h.snapshot())).toBe(dialogEdits(h.snapshot()));
    await h.exec({ type: 'availability.cancel' });
    expect(monthEditorEdits(h.snapshot())).toBe(prepared);
  });

  it('cancelling a dialog drops its edits', async () => {
    const h = await viewing();
    await h.exec({ type: 'availability.editDay', day: 3 });
    await h.exec({ type: 'availability.toggle', day: 3, slot: 'morning' });
    await h.exec({ type: 'availability.cancel' });
    expect(h.snapshot().value).toEqual({ browsing: 'viewing' });
    await h.exec({ type: 'availability.editDay', day: 3 });
    expect(dialogEdits(h.snapshot())).toEqual([{ day: 3, morning: false, afternoon: false, evening: false }]);
    expect(h.deferred.inputsOf('saveMonth')).toEqual([]);
  });

  it('across the year: December → January, back, and a go-to from the URL', async () => {
    const h = await viewing({ year: 2026, month: 12 });
    await h.exec({ type: 'availability.nextMonth' });
    expect(shownMonth(h.snapshot())).toEqual({ year: 2027, month: 1 });
    // A quick second click while loading: the month asked last is the one loaded.
    await h.exec({ type: 'availability.nextMonth' });
    await h.exec({ type: 'xstate.done.actor.loadMonth', output: monthOf({ year: 2027, month: 2 }) });
    expect(shownMonth(h.snapshot())).toEqual({ year: 2027, month: 2 });
    // The URL follows the machine; the same month coming back from the URL does nothing.
    expect(h.argsOf('monthChanged').map(({ context: c }) => ({ year: c.year, month: c.month }))).toEqual([
      { year: 2027, month: 1 },
      { year: 2027, month: 2 },
    ]);
    expect(h.snapshot().can({ type: 'availability.goToMonth', year: 2027, month: 2 })).toBe(false);
    await h.exec({ type: 'availability.goToMonth', year: 2026, month: 12 });
    await h.exec({ type: 'xstate.done.actor.loadMonth', output: monthOf({ year: 2026, month: 12 }) });
    expect(h.snapshot().value).toEqual({ browsing: 'viewing' });
    expect(shownMonth(h.snapshot())).toEqual({ year: 2026, month: 12 });
  });

  it('stops at the months the API accepts, and refuses padding days', async () => {
    const first = await viewing({ year: 2000, month: 1 });
    expect([canGoPrevious(first.snapshot()), canGoNext(first.snapshot())]).toEqual([false, true]);
    expect(canEditDay(first.snapshot(), 0)).toBe(false);
    const last = await viewing({ year: 2100, month: 12 });
    expect([canGoPrevious(last.snapshot()), canGoNext(last.snapshot())]).toEqual([true, false]);
  });

  it('a failed load can be retried or left for another month', async () => {
    const h = harness();
    h.start(START);
    await h.exec({ type: 'xstate.error.actor.loadMonth', error: INTERNAL_ERROR });
    expect(h.snapshot().value).toEqual({ browsing: 'loadFailed' });
    await h.exec({ type: 'availability.retry' });
    await h.exec({ type: 'xstate.done.actor.loadMonth', output: monthOf(START) });
    expect(h.snapshot().value).toEqual({ browsing: 'viewing' });
  });
});

describe('availability machine: the month editor shortcuts', () => {
  const slotsOf = (h: Harness<M, Action>, day: number) => dialogEdits(h.snapshot()).find((e) => e.day === day);
  async function editor() {
    const h = harness();
    h.start(START); // May 2026, today the 14th
    await h.exec({ type: 'xstate.done.actor.loadMonth', output: monthOf(START) });
    await h.exec({ type: 'availability.editMonth' });
    return h;
  }

  it('fills a whole week (18–24 May), and clears it when pressed again; nothing is sent', async () => {
    const h = await editor();
    await h.exec({ type: 'availability.fillWeek', weekNumber: 21 });
    for (const day of [18, 19, 20, 21, 22, 23, 24]) expect(slotsOf(h, day)).toEqual({ day, morning: true, afternoon: true, evening: true });
    expect(slotsOf(h, 25)).toEqual({ day: 25, morning: false, afternoon: false, evening: false });
    expect(weekFilled(h.snapshot(), 21)).toBe(true);
    await h.exec({ type: 'availability.fillWeek', weekNumber: 21 });
    expect(slotsOf(h, 18)).toEqual({ day: 18, morning: false, afternoon: false, evening: false });
    expect(h.deferred.inputsOf('saveMonth')).toEqual([]);
  });

  it('every evening of the month from today on; past days (1–13) are left as they were', async () => {
    const h = await editor();
    await h.exec({ type: 'availability.fillSlot', slot: 'evening' });
    expect(
      dialogEdits(h.snapshot())
        .filter((e) => e.evening)
        .map((e) => e.day),
    ).toEqual(Array.from({ length: 18 }, (_, i) => 14 + i));
    expect(slotFilled(h.snapshot(), 'evening')).toBe(true);
    expect([isPast(h.snapshot(), 13), isPast(h.snapshot(), 14)]).toEqual([true, false]);
    // A week all in the past is refused (the shortcut would change nothing): its button is disabled.
    expect([canFillWeek(h.snapshot(), 19), canFillWeek(h.snapshot(), 20)]).toEqual([false, true]); // 4–10 May, 11–17 May
  });

  it('copies the previous month by weekday and rank (3rd Monday from 3rd Monday, a 5th Friday from the last), after the month arrives', async () => {
    const h = await editor();
    await h.exec({ type: 'availability.copyPreviousMonth' });
    expect(isCopying(h.snapshot())).toBe(true);
    expect(h.deferred.inputsOf('loadMonth').at(-1)).toEqual({ year: 2026, month: 4 });
    const april = monthOf({ year: 2026, month: 4 }); // mornings of even days
    april.weeks[2]!.days[2]!.evening = true; // Wednesday 15 April, the 3rd Wednesday
    await h.exec({ type: 'xstate.done.actor.copyPreviousMonth', output: april });
    expect(h.snapshot().value).toEqual({ editing: 'idle' });
    expect(slotsOf(h, 18)!.morning).toBe(true); // 3rd Monday ← 20 April
    expect(slotsOf(h, 25)!.morning).toBe(false); // 4th Monday ← 27 April
    expect(slotsOf(h, 29)!.morning).toBe(true); // 5th Friday ← 24 April, the last Friday
    expect(slotsOf(h, 20)).toEqual({ day: 20, morning: false, afternoon: false, evening: true }); // 3rd Wednesday ← 15 April
    expect(slotsOf(h, 2)).toEqual({ day: 2, morning: true, afternoon: false, evening: false }); // past: as loaded
    expect(h.deferred.inputsOf('saveMonth')).toEqual([]);
  });

  it('a failed copy keeps the edits, says so, and can be tried again; the shortcuts are the month editor’s only', async () => {
    const h = await editor();
    await h.exec({ type: 'availability.toggle', day: 20, slot: 'afternoon' });
    const edits = dialogEdits(h.snapshot());
    await h.exec({ type: 'availability.copyPreviousMonth' });
    await h.exec({ type: 'xstate.error.actor.copyPreviousMonth', error: INTERNAL_ERROR });
    expect(copyFailed(h.snapshot())).toBe(true);
    expect(dialogEdits(h.snapshot())).toEqual(edits);
    expect(canCopyPreviousMonth(h.snapshot())).toBe(true);
    await h.exec({ type: 'availability.cancel' });
    await h.exec({ type: 'availability.editDay', day: 20 });
    expect([canFillSlot(h.snapshot(), 'morning'), canFillWeek(h.snapshot(), 21), canCopyPreviousMonth(h.snapshot())]).toEqual([false, false, false]);
    const first = harness();
    first.start({ year: 2000, month: 1 });
    await first.exec({ type: 'xstate.done.actor.loadMonth', output: monthOf({ year: 2000, month: 1 }) });
    await first.exec({ type: 'availability.editMonth' });
    expect(canCopyPreviousMonth(first.snapshot())).toBe(false); // 1999 is out of the API's range
  });
});
