/**
 * The paths the machine path tests walk are a transition cover (helpers/cover.ts, docs/decisions/153): each path
 * walks something no other path of its input walks, so the same choices are never walked twice in another order;
 * every row of every tester's table is walked. The coverage of states and transitions is checked in each
 * <flow>.paths.test.ts, the mutants in mutants.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import { cover, edgePaths, walkedItems } from './helpers/cover.ts';
import { buildModel } from './helpers/model.ts';
import { ALL_MODELS } from './fixtures/models.ts';
import { coverageProblems } from '../../e2e/model/browser-paths.ts';

const runs = Object.entries(ALL_MODELS).flatMap(([flow, model]) => model.runs().map((run) => ({ flow, model, ...run })));

describe('the paths of each machine', () => {
  it.each(runs.map((run) => [`${run.flow}${run.label ? ` (${run.label})` : ''}`, run] as const))('%s: no path is walked for nothing', (_, run) => {
    const table = { expected: run.model.expected, input: run.input };
    const items = run.paths.map((path) => walkedItems(run.model.machine, path, table));
    const redundant = run.paths.filter((_, i) => {
      const others = new Set(items.filter((_, j) => j !== i).flatMap((set) => [...set]));
      return [...items[i]!].every((item) => others.has(item));
    });
    expect(redundant.map((path) => path.steps.map((step) => step.event.type).join(' → '))).toEqual([]);
  });

  it.each(Object.entries(ALL_MODELS))("%s: every row of the tester's table is walked", (flow, model) => {
    const walked = new Set(
      runs
        .filter((run) => run.flow === flow)
        .flatMap((run) => run.paths.flatMap((path) => [...walkedItems(model.machine, path, { expected: model.expected, input: run.input })])),
    );
    const unwalked = model.expected.map((row, i) => ({ row, i })).filter(({ i }) => !walked.has(`row ${i}`));
    expect(unwalked.map(({ row }) => row)).toEqual([]);
  });

  it('the signing machine: checking the missions in another order is not another path', () => {
    const signing = runs.filter((run) => run.flow === 'signing');
    for (const { paths } of signing) {
      const choices = paths.map((path) =>
        path.steps
          .map((step) => step.event.type)
          .sort()
          .join(','),
      );
      expect(new Set(choices).size).toBe(choices.length);
      // Which mission is checked is one choice: no path checks two missions one after the other to sign them.
      for (const path of paths) expect(path.steps.map((step) => step.event.type).join(' ')).not.toMatch(/signing\.toggle signing\.toggle signing\.sign/);
    }
  });
});

describe('the cover', () => {
  // One choice of two equivalent items (a or b), then the same end: a or b is walked once.
  type Ev = { type: 'pick'; item: string } | { type: 'done' };
  const machine = setup({
    types: { context: {} as { picked: string | null }, events: {} as Ev },
    actions: { keep: assign({ picked: ({ event }: { event: Ev }) => (event.type === 'pick' ? event.item : null) }) },
  }).createMachine({
    id: 'pick',
    context: { picked: null },
    initial: 'choosing',
    states: {
      choosing: { description: 'choose', on: { pick: { target: 'chosen', actions: 'keep' } } },
      chosen: { description: 'chosen', on: { done: 'finished' } },
      finished: { description: 'end', type: 'final' },
    },
  });
  const fixtures = {
    pick: () => [
      { type: 'pick', item: 'a' },
      { type: 'pick', item: 'b' },
    ],
    done: () => [{ type: 'done' }],
  } as never;

  it('takes one candidate per edge of the "value + key" graph, and keeps one path for equivalent choices', () => {
    // The key tells a and b apart: two vertices "chosen", so two ways on; the cover keeps one of them.
    const key = (s: { context: { picked: string | null } }) => s.context.picked;
    const model = buildModel(machine, { input: undefined, fixtures, key: key as never });
    const candidates = edgePaths(machine, model, key as never);
    expect(
      candidates.map((path) =>
        path.steps.map((step) => ('item' in step.event ? `${step.event.type}:${step.event.item as string}` : step.event.type)).join(' '),
      ),
    ).toEqual(['xstate.init pick:a', 'xstate.init pick:a done', 'xstate.init pick:b', 'xstate.init pick:b done']);
    expect(cover(candidates, (path) => walkedItems(machine, path))).toEqual([1]);
  });

  it("the browser specs' check names what a set of paths lacks, an excluded transition walked, and a path walked for nothing", () => {
    const key = (s: { context: { picked: string | null } }) => s.context.picked;
    const [toA, toEndByA] = edgePaths(machine, buildModel(machine, { input: undefined, fixtures, key: key as never }), key as never);
    const done = 'pick.chosen --done--> pick.finished';
    expect(coverageProblems(machine, [toEndByA!])).toEqual([]);
    expect(coverageProblems(machine, [toA!])).toEqual(['state not walked: pick.finished', `transition not walked: ${done}`]);
    expect(coverageProblems(machine, [toA!], [done])).toEqual(['state not walked: pick.finished']);
    expect(coverageProblems(machine, [toEndByA!], [done])).toEqual([`excluded, yet walked (or not a transition): ${done}`]);
    expect(coverageProblems(machine, [toA!, toEndByA!])).toEqual(['path 1 walks nothing the others do not']);
  });

  it('drops a path that the others chosen after it make redundant', () => {
    const items = [new Set(['x', 'y']), new Set(['x', 'z']), new Set(['y', 'w']), new Set(['z'])];
    const paths = items.map(() => ({ steps: [] }));
    // Greedy takes 0 (x, y), then 1 (z), then 2 (w); 0 is then walked by 1 and 2 together.
    expect(cover(paths, (path) => items[paths.indexOf(path as never)]!)).toEqual([1, 2]);
  });
});
