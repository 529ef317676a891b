import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, setup } from 'xstate';
import { getShortestPaths, TestModel } from 'xstate/graph';
import { coverageOf, coveringSubset } from './helpers/coverage.ts';
import { expectations } from './helpers/expectations.ts';
import { createHarness, executePath } from './helpers/harness.ts';
import { buildModel, fixtureMismatch, serializeStep, shortestPaths, type Fixtures } from './helpers/model.ts';

/** A small machine with an invoke, a guarded pair of branches to one state, a back-edge and a delay. */
const probe = setup({
  types: {
    events: {} as { type: 'go' } | { type: 'cancel' } | { type: 'retry' },
    children: {} as { work: 'work' },
    tags: {} as 'busy',
  },
  actors: {
    work: fromPromise<{ ok: boolean }>(async () => {
      throw new Error('not provided: work');
    }),
  },
  actions: { ping: () => {} },
  guards: { isOk: (_, params: { ok: boolean }) => params.ok },
  delays: { patience: 1000 },
}).createMachine({
  id: 'probe',
  initial: 'idle',
  states: {
    idle: { description: 'Waiting.', on: { go: 'working' } },
    working: {
      description: 'Working.',
      tags: ['busy'],
      invoke: {
        id: 'work',
        src: 'work',
        onDone: [{ guard: { type: 'isOk', params: ({ event }) => ({ ok: event.output.ok }) }, target: 'idle', actions: 'ping' }, { target: 'idle' }],
        onError: 'failed',
      },
      after: { patience: 'failed' },
    },
    failed: { description: 'Failed.', on: { retry: 'working', cancel: 'idle' } },
  },
});

type P = typeof probe;
const fixtures = {
  go: () => [{ type: 'go' }],
  cancel: () => [{ type: 'cancel' }],
  retry: () => [{ type: 'retry' }],
  'xstate.done.actor.work': () => [
    { type: 'xstate.done.actor.work', output: { ok: true } },
    { type: 'xstate.done.actor.work', output: { ok: false } },
  ],
  'xstate.error.actor.work': () => [{ type: 'xstate.error.actor.work', error: { code: 'internal_error', message: 'x' } }],
} satisfies Fixtures<P>;
const afterFixture = { 'xstate.after.patience.probe.working': () => [{ type: 'xstate.after.patience.probe.working' }] };
const allFixtures = { ...fixtures, ...afterFixture } as unknown as Fixtures<P>;
const key = () => null;
/** What a tester expects of the probe. */
const expected = expectations<P>()([
  { on: 'xstate.init', says: 'start', to: 'idle' },
  { from: 'idle', on: 'go', says: 'go', to: 'working', tags: ['busy'] },
  { from: 'working', on: 'xstate.done.actor.work', says: 'the work is done', to: 'idle', tags: [] },
  { from: 'working', on: 'xstate.error.actor.work', says: 'the work fails', to: 'failed' },
  { from: 'working', on: 'xstate.after.patience.probe.working' as never, says: 'too long', to: 'failed' } as never,
  { from: 'failed', on: 'retry', says: 'retry', to: 'working' },
  { from: 'failed', on: 'cancel', says: 'cancel', to: 'idle' },
]);

describe('the coverage check', () => {
  it('fails on a machine its paths do not cover', () => {
    // Only "go, then the work succeeds": the back-edges and the error branch are never walked.
    const model = buildModel(probe, { input: undefined, fixtures: allFixtures, key });
    const partial = model.getPathsFromEvents([{ type: 'go' }, { type: 'xstate.done.actor.work', output: { ok: true } } as never]);
    const coverage = coverageOf(probe, partial);
    expect(coverage.states.missing).toEqual(['probe.failed']);
    expect(coverage.transitions.missing).toEqual([
      'probe.working --xstate.done.actor.work--> probe.idle',
      'probe.working --xstate.error.actor.work--> probe.failed',
      'probe.working --xstate.after.patience.probe.working--> probe.failed',
      'probe.failed --retry--> probe.working',
      'probe.failed --cancel--> probe.idle',
    ]);
    expect(coverage.transitions.total).toBe(7);
  });

  it('sees the back-edges a plain state serializer misses, and passes with the transition serializer', () => {
    const plain = getShortestPaths(probe, {
      events: Object.values(allFixtures).flatMap((f) => (f as () => never[])()),
      filterEvents: (s, e) => s.can(e),
      serializeState: (s) => JSON.stringify(s.value),
    });
    expect(coverageOf(probe, plain).transitions.missing.length).toBeGreaterThan(0);

    const model = buildModel(probe, { input: undefined, fixtures: allFixtures, key });
    expect(coverageOf(probe, shortestPaths(model))).toMatchObject({ states: { missing: [] }, transitions: { missing: [] } });
  });
});

describe('fixture completeness', () => {
  it('reports missing and stale fixtures', () => {
    const { retry: _retry, ...withoutRetry } = fixtures;
    expect(fixtureMismatch(probe, { ...withoutRetry, 'probe.unknown': () => [] })).toEqual({
      missing: ['retry', 'xstate.after.patience.probe.working'],
      stale: ['probe.unknown'],
    });
    expect(fixtureMismatch(probe, allFixtures)).toEqual({ missing: [], stale: [] });
  });
});

describe('the harness', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('settles deferred actors by invoke id, fires delays on fake timers, and walks every path', async () => {
    vi.useFakeTimers();
    const model = buildModel(probe, { input: undefined, fixtures: allFixtures, key });
    const paths = shortestPaths(model);
    expect(paths.length).toBeGreaterThan(3);
    for (const path of paths) {
      await executePath(path, { harness: () => createHarness(probe, { actors: ['work'], actions: ['ping'] }), input: undefined, key, expected });
    }
  });

  it('fails a path when the live machine does not follow the model', async () => {
    const model = buildModel(probe, { input: undefined, fixtures: allFixtures, key });
    const path = model.getPathsFromEvents([{ type: 'go' }, { type: 'xstate.done.actor.work', output: { ok: true } } as never])[0]!;
    // A system under test that ignores every event stays idle where the model expects "working".
    const broken = () => {
      const h = createHarness(probe, { actors: [], actions: ['ping'] });
      return { ...h, exec: async () => {} };
    };
    await expect(executePath(path, { harness: broken, input: undefined, key, expected })).rejects.toThrow();
  });

  it("fails a step that goes where the tester's table does not say, and a step the table does not cover", async () => {
    const model = buildModel(probe, { input: undefined, fixtures: allFixtures, key });
    const path = model.getPathsFromEvents([{ type: 'go' }, { type: 'xstate.error.actor.work', error: {} } as never])[0]!;
    const harness = () => createHarness(probe, { actors: ['work'], actions: ['ping'] });
    await executePath(path, { harness, input: undefined, key, expected });
    // The machine goes to "failed": a table that expects "idle" there fails the step, the machine is not asked.
    const wrong = expected.map((row) => (row.on === 'xstate.error.actor.work' ? { ...row, to: 'idle' } : row));
    await expect(executePath(path, { harness, input: undefined, key, expected: wrong })).rejects.toThrow(/the work fails: the tester expects idle/);
    const missing = expected.filter((row) => row.on !== 'xstate.error.actor.work');
    await expect(executePath(path, { harness, input: undefined, key, expected: missing })).rejects.toThrow(/no row for xstate.error.actor.work from "working"/);
    const twice = [...expected, { from: 'working', on: 'xstate.error.actor.work', says: 'again', to: 'failed' } as (typeof expected)[number]];
    await expect(executePath(path, { harness, input: undefined, key, expected: twice })).rejects.toThrow(/2 rows for xstate.error.actor.work/);
  });

  it('refuses to settle an invoke that is not running', () => {
    const h = createHarness(probe, { actors: ['work'], actions: ['ping'] });
    h.start(undefined);
    expect(() => h.deferred.resolve('work', { ok: true })).toThrow(/no running call of invoke "work"/);
  });
});

describe('coveringSubset', () => {
  // A small machine with a branch and a back-edge: shortest paths repeat prefixes that a covering set needs once.
  const machine = setup({ types: { events: {} as { type: 'go' } | { type: 'back' } | { type: 'left' } | { type: 'right' } } }).createMachine({
    id: 'branchy',
    initial: 'a',
    states: {
      a: { description: 'start', on: { go: 'b' } },
      b: { description: 'choice', on: { left: 'c', right: 'd', back: 'a' } },
      c: { description: 'left end', on: { back: 'b' } },
      d: { description: 'right end', on: { back: 'b' } },
    },
  });
  const model = new TestModel(machine, {
    events: [{ type: 'go' }, { type: 'back' }, { type: 'left' }, { type: 'right' }],
    filterEvents: (s, e) => s.can(e),
    serializeState: (s, e, prev) => serializeStep(machine, s, e, prev, () => null),
  });

  it('keeps the coverage of all the paths with fewer of them', () => {
    // With the prefix paths kept, several paths walk the same transitions: the subset needs only the longest.
    const paths = model.getShortestPaths({ allowDuplicatePaths: true });
    const subset = coveringSubset(machine, paths);
    expect(subset.length).toBeLessThan(paths.length);
    expect(coverageOf(machine, subset)).toEqual(coverageOf(machine, paths));
    expect(coverageOf(machine, subset).transitions.missing).toEqual([]);
  });

  it('returns nothing for no paths', () => {
    expect(coveringSubset(machine, [])).toEqual([]);
  });
});
