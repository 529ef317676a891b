/**
 * The paths a machine's path test walks: a TRANSITION COVER, not every shortest path (docs/decisions/153).
 *
 * Shortest paths to every "state + key + incoming transition" walk every transition, but a key that tells items
 * apart (which missions are checked) makes one path per ORDER of the same choices: check m-101 then m-102, and
 * m-102 then m-101. A tester cannot read 114 of them, and each costs time. Here:
 * 1. the graph of the model is built on "state value + key" alone (no incoming transition: far fewer vertices);
 * 2. each of its edges (a state, one fixture event) gives one candidate: the shortest way to the state, then that
 *    event. Every step replays the one before it exactly (a vertex keeps the snapshot its first way in made);
 * 3. of the candidates we keep as few as walk everything they walk together: every state node, every transition
 *    (guarded and eventless branches apart) and every row of the tester's table (greedy set cover, then any path
 *    the others make redundant is dropped). A choice the machine treats alike (which mission is checked) is
 *    walked once; a case the tester wrote down (a row) is walked at least once.
 * Pure: no test runner imported here (the docs generator uses it too).
 */
import { getAdjacencyMap, type StatePath, type TestPath } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject, SnapshotFrom, StateValue } from 'xstate';
import { rowFor, startEvent, type AnyExpectations } from './expectations.ts';
import type { Model } from './model.ts';
import { initialTransitionsTaken, transitionsTaken } from './transitions.ts';

type Step = { event: EventObject; state: AnyMachineSnapshot };
type Path = { steps: ReadonlyArray<Step> };

/** The tester's table and the input of the paths, when the rows count as items to walk too. */
export type TableOf = { expected: AnyExpectations; input: unknown };

/** What one path walks: its state nodes, the transitions it takes (per target), and the table rows its steps match. */
export function walkedItems(machine: AnyStateMachine, path: Path, table?: TableOf): Set<string> {
  const items = new Set<string>();
  path.steps.forEach((step, index) => {
    const prev = path.steps[index - 1];
    for (const node of step.state._nodes) if (node.type !== 'history') items.add(`state ${node.id}`);
    for (const transition of prev ? transitionsTaken(machine, prev.state, step.event) : initialTransitionsTaken(machine, step.state)) {
      // A transient state is never a resting snapshot: it is walked when its eventless transition is taken.
      if (transition.eventType === '') items.add(`state ${transition.source.id}`);
      const branches = transition.eventType === '' ? (transition.source.always ?? []) : (transition.source.transitions.get(transition.eventType) ?? []);
      for (const target of transition.target ?? [transition.source]) {
        items.add(`transition ${transition.source.id} ${transition.eventType || 'always'}#${branches.indexOf(transition)} -> ${target.id}`);
      }
    }
    if (table) {
      const found = rowFor(table.expected, prev?.state, index === 0 ? startEvent(table.input) : step.event);
      // A step without its row is kept too: its path then fails and says which row is missing.
      items.add('problem' in found ? `no row: ${found.problem}` : `row ${table.expected.indexOf(found.row)}`);
    }
  });
  return items;
}

/**
 * The fewest candidates that walk every item the candidates walk together (greedy: the one adding most, the
 * shorter on a tie, the earlier on a tie again), then without any chosen one the others make redundant. Returns
 * their indexes, in the candidates' order.
 */
export function cover(candidates: ReadonlyArray<Path>, itemsOf: (path: Path) => Set<string>): number[] {
  const sets = candidates.map(itemsOf);
  const left = new Set(sets.flatMap((items) => [...items]));
  const chosen: number[] = [];
  while (left.size > 0) {
    let best = -1;
    let gain = 0;
    sets.forEach((items, index) => {
      let g = 0;
      for (const item of items) if (left.has(item)) g++;
      if (g > gain || (g === gain && g > 0 && candidates[index]!.steps.length < candidates[best]!.steps.length)) [best, gain] = [index, g];
    });
    chosen.push(best);
    for (const item of sets[best]!) left.delete(item);
  }
  for (const index of [...chosen].reverse()) {
    const others = new Set(chosen.filter((other) => other !== index).flatMap((other) => [...sets[other]!]));
    if ([...sets[index]!].every((item) => others.has(item))) chosen.splice(chosen.indexOf(index), 1);
  }
  return chosen.sort((a, b) => a - b);
}

/**
 * One candidate per edge of the model's "value + key" graph: the shortest way to the edge's state (through the
 * edges that first reached each state on the way, so each step is what the step before it makes), then the edge.
 * Ordered as a tree: the ways that share a beginning are next to each other.
 */
export function edgePaths<M extends AnyStateMachine>(
  machine: M,
  model: Model<M>,
  key: (s: SnapshotFrom<M>) => unknown,
): Array<StatePath<SnapshotFrom<M>, EventObject>> {
  const vertex = (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, key: key(s as SnapshotFrom<M>) });
  const adjacency = getAdjacencyMap(machine, {
    ...(model.options as object),
    serializeState: vertex,
  } as never) as Record<
    string,
    {
      state: AnyMachineSnapshot;
      transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }>;
    }
  >;
  const order = Object.keys(adjacency);
  const rank = new Map(order.map((id, i) => [id, i]));
  // Each way carries the rank of every state on it (in the order the graph reached them), to sort them as a tree.
  type Way = { steps: Step[]; ranks: number[] };
  const ways = new Map<string, Way>([
    [
      order[0]!,
      {
        steps: [
          {
            event: { type: 'xstate.init' },
            state: adjacency[order[0]!]!.state,
          },
        ],
        ranks: [0],
      },
    ],
  ]);
  const candidates: Way[] = [];
  for (const from of order) {
    const way = ways.get(from);
    if (!way) throw new Error(`no way to ${from}: the graph's order is not the order it was reached in`);
    for (const { event, state } of Object.values(adjacency[from]!.transitions)) {
      const to = vertex(state);
      const next = {
        steps: [...way.steps, { event, state }],
        ranks: [...way.ranks, rank.get(to)!],
      };
      if (!ways.has(to)) ways.set(to, next);
      candidates.push(next);
    }
  }
  if (candidates.length === 0) candidates.push(ways.get(order[0]!)!);
  const byTree = (a: Way, b: Way) => {
    for (let i = 1; i < Math.min(a.ranks.length, b.ranks.length); i++) if (a.ranks[i] !== b.ranks[i]) return a.ranks[i]! - b.ranks[i]!;
    return a.ranks.length - b.ranks.length;
  };
  return candidates.sort(byTree).map(
    ({ steps }) =>
      ({
        steps,
        state: steps.at(-1)!.state,
        weight: steps.length - 1,
      }) as never,
  );
}

/** The paths a path test walks for one input: the cover of the edge paths, as runnable TestPaths. */
export function testerPaths<M extends AnyStateMachine>(
  machine: M,
  model: Model<M>,
  options: {
    key: (s: SnapshotFrom<M>) => unknown;
    expected: AnyExpectations;
    input: unknown;
  },
): Array<TestPath<SnapshotFrom<M>, EventObject>> {
  const candidates = edgePaths(machine, model, options.key);
  const table = { expected: options.expected, input: options.input };
  return cover(candidates, (path) => walkedItems(machine, path, table)).map((index) => {
    const path = candidates[index]!;
    return {
      ...path,
      description: titleOf(path.steps),
      test: (params) => model.testPath(path as never, params as never),
    } as TestPath<SnapshotFrom<M>, EventObject>;
  });
}

/** xstate/graph's own kind of description (the test names come from the tester's words, helpers/expectations.ts). */
const titleOf = (steps: ReadonlyArray<Step>) =>
  `${JSON.stringify(steps.at(-1)!.state.value as StateValue)}: ${steps.map((step) => step.event.type).join(' → ')}`;
