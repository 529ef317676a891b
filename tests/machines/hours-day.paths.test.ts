import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { hoursDayMachine } from '../../machines/hours-day.machine.ts';
import { canConfirm, canContest, dayView, failure, fieldErrors, formOpen, formStart, isSelectable } from '../../machines/hours-day.selectors.ts';
import { INTERNAL_ERROR } from './fixtures/api.ts';
import {
  AUTO_CONFIRMED,
  CHANGED,
  DRAFT,
  HOURS_NOW,
  INVALID,
  dayOf,
  hoursDayExpected as expected,
  hoursDayFixtures as fixtures,
  hoursDayKey as key,
} from './fixtures/hours.ts';
import { MODELS } from './fixtures/models.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';

type M = typeof hoursDayMachine;
type Snap = SnapshotFrom<M>;

const harness = () => createHarness(hoursDayMachine, { actors: ['confirmDay', 'contestDay', 'loadDay'], actions: [], now: HOURS_NOW });
const runs = MODELS['hours-day'].runs();

function check(actual: Snap, _e: Snap, h: Harness<M, never>, event: { type: string }) {
  // Only a day to confirm, and not busy, can be confirmed, contested or ticked.
  expect(canConfirm(actual)).toBe(actual.matches('toConfirm'));
  expect(canContest(actual)).toBe(actual.matches('toConfirm'));
  expect(isSelectable(actual)).toBe(actual.matches('toConfirm'));
  // The card's status is the server's (or the deadline's), never a guess.
  if (['confirmed', 'autoConfirmed', 'contested', 'resolved'].includes(dayView(actual))) expect(actual.context.day.status).toBe(dayView(actual));
  // Every call names the version of the hours the worker sees.
  if (event.type === 'day.confirm')
    expect(h.deferred.inputsOf('confirmDay').at(-1)).toEqual({ mission: actual.context.day.mission, version: actual.context.day.version });
  if (event.type === 'contest.submit')
    expect(h.deferred.inputsOf('contestDay').at(-1)).toEqual({ day: { mission: 'm1', version: actual.context.day.version }, draft: DRAFT });
  // An open form shows what the worker last sent, or the client's hours.
  if (formOpen(actual)) expect(formStart(actual)).toEqual(actual.context.draft ?? { start: '08:00', end: '15:36', breakMinutes: 30, reason: '' });
  // Past the deadline on the page's clock, nothing is left to answer.
  if (h.clock()!.now() >= Date.parse(actual.context.day.confirmBy))
    expect([canConfirm(actual), canContest(actual), formOpen(actual)]).toEqual([false, false, false]);
}

describe('hours day machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(hoursDayMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(hoursDayMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
    // The check can fail: without the paths that send a contest, its sending is never walked.
    const noContest = walked.filter((p) => !p.steps.some((step) => step.event.type === 'contest.submit'));
    expect(coverageOf(hoursDayMachine, noContest).states.missing).toContain('hoursDay.contesting.saving');
  });
  for (const { label, input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('hours day machine: journeys with fixed end states', () => {
  it('a millisecond before the deadline nothing changes; at the deadline the day is confirmed on its own', async () => {
    const h = harness();
    h.start({ day: dayOf('m1') });
    const before = h.snapshot();
    h.clock()!.increment(Date.parse(before.context.day.confirmBy) - HOURS_NOW - 1);
    expect([h.snapshot().value, h.snapshot().context]).toEqual([before.value, before.context]);
    h.clock()!.increment(1);
    expect([dayView(h.snapshot()), h.snapshot().context.day.status, h.snapshot().context.day.confirmedAt]).toEqual([
      'autoConfirmed',
      'autoConfirmed',
      '2027-01-17T10:00:00.000Z',
    ]);
  });

  it('a day read again with a later deadline waits for the new one (the timer starts again from the read)', async () => {
    const h = harness();
    h.start({ day: dayOf('m1') });
    await h.exec({ type: 'day.confirm' });
    await h.exec({ type: 'xstate.error.actor.confirmDay', error: CHANGED });
    const later = { ...dayOf('m1', 'toConfirm', 2), confirmBy: '2027-01-18T10:00:00.000Z' };
    await h.exec({ type: 'xstate.done.actor.loadDay', output: later });
    h.clock()!.increment(Date.parse('2027-01-17T10:00:00.000Z') - HOURS_NOW);
    expect(dayView(h.snapshot())).toBe('toConfirm');
    h.clock()!.increment(86_400_000);
    expect(dayView(h.snapshot())).toBe('autoConfirmed');
  });
  it('a contest refused for a value keeps the form as typed with the message, then goes through', async () => {
    const h = harness();
    h.start({ day: dayOf('m1') });
    await h.exec({ type: 'day.contest' });
    expect(formStart(h.snapshot())).toEqual({ start: '08:00', end: '15:36', breakMinutes: 30, reason: '' });
    const typed = { ...DRAFT, breakMinutes: 600 };
    await h.exec({ type: 'contest.submit', draft: typed });
    await h.exec({ type: 'xstate.error.actor.contestDay', error: INVALID });
    expect([formStart(h.snapshot()), fieldErrors(h.snapshot())]).toEqual([typed, INVALID.fields]);
    await h.exec({ type: 'contest.submit', draft: DRAFT });
    expect(fieldErrors(h.snapshot())).toEqual([]);
    await h.exec({ type: 'xstate.error.actor.contestDay', error: INTERNAL_ERROR });
    expect([failure(h.snapshot()), formStart(h.snapshot())]).toEqual(['contest', DRAFT]);
    await h.exec({ type: 'contest.submit', draft: DRAFT });
    await h.exec({ type: 'xstate.done.actor.contestDay', output: { ...dayOf('m1', 'contested') } });
    expect([dayView(h.snapshot()), formOpen(h.snapshot())]).toEqual(['contested', false]);
  });

  it('a confirm refused because the deadline passed, or a contest because the hours changed, shows the day as it is now', async () => {
    const h = harness();
    h.start({ day: dayOf('m1') });
    await h.exec({ type: 'day.confirm' });
    await h.exec({ type: 'xstate.error.actor.confirmDay', error: AUTO_CONFIRMED });
    expect(h.deferred.inputsOf('loadDay')).toEqual([{ mission: 'm1', date: '2027-01-14' }]);
    await h.exec({ type: 'xstate.done.actor.loadDay', output: dayOf('m1', 'autoConfirmed') });
    expect(dayView(h.snapshot())).toBe('autoConfirmed');

    const c = harness();
    c.start({ day: dayOf('m2') });
    await c.exec({ type: 'day.contest' });
    await c.exec({ type: 'contest.submit', draft: DRAFT });
    await c.exec({ type: 'xstate.error.actor.contestDay', error: CHANGED });
    await c.exec({ type: 'xstate.done.actor.loadDay', output: dayOf('m2', 'toConfirm', 2) });
    expect([dayView(c.snapshot()), c.snapshot().context.day.version, formOpen(c.snapshot())]).toEqual(['toConfirm', 2, false]);
  });
});
