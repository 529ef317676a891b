/**
 * What the tester expects of a machine, written once per fixture file, from the spec and without reading the machine:
 * the oracle the path harness checks every step against, and the words the docs' "Test paths" are written in.
 *
 * THE FORMAT (one row per case; `expectations<typeof machine>()` types each row by its event):
 *
 *   export const signingExpected = expectations<typeof signingMachine>()([
 *     { on: 'xstate.init', says: 'the page opens', to: 'loading' },
 *     { from: 'loading', on: 'xstate.done.actor.loadDocumentsToSign', when: (e, s) => !s.context.hasValidSignature,
 *       says: 'the list arrives, but no valid signature', to: 'noSignature' },
 *     { from: 'selecting', on: 'signing.toggle', says: (e) => `check or uncheck ${e.mission}`, to: STAYS,
 *       context: (s, e) => ({ ... }) },
 *   ]);
 *
 * - `from`: the state before the event, as a dotted path `snapshot.matches()` reads ('loading', 'editing.saveFailed';
 *   a parent covers its children). Omitted only for `xstate.init` (the start: its event carries the path's `input`,
 *   so `when`/`to` can tell where each input starts; there is no snapshot before it).
 * - `on`: the event type, exactly as in the fixtures (`xstate.done.actor.<id>` / `xstate.error.actor.<id>` too).
 * - `when` (optional): which case the row is about, from the event (its payload: which fixture variant) and the
 *   snapshot before it (its context, e.g. the input). For a state and an event, exactly one row must match; a row
 *   whose `from` is deeper wins over one of a parent ('confirming.submitFailed' over 'confirming').
 * - `says`: the event in words, for the docs (a function of the event and the state before, to name a variant).
 * - `to`: the resting state expected after the event, as a full dotted path to the leaf ('signedIn.open', not
 *   'signedIn'; a parallel state's regions joined with ' + '), or STAYS (the same state as before); a function of the snapshot before and the event when the
 *   spec makes it depend on them (cancel shows the signature as it was).
 * - `tags` (optional): exactly the tags expected after the event. `context` (optional): facts of the context
 *   expected after the event (a subset, compared with toMatchObject), from the snapshot before and the event.
 *
 * The harness (harness.ts) fails a step when no row or several rows match, or when the live machine is not where the
 * matching row says; so a transition whose target is changed makes a path fail (tests/machines/mutants.test.ts).
 * Pure: no test runner imported here (the docs generator uses it too).
 */
import type { AnyMachineSnapshot, AnyStateMachine, ContextFrom, EventObject, InputFrom, SnapshotFrom, StateValue } from 'xstate';
import type { FixtureEvent, FixtureType } from './model.ts';

/** `to` for an event that leaves the machine where it was (a targetless transition). */
export const STAYS = '(stays)';

type Row<M extends AnyStateMachine, T> = {
  from?: string;
  on: T;
  when?: (event: Ev<M, T>, before: SnapshotFrom<M>) => boolean;
  says: string | ((event: Ev<M, T>, before: SnapshotFrom<M>) => string);
  to: string | ((before: SnapshotFrom<M>, event: Ev<M, T>) => string);
  tags?: readonly string[];
  context?: (before: SnapshotFrom<M>, event: Ev<M, T>) => Partial<ContextFrom<M>>;
};
/** The start is `xstate.init` with the path's input, so a row can expect where each input starts. */
type Ev<M extends AnyStateMachine, T> = T extends 'xstate.init' ? { type: 'xstate.init'; input: InputFrom<M> } : FixtureEvent<M, T>;

/** One row of a machine's expectations, typed by its event. */
export type Expectation<M extends AnyStateMachine> = { [T in FixtureType<M> | 'xstate.init']: Row<M, T> }[FixtureType<M> | 'xstate.init'];

/** Types the rows of a machine's table (`expectations<typeof machine>()([...])`). */
export const expectations =
  <M extends AnyStateMachine>() =>
  (rows: ReadonlyArray<Expectation<M>>): ReadonlyArray<Expectation<M>> =>
    rows;

type AnyRow = Row<AnyStateMachine, string>;
/** Any machine's table, as the harness and the docs read it. */
export type AnyExpectations = ReadonlyArray<object>;

/**
 * 'a.b.c' as the state value { a: { b: 'c' } }; the regions of a parallel state are joined with ' + '
 * ('p.x.idle + p.y.busy' is { p: { x: 'idle', y: 'busy' } }), as stateInWords writes them.
 */
export function valueOf(path: string): StateValue {
  const one = (part: string): StateValue => {
    const keys = part.split('.');
    return keys.reduceRight<StateValue>((inner, key) => ({ [key]: inner }), keys.pop()!);
  };
  const merge = (a: StateValue, b: StateValue): StateValue => {
    if (typeof a === 'string' || typeof b === 'string') throw new Error(`regions of "${path}" name two states of one region`);
    const out: Record<string, StateValue> = { ...(a as Record<string, StateValue>) };
    for (const [key, value] of Object.entries(b)) out[key] = key in out ? merge(out[key]!, value as StateValue) : (value as StateValue);
    return out;
  };
  return path.split(' + ').map(one).reduce(merge);
}

/** The row for this step, or why there is none: exactly one row must match. */
export function rowFor(rows: AnyExpectations, before: AnyMachineSnapshot | undefined, event: EventObject): { row: AnyRow } | { problem: string } {
  const matching = (rows as ReadonlyArray<AnyRow>).filter(
    (row) =>
      row.on === event.type &&
      (event.type === 'xstate.init' ? row.from === undefined : row.from !== undefined && before !== undefined && before.matches(valueOf(row.from))) &&
      (row.when === undefined || row.when(event, before as never)),
  );
  const depth = (row: AnyRow) => (row.from === undefined ? 0 : row.from.split('.').length);
  const deepest = Math.max(0, ...matching.map(depth));
  const chosen = matching.filter((row) => depth(row) === deepest);
  const where = before ? `from ${JSON.stringify(before.value)}` : 'at the start';
  if (chosen.length === 1) return { row: chosen[0]! };
  if (chosen.length === 0) return { problem: `the tester's table has no row for ${event.type} ${where}: add one (what should happen?)` };
  return {
    problem: `the tester's table has ${chosen.length} rows for ${event.type} ${where} (${chosen.map((r) => JSON.stringify(r.says)).join(', ')}): make their \`when\` exclusive`,
  };
}

/** The event a table sees at the start: `xstate.init` with the path's input. */
export const startEvent = (input: unknown): EventObject => ({ type: 'xstate.init', input }) as EventObject;

/** The state value a row expects after the event. */
export function expectedAfter(row: AnyRow, before: AnyMachineSnapshot | undefined, event: EventObject): StateValue {
  const to = typeof row.to === 'function' ? row.to(before as never, event) : row.to;
  if (to !== STAYS) return valueOf(to);
  if (!before) throw new Error('STAYS cannot be expected at the start');
  return before.value;
}

/** The row's words for this event. */
export function saysOf(row: AnyRow, event: EventObject, before: AnyMachineSnapshot | undefined): string {
  return typeof row.says === 'function' ? row.says(event, before as never) : row.says;
}

const words = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();

/** A state in words: 'signedIn.policiesRequired' → "signed in: policies required". */
export function stateInWords(value: StateValue): string {
  if (typeof value === 'string') return words(value);
  return Object.entries(value)
    .map(([key, inner]) =>
      inner === undefined || (typeof inner === 'object' && Object.keys(inner).length === 0)
        ? words(key)
        : `${words(key)}: ${stateInWords(inner as StateValue)}`,
    )
    .join(' + ');
}

/** A path in words, from its steps and the tester's rows: "loading → the list arrives → selecting → …". */
export function pathInWords(rows: AnyExpectations, steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }>, input?: unknown): string {
  const parts: string[] = [];
  steps.forEach((step, i) => {
    const before = steps[i - 1]?.state;
    const event = i === 0 ? startEvent(input) : step.event;
    const found = rowFor(rows, before, event);
    if ('problem' in found) throw new Error(found.problem);
    if (i > 0) parts.push(saysOf(found.row, event, before));
    parts.push(stateInWords(step.state.value));
  });
  return parts.join(' → ');
}

/** A path test's name: the path in words, as the docs list it (or the event types, if the table lacks a row). */
export function pathTitle(rows: AnyExpectations, path: { steps: ReadonlyArray<{ event: EventObject; state: AnyMachineSnapshot }> }, input?: unknown): string {
  try {
    return pathInWords(rows, path.steps, input);
  } catch {
    return path.steps.map((step) => step.event.type).join(' → ');
  }
}
