/**
 * What a machine says about itself, read from its state nodes (the chart) — one walk shared by the Mermaid diagram
 * and the catalogue tables, so that both always show the same transitions.
 */
import type { AnyStateMachine, AnyStateNode } from 'xstate';

export type Edge = {
  source: AnyStateNode;
  /** Empty for a targetless transition (actions only): drawn as a loop on its source. */
  targets: AnyStateNode[];
  /** The event as XState names it ('' for an eventless `always` transition). */
  eventType: string;
  /** How the diagram and tables show the event: the event, `after <delay>`, `always`, `onDone <invoke id>`… */
  label: string;
  guard: string | null;
  actions: string[];
  description: string | null;
};

/** Every state node under the root, depth first in the order they are written. */
export function stateNodesOf(machine: AnyStateMachine): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const visit = (node: AnyStateNode) => {
    for (const child of Object.values(node.states)) {
      nodes.push(child);
      visit(child);
    }
  };
  visit(machine.root);
  return nodes;
}

/** A state's path as written in targets (`signedIn.arriving`); the root is `(machine)`. */
export const pathOf = (node: AnyStateNode): string => (node.path.length === 0 ? '(machine)' : node.path.join('.'));

/** The name of an action, guard or delay reference (a string, `{ type, params }`, or a function). */
export function nameOf(reference: unknown): string {
  if (typeof reference === 'string' || typeof reference === 'number') return String(reference);
  if (typeof reference === 'object' && reference !== null && 'type' in reference) return String(reference.type);
  if (typeof reference === 'function') return reference.name ? `inline ${reference.name}` : 'inline function';
  return String(reference);
}

function labelOf(node: AnyStateNode, eventType: string, delays: Map<string, string>): string {
  if (eventType === '') return 'always';
  const delay = delays.get(eventType);
  if (delay !== undefined) return `after ${delay}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `onDone ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `onError ${error[1]}`;
  if (eventType === `xstate.done.state.${node.id}`) return 'onDone';
  return eventType;
}

/** Every transition of the machine, state by state, in the order XState tries them. */
export function edgesOf(machine: AnyStateMachine): Edge[] {
  const edges: Edge[] = [];
  for (const node of [machine.root, ...stateNodesOf(machine)]) {
    const delays = new Map(node.after.map((t) => [String(t.eventType), nameOf(t.delay)]));
    const definitions = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of definitions) {
      const eventType = String(t.eventType);
      edges.push({
        source: node,
        targets: [...(t.target ?? [])],
        eventType,
        label: labelOf(node, eventType, delays),
        guard: t.guard === undefined ? null : nameOf(t.guard),
        actions: t.actions.map(nameOf),
        description: typeof t.description === 'string' ? t.description : null,
      });
    }
  }
  return edges;
}

/** The entry and exit actions of every state. */
export function stateActionsOf(machine: AnyStateMachine): Array<{ node: AnyStateNode; hook: 'entry' | 'exit'; action: string }> {
  return stateNodesOf(machine).flatMap((node) => [
    ...node.entry.map((a) => ({ node, hook: 'entry' as const, action: nameOf(a) })),
    ...node.exit.map((a) => ({ node, hook: 'exit' as const, action: nameOf(a) })),
  ]);
}
