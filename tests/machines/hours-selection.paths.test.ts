import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { hoursSelectionMachine } from '../../machines/hours-selection.machine.ts';
import {
  canConfirmSelection,
  canTick,
  isTicked,
  lastConfirmedCount,
  selectedCount,
  selectionFailed,
  selectionStale,
} from '../../machines/hours-selection.selectors.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import {
  A,
  AUTO_CONFIRMED,
  B,
  dayOf,
  hoursSelectionExpected as expected,
  hoursSelectionFixtures as fixtures,
  hoursSelectionKey as key,
} from './fixtures/hours.ts';
import { MODELS } from './fixtures/models.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';

type M = typeof hoursSelectionMachine;
type Snap = SnapshotFrom<M>;

const ACTIONS = ['daysConfirmed', 'reloadDays'] as const;
type Action = (typeof ACTIONS)[number];
const harness = () => createHarness(hoursSelectionMachine, { actors: ['confirmDays'], actions: ACTIONS });
const [run] = MODELS['hours-selection'].runs();

/** The app's actions called so far, per harness: each step must add exactly what it should. */
const seen = new WeakMap<object, { confirmed: number; reloaded: number }>();

function check(actual: Snap, _e: Snap, h: Harness<M, Action>, event: { type: string }) {
  expect(canConfirmSelection(actual)).toBe(selectedCount(actual) > 0 && canTick(actual));
  // Exactly the ticked days are sent, each with the version the worker saw.
  if (event.type === 'selection.confirm') expect(h.deferred.inputsOf('confirmDays').at(-1)).toEqual({ days: actual.context.selected });
  // Each day's actor hears of a confirmation once, after the server's answer; the list is read again after a refusal only.
  const before = seen.get(h) ?? { confirmed: 0, reloaded: 0 };
  const now = { confirmed: h.spies.daysConfirmed.mock.calls.length, reloaded: h.spies.reloadDays.mock.calls.length };
  seen.set(h, now);
  expect(now.confirmed - before.confirmed).toBe(event.type === 'xstate.done.actor.confirmDays' ? 1 : 0);
  expect(now.reloaded - before.reloaded).toBe(event.type === 'xstate.error.actor.confirmDays' && selectionStale(actual) ? 1 : 0);
}

describe('hours selection machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(hoursSelectionMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const coverage = coverageOf(hoursSelectionMachine, run!.paths);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${run!.paths.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
    // The check can fail: without the paths that tick B, the last untick is never "one of two".
    const oneDay = run!.paths.filter(
      (p) => !p.steps.some((s) => s.event.type === 'selection.toggle' && (s.event as { day?: { mission: string } }).day?.mission === B.mission),
    );
    expect(coverageOf(hoursSelectionMachine, oneDay).transitions.missing.length).toBeGreaterThan(0);
  });
  it.each(run!.paths.map((p) => [pathTitle(expected, p, undefined), p] as const))('%s', async (_, path) => {
    await executePath(path, { harness, input: undefined, key, expected, check });
  });
});

describe('hours selection machine: journeys with fixed end states', () => {
  it('two days ticked are confirmed together; each day hears it with the server’s answer', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'selection.toggle', day: A });
    await h.exec({ type: 'selection.toggle', day: B });
    expect([selectedCount(h.snapshot()), isTicked(h.snapshot(), 'mB')]).toEqual([2, true]);
    await h.exec({ type: 'selection.confirm' });
    expect(canTick(h.snapshot())).toBe(false);
    expect(h.deferred.inputsOf('confirmDays')).toEqual([{ days: [A, B] }]);
    const answer = [dayOf('mA', 'confirmed'), dayOf('mB', 'confirmed')];
    await h.exec({ type: 'xstate.done.actor.confirmDays', output: answer });
    expect([selectedCount(h.snapshot()), lastConfirmedCount(h.snapshot())]).toEqual([0, 2]);
    expect(h.argsOf('daysConfirmed').map((a) => (a.event as unknown as { output: unknown }).output)).toEqual([answer]);
    expect(h.spies.reloadDays).not.toHaveBeenCalled();
  });

  it('a failure keeps the ticks to try again; a refusal confirms nothing, unticks all and reads the list again', async () => {
    const h = harness();
    h.start(undefined);
    await h.exec({ type: 'selection.toggle', day: A });
    await h.exec({ type: 'selection.confirm' });
    await h.exec({ type: 'xstate.error.actor.confirmDays', error: INTERNAL_ERROR });
    expect([selectionFailed(h.snapshot()), selectedCount(h.snapshot())]).toEqual([true, 1]);
    await h.exec({ type: 'selection.confirm' });
    await h.exec({ type: 'xstate.error.actor.confirmDays', error: AUTO_CONFIRMED });
    expect([selectionStale(h.snapshot()), selectedCount(h.snapshot())]).toEqual([true, 0]);
    expect(h.spies.reloadDays).toHaveBeenCalledTimes(1);
    expect(h.spies.daysConfirmed).not.toHaveBeenCalled();
  });
});
