/**
 * Coverage of a machine by a set of paths: every state node and every transition edge of `toDirectedGraph(machine)`
 * (each target of each transition, guarded branches counted apart) must be walked. xstate has no coverage API
 * (notes/library-apis.md §2.5); we compare the graph's transition objects with those the paths take.
 */
import { getStateNodes, toDirectedGraph, type DirectedGraphEdge, type DirectedGraphNode } from 'xstate/graph';
import type { AnyMachineSnapshot, AnyStateMachine, AnyTransitionDefinition, EventObject } from 'xstate';

export type WalkedPath = { steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }> };
export type Coverage = {
  states: { total: number; missing: string[] };
  transitions: { total: number; missing: string[] };
};

function edgesOf(node: DirectedGraphNode): DirectedGraphEdge[] {
  return [...node.edges, ...node.children.flatMap(edgesOf)];
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
  const edges = edgesOf(toDirectedGraph(machine));

  const seenStates = new Set<string>();
  const walked = new Map<AnyTransitionDefinition, Set<string>>();
  for (const path of paths) {
    path.steps.forEach((step, index) => {
      for (const node of step.state._nodes) seenStates.add(node.id);
      const prev = path.steps[index - 1];
      if (!prev) return;
      for (const transition of machine.getTransitionData(prev.state, step.event)) {
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
