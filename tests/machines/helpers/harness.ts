/**
 * Running a machine for real in the tests: controllable (deferred) promise actors, spy actions, and the
 * executor that walks a TestModel path on a live actor, checking every step against the tester's expectations
 * (helpers/expectations.ts: the table of the fixture file, which the machine does not decide).
 */
import { expect, vi, type Mock } from 'vitest';
import {
  SimulatedClock,
  createActor,
  fromPromise,
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type SnapshotFrom,
} from 'xstate';
import type { TestPath } from 'xstate/graph';
import { NOT_PROVIDED } from '../../../machines/invokes.ts';
import { expectedAfter, rowFor, saysOf, startEvent, stateInWords, type Expectation } from './expectations.ts';

export type DeferredCall = {
  src: string;
  /** The invoke id (`self.id` of the invoked actor): what `xstate.done.actor.<id>` names. */
  id: string;
  input: unknown;
  settled: boolean;
  /** The invoked actor was stopped (its state was left) before it settled. */
  aborted: boolean;
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
};

/** Promise actors that wait until the test settles them, keyed by invoke id. */
export class DeferredActors {
  readonly calls: DeferredCall[] = [];

  logic(src: string) {
    return fromPromise<unknown, unknown>(
      ({ input, self, signal }) =>
        new Promise((resolve, reject) => {
          const call: DeferredCall = { src, id: self.id, input, settled: false, aborted: false, resolve, reject };
          signal.addEventListener('abort', () => (call.aborted = true));
          this.calls.push(call);
        }),
    );
  }

  /** The running call of an invoke: the last one started, not settled, not aborted. */
  pending(id: string): DeferredCall {
    const call = this.calls.findLast((c) => c.id === id && !c.settled && !c.aborted);
    if (!call) throw new Error(`no running call of invoke "${id}"; calls so far: ${this.calls.map((c) => c.id).join(', ') || 'none'}`);
    return call;
  }

  resolve(id: string, output: unknown): void {
    const call = this.pending(id);
    call.settled = true;
    call.resolve(output);
  }

  reject(id: string, error: unknown): void {
    const call = this.pending(id);
    call.settled = true;
    call.reject(error);
  }

  inputsOf(src: string): unknown[] {
    return this.calls.filter((c) => c.src === src).map((c) => c.input);
  }
}

/** Let settled promises reach the machine (a few microtask turns; no timers involved). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

/** What a test may hand to `exec`: an event of the machine, or the outcome of one of its invoked actors. */
export type ExecEvent<M extends AnyStateMachine> =
  | EventFromLogic<M>
  | { type: `xstate.done.actor.${string}`; output: unknown }
  | { type: `xstate.error.actor.${string}`; error: unknown }
  | { type: `xstate.after.${string}` };

export type Harness<M extends AnyStateMachine, A extends string = string> = {
  machine: M;
  deferred: DeferredActors;
  spies: Record<A, Mock>;
  /** The params each call of a provided action received, in order. */
  paramsOf: (action: A) => unknown[];
  /** The context and event each call of a provided action saw, in order (actions that read them, not params). */
  argsOf: (action: A) => Array<{ context: SnapshotFrom<M>['context']; event: EventObject }>;
  actor: () => Actor<M>;
  /** The actor's clock, when the harness was given a time (`now`): a delayed transition advances it. */
  clock: () => SimulatedClock | null;
  start: (input: InputFrom<M>) => Actor<M>;
  /** Send an event, or settle a deferred actor for `xstate.done.actor.*` / `xstate.error.actor.*`. */
  exec: (event: ExecEvent<M>) => Promise<void>;
  snapshot: () => SnapshotFrom<M>;
};

const placeholders = (implementations: Record<string, unknown>) =>
  Object.entries(implementations)
    .filter(([, implementation]) => typeof implementation === 'object' || typeof implementation === 'function')
    .filter(([, implementation]) => NOT_PROVIDED in (implementation as object))
    .map(([name]) => name);
/** The actions of a machine the app must provide (the placeholders of machines/invokes.ts `notProvidedAction`). */
export const appActions = (machine: AnyStateMachine): string[] => placeholders(machine.implementations.actions);
/** The actors of a machine the app must provide (`notProvided` of machines/invokes.ts; not the machines it runs as children). */
export const appActors = (machine: AnyStateMachine): string[] => placeholders(machine.implementations.actors);

/**
 * The real machine with every actor deferred and every provided action a spy. `guards` may replace guards the
 * app provides (e.g. a veto). `now`: the actor runs on a simulated clock set to that time, and a path's delayed
 * transition (`xstate.after.…`) advances it by the delay the machine scheduled.
 */
export function createHarness<M extends AnyStateMachine, A extends string>(
  machine: M,
  options: { actors: readonly string[]; actions: readonly A[]; guards?: Record<string, (...args: never[]) => boolean>; now?: number },
): Harness<M, A> {
  const deferred = new DeferredActors();
  const spies = Object.fromEntries(options.actions.map((name) => [name, vi.fn()])) as Record<A, Mock>;
  const provided = machine.provide({
    actors: Object.fromEntries(options.actors.map((src) => [src, deferred.logic(src)])),
    actions: spies,
    guards: options.guards ?? {},
  } as never) as M;
  let current: Actor<M> | undefined;
  let clock: SimulatedClock | null = null;

  const actor = () => {
    if (!current) throw new Error('the actor is not started');
    return current;
  };

  return {
    machine: provided,
    deferred,
    spies,
    paramsOf: (action) => spies[action].mock.calls.map((call) => call[1]),
    argsOf: (action) => spies[action].mock.calls.map((call) => call[0] as { context: SnapshotFrom<M>['context']; event: EventObject }),
    actor,
    clock: () => clock,
    start: (input) => {
      if (options.now !== undefined) {
        clock = new SimulatedClock();
        clock.set(options.now);
      }
      current = createActor(provided, { input, ...(clock ? { clock } : {}) } as never) as Actor<M>;
      current.start();
      return current;
    },
    exec: async (execEvent) => {
      const event = execEvent as EventObject;
      const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
      const error = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
      const after = /^xstate\.after\.([^.]+)\./.exec(event.type);
      if (done?.[1]) deferred.resolve(done[1], (event as { output?: unknown }).output);
      else if (error?.[1]) deferred.reject(error[1], (event as { error?: unknown }).error);
      else if (after?.[1] && clock) clock.increment(scheduledDelay(actor(), event.type));
      else if (after?.[1]) vi.advanceTimersByTime(delayMs(provided, after[1]));
      else actor().send(event as never);
      await flush();
    },
    snapshot: () => actor().getSnapshot() as SnapshotFrom<M>,
  };
}

/** The delay the actor's system scheduled for a delayed event (its own or a child's). */
function scheduledDelay(actor: Actor<AnyStateMachine>, type: string): number {
  const scheduled = Object.values(actor.system.getSnapshot()._scheduledEvents).find((e) => e.event.type === type);
  if (!scheduled) throw new Error(`no delayed event ${type} is scheduled`);
  return scheduled.delay;
}

function delayMs(machine: AnyStateMachine, delay: string): number {
  if (/^\d+$/.test(delay)) return Number(delay);
  const configured: unknown = (machine.implementations.delays as Record<string, unknown>)[delay];
  if (typeof configured !== 'number') throw new Error(`delay "${delay}" is not a fixed number of ms; give the test its own`);
  return configured;
}

export type StepCheck<M extends AnyStateMachine, A extends string = string> = (
  actual: SnapshotFrom<M>,
  expected: SnapshotFrom<M>,
  harness: Harness<M, A>,
  event: EventObject,
) => void;

/**
 * Walk one path on a fresh harness: `xstate.init` starts the actor with `input`; every later step sends the
 * event (or settles the actor it names). After each step:
 * 1. the tester's table (`expected`, written in the fixture file) must have exactly one row for the state before
 *    and the event, and the live machine must be where that row says (state, and its tags and context facts when
 *    given): the oracle, which the machine does not decide;
 * 2. the live run must still follow the planned path (same state value and key as the model's step), so the path
 *    named in the test is the one walked;
 * 3. `check` (the machine's own invariants and the effects of the step) must hold.
 */
export async function executePath<M extends AnyStateMachine, A extends string>(
  path: TestPath<SnapshotFrom<M>, EventObject>,
  options: {
    harness: () => Harness<M, A>;
    input: InputFrom<M>;
    key: (s: SnapshotFrom<M>) => unknown;
    expected: ReadonlyArray<Expectation<M>>;
    check?: StepCheck<M, A>;
  },
): Promise<Harness<M, A>> {
  const harness = options.harness();
  let lastEvent: EventObject = { type: 'xstate.init' };
  let before: AnyMachineSnapshot | undefined;
  const events = new Proxy(
    {},
    {
      get: () => async (step: { event: EventObject }) => {
        lastEvent = step.event.type === 'xstate.init' ? startEvent(options.input) : step.event;
        before = step.event.type === 'xstate.init' ? undefined : (harness.snapshot() as AnyMachineSnapshot);
        if (step.event.type === 'xstate.init') harness.start(options.input);
        else await harness.exec(step.event as ExecEvent<M>);
      },
    },
  );
  await path.test({
    events,
    states: {
      '*': (planned: SnapshotFrom<M>) => {
        const actual = harness.snapshot() as AnyMachineSnapshot;
        expect(actual.status, `status after ${lastEvent.type}${actual.error ? `: ${String(actual.error)}` : ''}`).not.toBe('error');
        const found = rowFor(options.expected, before, lastEvent);
        if ('problem' in found) expect.fail(found.problem);
        const { row } = found;
        const said = `${before ? stateInWords(before.value) : 'start'} → ${saysOf(row, lastEvent, before)}`;
        const wanted = expectedAfter(row, before, lastEvent);
        expect(actual.value, `${said}: the tester expects ${stateInWords(wanted)}`).toEqual(wanted);
        if (row.tags) expect([...actual.tags].sort(), `${said}: the tags the tester expects`).toEqual([...row.tags].sort());
        if (row.context && before) expect(actual.context, `${said}: the context the tester expects`).toMatchObject(row.context(before, lastEvent));
        expect(actual.value, 'the live run follows the planned path').toEqual((planned as AnyMachineSnapshot).value);
        expect(options.key(actual as SnapshotFrom<M>), 'the live run follows the planned path').toEqual(options.key(planned));
        options.check?.(actual as SnapshotFrom<M>, planned, harness, lastEvent);
      },
    },
  });
  harness.actor().stop();
  return harness;
}
