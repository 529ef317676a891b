import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { dayActorId, hoursPageMachine } from '../../machines/hours-page.machine.ts';
import { dayActorOf, listFailed, listedDays, selectionOf } from '../../machines/hours-page.selectors.ts';
import { dayView } from '../../machines/hours-day.selectors.ts';
import { coverageOf } from './helpers/coverage.ts';
import { pathTitle } from './helpers/expectations.ts';
import { createHarness, executePath, type Harness } from './helpers/harness.ts';
import { fixtureMismatch } from './helpers/model.ts';
import { HOURS_NOW, dayOf, hoursPageExpected as expected, hoursPageFixtures as fixtures, hoursPageKey as key } from './fixtures/hours.ts';
import { MODELS } from './fixtures/models.ts';

type M = typeof hoursPageMachine;
type Snap = SnapshotFrom<M>;

const harness = () => createHarness(hoursPageMachine, { actors: ['loadDays'], actions: [] as string[], now: HOURS_NOW });
const runs = MODELS['hours-page'].runs();

function check(actual: Snap, _e: Snap, h: Harness<M>, event: { type: string }) {
  // One running actor per listed day (mission, version, status), and none for a day no longer listed.
  const ids = (listedDays(actual) ?? []).map(dayActorId);
  const running = Object.keys(actual.children).filter((id) => id.startsWith('day:'));
  expect(running.sort()).toEqual([...ids].sort());
  for (const day of listedDays(actual) ?? []) {
    const shown = dayActorOf(actual, day)!.getSnapshot().context.day;
    expect([shown.mission, shown.version]).toEqual([day.mission, day.version]);
  }
  // The selection runs for the page's whole life.
  expect(selectionOf(actual)?.getSnapshot().status).toBe('active');
  // A confirmation tells the confirmed day's actor, which shows it confirmed at once.
  if (event.type === 'days.confirmed') {
    const listed = listedDays(actual)?.find((d) => d.mission === 'mA');
    if (listed?.status === 'toConfirm') expect(dayView(dayActorOf(actual, listed)!.getSnapshot())).toBe('confirmed');
  }
  // A read again asks for the period the page shows.
  if (actual.matches('loading')) expect(h.deferred.inputsOf('loadDays').at(-1)).toEqual({ to: null });
  expect(listFailed(actual)).toBe(actual.matches('failed'));
}

describe('hours page machine: model-based paths', () => {
  it('has a fixture for every event it handles', () => expect(fixtureMismatch(hoursPageMachine, fixtures)).toEqual({ missing: [], stale: [] }));
  const walked = runs.flatMap((r) => r.paths);
  const coverage = coverageOf(hoursPageMachine, walked);
  it(`walks all ${coverage.states.total} states and ${coverage.transitions.total} transitions in ${walked.length} paths`, () => {
    expect([coverage.states.missing, coverage.transitions.missing]).toEqual([[], []]);
  });
  for (const { label, input, paths } of runs) {
    it.each(paths.map((p) => [pathTitle(expected, p, input), p] as const))(`${label}: %s`, async (_, path) => {
      await executePath(path, { harness, input, key, expected, check });
    });
  }
});

describe('hours page machine: journeys with fixed end states', () => {
  it('a day read again as it was keeps its actor (what it shows); a changed one starts over; one gone stops', async () => {
    const h = harness();
    h.start({ days: [dayOf('mA'), dayOf('mB'), dayOf('mC')], to: '2027-01-17' });
    const before = { a: dayActorOf(h.snapshot(), dayOf('mA'))!, b: dayActorOf(h.snapshot(), dayOf('mB'))! };
    before.b.send({ type: 'day.contest' });
    h.actor().send({ type: 'days.reload' });
    expect(h.deferred.inputsOf('loadDays')).toEqual([{ to: '2027-01-17' }]);
    await h.exec({ type: 'xstate.done.actor.loadDays', output: [dayOf('mA', 'toConfirm', 2), dayOf('mB')] });
    const after = { a: dayActorOf(h.snapshot(), dayOf('mA', 'toConfirm', 2))!, b: dayActorOf(h.snapshot(), dayOf('mB'))! };
    expect([after.a === before.a, after.b === before.b, before.a.getSnapshot().status]).toEqual([false, true, 'stopped']);
    expect(after.b.getSnapshot().matches('contesting')).toBe(true);
    expect(Object.keys(h.snapshot().children).filter((id) => id.startsWith('day:'))).toHaveLength(2);
  });

  it('the days’ deadlines run on the page’s clock: a day turns confirmed on its own at its deadline', async () => {
    const h = harness();
    h.start({ days: [dayOf('mA')], to: null });
    h.clock()!.increment(Date.parse(dayOf('mA').confirmBy) - HOURS_NOW);
    expect(dayView(dayActorOf(h.snapshot(), dayOf('mA'))!.getSnapshot())).toBe('autoConfirmed');
  });
});
