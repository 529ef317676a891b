/**
 * The model builder of the machine path tests (docs/conventions.md, Tests; xstate's `TestModel` of `xstate/graph`).
 *
 * `createTestModel` refuses machines with invokes, so we build `new TestModel(machine, …)` ourselves:
 * - events come from exhaustive FIXTURES: one entry per event type the machine can receive (its own events and the
 *   `xstate.done.actor.<id>` / `xstate.error.actor.<id>` of every invoke), each a function of the snapshot giving
 *   the payload variants to try there. The `Fixtures<M>` type makes a new event fail to compile until it has one;
 *   `fixtureMismatch` makes a stale or missing one fail at run time;
 * - `filterEvents` keeps the events the state accepts (`can`), so ignored events add no noise;
 * - a state is serialised as its value + a small, BOUNDED projection of the context (`key`) + "via TRANSITION from
 *   PREV": shortest paths then reach every transition, not only every state, and the state space
 *   stays finite.
 */
import { TestModel, getStateNodes, type TestPath } from 'xstate/graph';
import { transitionsTaken } from './transitions.ts';
import type { ActorRef, AnyMachineSnapshot, AnyStateMachine, EventFromLogic, EventObject, InputFrom, SnapshotFrom, StateValue } from 'xstate';

type Children<M extends AnyStateMachine> = NonNullable<SnapshotFrom<M>['children']>;
export type ChildId<M extends AnyStateMachine> = Extract<keyof Children<M>, string>;
type ChildOutput<M extends AnyStateMachine, Id extends ChildId<M>> =
  NonNullable<Children<M>[Id]> extends ActorRef<infer S, infer _E, infer _Em> ? (S extends { output?: infer O } ? Exclude<O, undefined> : unknown) : unknown;

export type DoneEvent<M extends AnyStateMachine, Id extends ChildId<M>> = { type: `xstate.done.actor.${Id}`; output: ChildOutput<M, Id> };
export type ErrorEvent<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown };

/** A delayed event (`xstate.after.<delay>.<state id>`): its type is not in the machine's types, so any is allowed. */
export type AfterEvent = `xstate.after.${string}`;

/** Every event type a machine receives: its own, plus done/error of each declared child (`types.children`), and delayed ones. */
export type FixtureType<M extends AnyStateMachine> =
  | EventFromLogic<M>['type']
  | { [Id in ChildId<M>]: `xstate.done.actor.${Id}` | `xstate.error.actor.${Id}` }[ChildId<M>]
  | AfterEvent;

export type FixtureEvent<M extends AnyStateMachine, T> = T extends EventFromLogic<M>['type']
  ? Extract<EventFromLogic<M>, { type: T }>
  : T extends `xstate.done.actor.${infer Id extends ChildId<M>}`
    ? DoneEvent<M, Id>
    : T extends `xstate.error.actor.${infer Id extends string}`
      ? ErrorEvent<Id>
      : T extends AfterEvent
        ? { type: T }
        : never;

type Fixture<M extends AnyStateMachine, T> = (snapshot: SnapshotFrom<M>) => ReadonlyArray<FixtureEvent<M, T>>;
/**
 * Exhaustive fixtures: `satisfies Fixtures<typeof machine>` fails to compile when one of the machine's own event
 * types has none. The outcomes of its children (done, error) and delayed events may be left out where the machine
 * does not handle them (a child machine that never ends); `fixtureMismatch` fails at run time for one it handles.
 */
export type Fixtures<M extends AnyStateMachine> = { [T in EventFromLogic<M>['type']]: Fixture<M, T> } & {
  [T in Exclude<FixtureType<M>, EventFromLogic<M>['type']>]?: Fixture<M, T>;
};

export type KeyFn<M extends AnyStateMachine> = (snapshot: SnapshotFrom<M>) => unknown;

/**
 * Which transition an event takes from a snapshot: source state, event type and the index of the branch among
 * that state's candidates for the event (guarded branches of one event are told apart).
 */
export function transitionLabel(machine: AnyStateMachine, prev: AnyMachineSnapshot, event: EventObject): string {
  return transitionsTaken(machine, prev, event)
    .map((t) => `${t.source.id}:${t.eventType}#${(t.eventType === '' ? (t.source.always ?? []) : (t.source.transitions.get(t.eventType) ?? [])).indexOf(t)}`)
    .join('+');
}

/**
 * "value + key", plus "via TRANSITION from PREV" for every state but the initial one. Naming the transition (not
 * only the event type) makes two guarded branches that end in the same state two vertices, so both get a path.
 */
export function serializeStep(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject | undefined,
  prev: AnyMachineSnapshot | undefined,
  key: (s: AnyMachineSnapshot) => unknown,
): string {
  const here = JSON.stringify({ value: snapshot.value, key: key(snapshot) });
  return event && prev ? `${here} via ${transitionLabel(machine, prev, event)} from ${JSON.stringify(prev.value)}` : here;
}

export type Model<M extends AnyStateMachine> = TestModel<SnapshotFrom<M>, EventFromLogic<M>, InputFrom<M>>;

export function buildModel<M extends AnyStateMachine>(machine: M, options: { input: InputFrom<M>; fixtures: Fixtures<M>; key: KeyFn<M> }): Model<M> {
  const fixtures = Object.values(options.fixtures) as Array<(s: SnapshotFrom<M>) => readonly EventObject[]>;
  const key = options.key as (s: AnyMachineSnapshot) => unknown;
  return new TestModel(machine as never, {
    input: options.input,
    events: (snapshot: SnapshotFrom<M>) => fixtures.flatMap((fixture) => fixture(snapshot)) as unknown as EventFromLogic<M>[],
    filterEvents: (snapshot: AnyMachineSnapshot, event: EventObject) => snapshot.status === 'active' && snapshot.can(event),
    serializeState: (snapshot: AnyMachineSnapshot, event: EventObject | undefined, prev?: AnyMachineSnapshot) =>
      serializeStep(machine, snapshot, event, prev, key),
    stateMatcher: (snapshot: AnyMachineSnapshot, stateKey: string) => stateKey === '*' || snapshot.matches(stateKey as StateValue),
  }) as unknown as Model<M>;
}

/** The shortest path to every (state + key + incoming transition), prefixes removed. */
export function shortestPaths<M extends AnyStateMachine>(model: Model<M>): Array<TestPath<SnapshotFrom<M>, EventFromLogic<M>>> {
  return model.getShortestPaths();
}

/** Every event type some state of the machine handles (own events, done/error of invokes, delayed events). */
export function handledEventTypes(machine: AnyStateMachine): string[] {
  const types = new Set<string>();
  for (const node of [machine.root, ...getStateNodes(machine.root)]) for (const type of node.transitions.keys()) types.add(type);
  return [...types].sort();
}

/** A fixture for every event the machine handles, and none for an event it does not. */
export function fixtureMismatch(machine: AnyStateMachine, fixtures: object): { missing: string[]; stale: string[] } {
  const handled = handledEventTypes(machine);
  const given = Object.keys(fixtures);
  return { missing: handled.filter((t) => !given.includes(t)), stale: given.filter((t) => !handled.includes(t)) };
}

/** A short, readable test name: the end state and the events of the path (invoke outcomes abbreviated). */
export function pathName(path: { state: { value: unknown }; steps: ReadonlyArray<{ event: EventObject }> }): string {
  const events = path.steps.slice(1).map(({ event }) =>
    event.type
      .replace(/^xstate\.done\.actor\./, 'done:')
      .replace(/^xstate\.error\.actor\./, 'error:')
      .replace(/^xstate\.after\./, 'after:'),
  );
  return `${JSON.stringify(path.state.value)} ⇐ ${events.join(' → ') || '(start)'}`;
}
