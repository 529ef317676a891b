/**
 * Machine paths walked in Chromium (docs/conventions.md, Tests): the same models as the vitest path tests (shared fixtures
 * in tests/machines/fixtures), reduced to a covering subset (each browser path costs seconds), with a
 * load-time check that the subset still walks every state and transition. Invoke outcomes are read ahead from
 * the path: a success lets the request reach the reference server, a failure is answered by `page.route`.
 */
import type { Page, Request, Route } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { TestPath } from 'xstate/graph';
import { coverageOf, coveringSubset } from '../../tests/machines/helpers/coverage.ts';
import { pathName } from '../../tests/machines/helpers/model.ts';

export type BrowserPath<I, S extends AnyMachineSnapshot = AnyMachineSnapshot> = TestPath<S, EventObject> & { input: I; name: string };

/**
 * What a set of browser paths lacks, in words (none: it covers the machine): a state or a transition it does not
 * walk beyond the `excluded` ones (a transition the UI cannot take, listed by the spec with its reason), an excluded
 * one it walks after all, or a path without which nothing would be missing (the check would hold without it).
 */
export function coverageProblems(
  machine: AnyStateMachine,
  paths: ReadonlyArray<{ steps: TestPath<AnyMachineSnapshot, EventObject>['steps'] }>,
  excluded: readonly string[] = [],
): string[] {
  const coverage = coverageOf(machine, paths as never);
  const problems = [
    ...coverage.states.missing.map((state) => `state not walked: ${state}`),
    ...coverage.transitions.missing.filter((t) => !excluded.includes(t)).map((t) => `transition not walked: ${t}`),
    ...excluded.filter((t) => !coverage.transitions.missing.includes(t)).map((t) => `excluded, yet walked (or not a transition): ${t}`),
  ];
  if (problems.length > 0) return problems;
  const missing = coverage.states.missing.length + coverage.transitions.missing.length;
  paths.forEach((path, index) => {
    const without = coverageOf(machine, paths.filter((_, j) => j !== index) as never);
    if (without.states.missing.length + without.transitions.missing.length === missing) problems.push(`path ${index + 1} walks nothing the others do not`);
  });
  return problems;
}

/**
 * The browser paths of a machine: of the model's paths (per input), the covering subset, named (by default the end
 * state and the events, after the input when there are several). Checked when the spec file loads: a subset that
 * stopped covering the machine fails every run at once. Each model spec also declares `test(title, …)` with
 * `coverageProblems` so the check shows in the report.
 */
export function browserPaths<I, S extends AnyMachineSnapshot>(
  machine: AnyStateMachine,
  pathsByInput: ReadonlyArray<{ input: I; paths: ReadonlyArray<TestPath<S, EventObject>> }>,
  options: { name?: (path: TestPath<S, EventObject>, input: I) => string; excluded?: readonly string[] } = {},
) {
  const excluded = options.excluded ?? [];
  const name =
    options.name ??
    ((path: TestPath<S, EventObject>, input: I) => (pathsByInput.length > 1 ? `${JSON.stringify(input)} ${pathName(path as never)}` : pathName(path as never)));
  const all = pathsByInput.flatMap(({ input, paths }) => paths.map((path) => ({ ...path, input, name: name(path, input) })));
  const subset = coveringSubset(machine, all as never) as unknown as Array<BrowserPath<I, S>>;
  const coverage = coverageOf(machine, subset as never);
  const problems = coverageProblems(machine, subset as never, excluded);
  if (problems.length > 0) throw new Error(`the browser paths of ${machine.id}:\n  ${problems.join('\n  ')}`);
  const walked = coverage.transitions.total - excluded.length;
  const title = `the browser walks all ${coverage.states.total} states and ${walked === coverage.transitions.total ? 'all ' : ''}${walked} of ${coverage.transitions.total} transitions in ${subset.length} of the ${all.length} model paths`;
  return { paths: subset, coverage, total: all.length, excluded, title };
}

/** The outcomes of one invoke along a path, in order: 'ok' for xstate.done.actor.<id>, 'fail' for .error. */
export function outcomes(path: { steps: ReadonlyArray<{ event: EventObject }> }, actorId: string): Array<'ok' | 'fail'> {
  return path.steps
    .map((step) => step.event.type)
    .filter((type) => type === `xstate.done.actor.${actorId}` || type === `xstate.error.actor.${actorId}`)
    .map((type) => (type.startsWith('xstate.done') ? 'ok' : 'fail'));
}

/** The first output a path gives an invoke (to make the server's data match it). */
export function firstOutput<T>(path: { steps: ReadonlyArray<{ event: EventObject }> }, actorId: string): T | undefined {
  const done = path.steps.find((step) => step.event.type === `xstate.done.actor.${actorId}`);
  return (done?.event as { output?: T } | undefined)?.output;
}

/** How a request a path planned ends: through to the server, an injected failure, or never (the path ends meanwhile). */
export type Outcome = 'ok' | 'fail' | 'hold';
/** An injected failure: its status, and the ApiError body (code, message, and fields when a 422 has them). */
export type Failure = { status: number; code: string; message: string; fields?: ReadonlyArray<{ path: string; message: string }> };

/**
 * Answers the requests matching `url` in the order of `queue`: 'ok' goes on to the reference server, 'fail' gets
 * the failure (the same for every request, or chosen per request), 'hold' is never answered (a path that ends while
 * the request is under way shows its busy state). A request beyond the queue goes on to the server.
 */
export async function routeOutcomes(page: Page, url: string, queue: Outcome[], failure: Failure | ((request: Request) => Failure)) {
  const left = [...queue];
  let seen = 0;
  await page.route(url, async (route: Route) => {
    seen += 1;
    const next = left.shift();
    if (next === 'hold') return new Promise<void>(() => {});
    if (next !== 'fail') return route.continue();
    const { status, ...body } = typeof failure === 'function' ? failure(route.request()) : failure;
    return route.fulfill({ status, json: body });
  });
  return { left: () => left.length, seen: () => seen };
}

/** How a request a path planned is answered: it goes on to the server, or gets this status and body. */
export type Answer = { server: true } | { status: number; json: unknown };

/**
 * Answers the requests `url` matches, in the order of `answers` (a request beyond them goes on to the server), for
 * paths whose answers are more than a pass or a fail: read ahead from the path, with the path's own data or error.
 */
export async function answerInOrder(page: Page, url: string | ((url: URL) => boolean), answers: readonly Answer[]) {
  const left = [...answers];
  await page.route(url, async (route: Route) => {
    const next = left.shift() ?? { server: true };
    if ('server' in next) return route.continue();
    return route.fulfill({ status: next.status, json: next.json });
  });
  return { left: () => left.length };
}

/** The status the reference server answers an error code with (the fixtures' errors carry only the code). */
export function statusOf(code: string): number {
  if (code === 'validation_failed') return 422;
  if (code === 'not_found') return 404;
  if (code === 'internal_error') return 500;
  if (code === 'offer_not_for_you' || code === 'forbidden') return 403;
  return 409;
}

/** The steps of a path that end the invoke `actorId`, in order: its outputs and errors. */
export function invokeEnds(path: { steps: ReadonlyArray<{ event: EventObject }> }, actorId: string) {
  return path.steps
    .map((step) => step.event as EventObject & { output?: unknown; error?: unknown })
    .filter((event) => event.type === `xstate.done.actor.${actorId}` || event.type === `xstate.error.actor.${actorId}`)
    .map((event) => (event.type.startsWith('xstate.done') ? { ok: true as const, output: event.output } : { ok: false as const, error: event.error }));
}

/** An injected failure for an error of the fixtures (`{ code, message, fields? }`), with the server's status. */
export function failureOf(error: unknown): Answer {
  const body = error as { code: string; message: string };
  return { status: statusOf(body.code), json: body };
}

type Step = { event: EventObject };

/**
 * The `events` of `path.test`: every step goes through here, so `lastEvent()` says which event led to the
 * state being checked (invoke outcomes have no executor of their own: the routed answer already decided them).
 */
export function stepExecutors(handlers: Record<string, (step: Step) => Promise<unknown>>) {
  let last: EventObject = { type: 'xstate.init' };
  const events = new Proxy(
    {},
    {
      get: (_, type: string) => async (step: Step) => {
        last = step.event;
        await handlers[type]?.(step);
      },
    },
  );
  return { events, lastEvent: () => last };
}
