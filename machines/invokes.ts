/**
 * What every machine does with its invoked actors: placeholders in setup() (docs/conventions.md, Machines: they fail loudly until
 * the app or a test provides the real ones), and reading an invoke's outcome inside a named action or guard.
 *
 * The configs give named implementations no `params` function (Stately's parser cannot keep one, decision 071):
 * an implementation reads the data it needs from the context or from the event. The events of an invoke's outcome
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`) are not in a machine's event type, so these helpers check
 * them at run time: an implementation wired to the wrong transition throws, and every transition runs in the path
 * tests. The caller names the invoke ids it expects and the output type it reads.
 */
import { assertEvent, fromPromise, type EventObject, type ExtractEvent, type NonReducibleUnknown, type PromiseActorLogic } from 'xstate';
import type { ErrorCode } from '#domain/api-schema.ts';

/**
 * The mark of a placeholder actor or action: the name the app must provide (the tests find them by it). A symbol of
 * the global registry, so that a copy of machines/ (the mutant test's, in a folder of its own) marks them alike.
 */
export const NOT_PROVIDED = Symbol.for('machines.notProvided');

/** A placeholder promise actor: rejects with "not provided: <name>" until `.provide()` replaces it. */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(name: string): PromiseActorLogic<TOutput, TInput> {
  const logic = fromPromise<TOutput, TInput>(async () => {
    throw new Error(`not provided: ${name}`);
  });
  return Object.defineProperty(logic, NOT_PROVIDED, { value: name });
}

/**
 * A placeholder action the app must provide (a toast, a navigation, storage): throws "not provided: <name>" when it
 * runs before `.provide()` replaced it, as a placeholder actor rejects. `TParams` types the params it is given.
 */
export function notProvidedAction<TParams = undefined>(name: string): (args: unknown, params: TParams) => void {
  const action = () => {
    throw new Error(`not provided: ${name}`);
  };
  return Object.defineProperty(action, NOT_PROVIDED, { value: name });
}

function checked(event: EventObject, kind: 'done' | 'error', ids: readonly string[]): EventObject {
  const prefix = `xstate.${kind}.actor.`;
  if (!event.type.startsWith(prefix) || !ids.includes(event.type.slice(prefix.length))) {
    throw new Error(`expected the ${kind} event of ${ids.join(' or ')}, got ${event.type}`);
  }
  return event;
}

/**
 * The event, checked with xstate's `assertEvent` to be of `type` (it throws on another), and narrowed to it: for a
 * named implementation that reads the event's payload in one expression.
 */
export function eventOf<E extends EventObject, T extends E['type']>(event: E, type: T): ExtractEvent<E, T> {
  assertEvent(event, type);
  return event;
}

/** The output of a done invoke among `ids`. */
export function outputOf<T>(event: EventObject, ...ids: string[]): T {
  return (checked(event, 'done', ids) as EventObject & { output: T }).output;
}

/** The rejection of a failed invoke among `ids`. */
export function errorOf(event: EventObject, ...ids: string[]): unknown {
  return (checked(event, 'error', ids) as EventObject & { error: unknown }).error;
}

/** The `code` of an API error (ApiError of openapi.yaml), when a rejection carries one. */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') return error.code;
  return null;
}

/** Whether a failed invoke among `ids` was refused with one of `codes` (the contract's ErrorCode). */
export const refusedWith = (event: EventObject, ids: readonly string[], codes: readonly ErrorCode[]): boolean =>
  (codes as readonly string[]).includes(errorCodeOf(errorOf(event, ...ids)) ?? '');
