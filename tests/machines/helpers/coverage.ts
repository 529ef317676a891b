/**
 * Coverage of a machine by a set of paths: every state node and every transition edge of `toDirectedGraph(machine)`
 * (each target of each transition, guarded branches counted apart) must be walked, and every eventless (`always`)
 * branch, which `toDirectedGraph` leaves out. xstate has no coverage API; we compare the
 * graph's transition objects with those the paths take (helpers/transitions.ts follows the eventless ones, from the
 * start of a path too: a machine may start in a transient state).
 */
import { getStateNodes, toDirectedGraph, type DirectedGraphEdge, type DirectedGraphNode } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject } from 'xstate';
import { cover, walkedItems } from './cover.ts';
import { initialTransitionsTaken, transitionsTaken } from './transitions.ts';

export type WalkedPath = { steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }> };
export type Coverage = {
  states: { total: number; missing: string[] };
  transitions: { total: number; missing: string[] };
};

function edgesOf(node: DirectedGraphNode): DirectedGraphEdge[] {
  return [...node.edges, ...node.children.flatMap(edgesOf)];
}

/** The eventless branches, as edges like the graph's (one per target). */
function eventlessEdges(machine: AnyStateMachine): DirectedGraphEdge[] {
  return getStateNodes(machine.root).flatMap((source) =>
    (source.always ?? []).flatMap((transition, i) =>
      (transition.target ?? [source]).map((target, j) => ({
        id: `${source.id}:always:${i}:${j}`,
        source,
        target,
        transition,
        label: { text: 'always', toJSON: () => ({ text: 'always' }) },
        toJSON: () => ({ source: source.id, target: target.id, label: { text: 'always' } }),
      })),
    ),
  );
}

function guardName(transition: AnyTransitionDefinition): string {
  const guard: unknown = transition.guard;
  if (guard === undefined) return '';
  if (typeof guard === 'string') return ` [${guard}]`;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return ` [${String(guard.type)}]`;
  return ' [inline guard]';
}

export function describeEdge(edge: DirectedGraphEdge): string {
  return `${edge.source.id} --${edge.label.text}${guardName(edge.transition)}--> ${edge.target.id}`;
}

export function coverageOf(machine: AnyStateMachine, paths: readonly WalkedPath[]): Coverage {
  const stateIds = getStateNodes(machine.root)
    .filter((node) => node.type !== 'history')
    .map((node) => node.id);
  const edges = [...edgesOf(toDirectedGraph(machine)), ...eventlessEdges(machine)];

  const seenStates = new Set<string>();
  const walked = new Map<AnyTransitionDefinition, Set<string>>();
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      for (const node of step.state._nodes) seenStates.add(node.id);
      const prev = path.steps[index - 1];
      for (const transition of prev ? transitionsTaken(machine, prev.state, step.event) : initialTransitionsTaken(machine, step.state)) {
        // A transient state is never a resting snapshot: it is walked when its eventless transition is taken.
        if (transition.eventType === '') seenStates.add(transition.source.id);
        const targets = walked.get(transition) ?? new Set<string>();
        for (const target of transition.target ?? [transition.source]) targets.add(target.id);
        walked.set(transition, targets);
      }
    });
  }

  return {
    states: { total: stateIds.length, missing: stateIds.filter((id) => !seenStates.has(id)) },
    transitions: {
      total: edges.length,
      missing: edges.filter((edge) => !walked.get(edge.transition)?.has(edge.target.id)).map(describeEdge),
    },
  };
}

/**
 * A small subset of `paths` that still walks every state and transition the whole set walks (helpers/cover.ts: the
 * greedy set cover, without a path the others make redundant), in their order. Browser path tests use it: each
 * path costs seconds in Chromium, and the coverage check stays the same.
 */
export function coveringSubset<P extends WalkedPath>(machine: AnyStateMachine, paths: readonly P[]): P[] {
  return cover(paths, (path) => walkedItems(machine, path)).map((index) => paths[index]!);
}
