import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { availabilityMachine } from '../../machines/availability.machine.ts';
import { daysOf, type YearMonth } from '../../machines/availability.types.ts';
import { canEditDay, canGoNext, canGoPrevious, dialogEdits, monthEditorEdits, openDialog, saveFailed, savedAt, shownMonth } from '../../machines/availability.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { MODELS } from './fixtures/models.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import { SAVED_AT, START, availabilityExpected as expected, fixtures, key, monthOf } from './fixtures/availability.ts';

type M = typeof availabilityMachine;
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
      expect(h.argsOf('monthChanged').map(({ context: c }) => ({ year: c.year, month: c.month })).at(-1)).toEqual(shownMonth(actual));
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
    expect(h.deferred.inputsOf('loadMonth')).toEqual([START, START]);
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
      { ...START, edits: [{ day: 3, morning: false, afternoon: false, evening: true }] },
      { ...START, edits: [{ day: 3, morning: false, afternoon: false, evening: true }] },
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
    expect(h.argsOf('monthChanged').map(({ context: c }) => ({ year: c.year, month: c.month }))).toEqual([{ year: 2027, month: 1 }, { year: 2027, month: 2 }]);
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
