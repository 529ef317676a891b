/**
 * Machine paths walked in Chromium (docs/conventions.md, Tests): the same models as the vitest path tests (shared fixtures
 * in tests/machines/fixtures), reduced to a covering subset (each browser path costs seconds), with a
 * load-time check that the subset still walks every state and transition. Invoke outcomes are read ahead from
 * the path: a success lets the request reach the reference server, a failure is answered by `page.route`.
 */
import type { Page, Route } from '@playwright/test';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import type { TestPath } from 'xstate/graph';
import { coverageOf, coveringSubset } from '../../tests/machines/helpers/coverage.ts';
import { pathName } from '../../tests/machines/helpers/model.ts';

export type BrowserPath<I, S extends AnyMachineSnapshot = AnyMachineSnapshot> = TestPath<S, EventObject> & { input: I; name: string };

export function browserPaths<I, S extends AnyMachineSnapshot>(machine: AnyStateMachine, pathsByInput: ReadonlyArray<{ input: I; paths: ReadonlyArray<TestPath<S, EventObject>> }>) {
  const all = pathsByInput.flatMap(({ input, paths }) =>
    paths.map((path) => ({ ...path, input, name: `${JSON.stringify(input)} ${pathName(path as never)}` })),
  );
  const subset = coveringSubset(machine, all as never) as unknown as Array<BrowserPath<I, S>>;
  const coverage = coverageOf(machine, subset as never);
  const missing = [...coverage.states.missing, ...coverage.transitions.missing];
  // Checked when the spec file loads: a subset that stopped covering the machine fails every run at once.
  if (missing.length > 0) throw new Error(`the browser paths of ${machine.id} miss:\n  ${missing.join('\n  ')}`);
  return { paths: subset, coverage, total: all.length };
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

/**
 * Answers the requests matching `url` in the order of `queue`: 'ok' goes on to the reference server, 'fail'
 * gets `status` with the ApiError body. A request beyond the queue (a path that ends while it is under way)
 * goes on to the server.
 */
export async function routeOutcomes(page: Page, url: string, queue: Array<'ok' | 'fail'>, failure: { status: number; code: string; message: string }) {
  const left = [...queue];
  let seen = 0;
  await page.route(url, async (route: Route) => {
    seen += 1;
    const next = left.shift();
    if (next !== 'fail') return route.continue();
    return route.fulfill({ status: failure.status, json: { code: failure.code, message: failure.message } });
  });
  return { left: () => left.length, seen: () => seen };
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
