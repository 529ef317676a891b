/**
 * Which transitions one event takes, eventless (`always`) ones included.
 *
 * `machine.getTransitionData(snapshot, event)` names only the transitions the event itself selects. A transient
 * state (a dispatch drawn once, e.g. the session's `signedIn.gate`) is left in the same macrostep by an `always`
 * transition that the model's paths never show as a step (xstate/graph only sees resting snapshots). The coverage
 * check and the path serializer need those transitions too, so this follows the macrostep microstep by microstep
 * (`getMicrosteps`) and, between two microsteps, finds the eventless transition XState selected: per atomic state,
 * the first `always` transition (the state's own, then its ancestors') whose guard passes.
 *
 * Guards on eventless transitions must be named (a string or `{ type, params }` with static params) and plain
 * functions: the house rules want that anyway (decision 071). A guard combinator (`and`, `not`) there throws.
 */
import {
  getMicrosteps,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  type StateValue,
} from 'xstate';

type GuardFunction = ((args: { context: unknown; event: EventObject }, params: unknown) => boolean) & { check?: unknown };

function guardPasses(machine: AnyStateMachine, guard: unknown, context: unknown, event: EventObject): boolean {
  if (guard === undefined) return true;
  const reference = typeof guard === 'string' ? { type: guard, params: undefined } : guard;
  if (typeof reference === 'function') {
    if ('check' in reference) throw new Error('a guard combinator on an eventless transition cannot be followed here: name it');
    return (reference as GuardFunction)({ context, event }, undefined);
  }
  const { type, params } = reference as { type: string; params?: unknown };
  const implementation = (machine.implementations.guards as Record<string, GuardFunction | undefined>)[type];
  if (typeof implementation !== 'function' || 'check' in implementation)
    throw new Error(`the guard "${type}" of an eventless transition is not a plain named guard`);
  const resolved = typeof params === 'function' ? (params as (args: unknown) => unknown)({ context, event }) : params;
  return implementation({ context, event }, resolved);
}

function ancestorsOf(node: AnyStateNode): AnyStateNode[] {
  const chain: AnyStateNode[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) chain.push(parent);
  return chain;
}

/** The eventless transitions XState takes from `before` (a microstep's snapshot), while handling `event`. */
function eventlessFrom(machine: AnyStateMachine, before: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  const taken = new Set<AnyTransitionDefinition>();
  const atomic = (before._nodes as AnyStateNode[]).filter((node) => node.type === 'atomic' || node.type === 'final');
  for (const node of atomic) {
    search: for (const source of [node, ...ancestorsOf(node)]) {
      for (const transition of source.always ?? []) {
        if (guardPasses(machine, transition.guard, before.context, event)) {
          taken.add(transition);
          break search;
        }
      }
    }
  }
  return [...taken];
}

/** The states a transition may enter: its targets, their ancestors, and the initial states below them. */
function entered(transition: AnyTransitionDefinition): AnyStateNode[] {
  const nodes: AnyStateNode[] = [];
  const down = (node: AnyStateNode) => {
    nodes.push(node);
    if (node.type === 'compound') node.initial.target.forEach(down);
    if (node.type === 'parallel') Object.values(node.states).forEach(down);
  };
  for (const target of transition.target ?? []) {
    down(target);
    nodes.push(...ancestorsOf(target));
  }
  return nodes;
}

/** Whether an eventless transition can follow: a state with `always` is active before, or entered by, the event. */
function mayGoOn(prev: AnyMachineSnapshot, taken: AnyTransitionDefinition[]): boolean {
  const hasAlways = (node: AnyStateNode) => (node.always?.length ?? 0) > 0;
  return (prev._nodes as AnyStateNode[]).some(hasAlways) || taken.some((t) => entered(t).some(hasAlways));
}

/** Per snapshot and event object: the graph asks the same pair again when it builds the paths. */
const seen = new WeakMap<AnyMachineSnapshot, WeakMap<EventObject, AnyTransitionDefinition[]>>();

/** Every transition `event` takes from `prev`: the event's own, then the eventless ones of the same macrostep. */
export function transitionsTaken(machine: AnyStateMachine, prev: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  const known = seen.get(prev)?.get(event);
  if (known) return known;
  const taken = follow(machine, prev, event);
  if (!seen.has(prev)) seen.set(prev, new WeakMap());
  seen.get(prev)!.set(event, taken);
  return taken;
}

function follow(machine: AnyStateMachine, prev: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] {
  const taken = [...machine.getTransitionData(prev, event)];
  if (taken.length === 0 || !mayGoOn(prev, taken)) return taken;
  const microsteps = getMicrosteps(machine, prev as never, event as never).map(([snapshot]) => snapshot as AnyMachineSnapshot);
  for (let i = 1; i < microsteps.length; i++) {
    const before = microsteps[i - 1]!;
    const after = microsteps[i]!;
    const eventless = eventlessFrom(machine, before, event);
    const landed = new Set((after._nodes as AnyStateNode[]).map((node) => node.id));
    if (eventless.length === 0 || !eventless.every((t) => (t.target ?? []).every((target: AnyStateNode) => landed.has(target.id)))) {
      throw new Error(`cannot tell which eventless transition led from ${JSON.stringify(before.value)} to ${JSON.stringify(after.value)}`);
    }
    taken.push(...eventless);
  }
  return taken;
}

/** The state value a node enters at first: its initial child, all the way down (every region of a parallel state). */
function initialValueOf(node: AnyStateNode): StateValue | null {
  if (node.type === 'compound') {
    const child = node.initial.target[0]!;
    const inner = initialValueOf(child);
    return inner === null ? child.key : { [child.key]: inner };
  }
  if (node.type === 'parallel') return Object.fromEntries(Object.values(node.states).map((region) => [region.key, initialValueOf(region) ?? {}]));
  return null;
}

/**
 * The eventless transitions taken at the start, from the states the machine enters first to `initial` (the first
 * resting snapshot of a path): a machine may start in a transient state (the calendar feed's `start`, a region of a
 * parallel state). The guards read the context the machine rests with; one eventless step is followed (a chain
 * would throw).
 */
export function initialTransitionsTaken(machine: AnyStateMachine, initial: AnyMachineSnapshot): AnyTransitionDefinition[] {
  const value = initialValueOf(machine.root);
  if (value === null) return [];
  const start = machine.resolveState({ value, context: initial.context }) as AnyMachineSnapshot;
  if (!(start._nodes as AnyStateNode[]).some((node) => (node.always?.length ?? 0) > 0)) return [];
  const taken = eventlessFrom(machine, start, { type: 'xstate.init' });
  const landed = new Set((initial._nodes as AnyStateNode[]).map((node) => node.id));
  if (!taken.every((t) => (t.target ?? []).every((target: AnyStateNode) => landed.has(target.id)))) {
    throw new Error(`cannot tell which eventless transition led from ${JSON.stringify(value)} to ${JSON.stringify(initial.value)}`);
  }
  return taken;
}
