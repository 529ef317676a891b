/**
 * Live inspection in development (docs/decisions/072-dev-inspector.md): open the app with `?inspect` under
 * `npm run dev` and every app actor reports to the Stately inspector (@statelyai/inspect, a devDependency).
 *
 * Every actor creation site spreads `devInspect` into its options (`createActor(logic, { ...devInspect })`,
 * `useActorRef(logic, { input, ...devInspect })`); the lint keeps it so (eslint.config.js). The inspector loads lazily behind
 * `import.meta.env.DEV`, which Vite replaces by `false` in a build, so the import and the package are dropped from
 * the production bundle (scripts/check-size.ts fails the build if a trace of it remains).
 *
 * Actors start synchronously, before the inspector module has loaded: the observer given to them buffers what
 * they report until then and replays it in order.
 */
import type { AnyEventObject, InspectionEvent, MachineContext, Observer } from 'xstate';

/** What @statelyai/inspect's createBrowserInspector returns, as far as we use it. */
export type LoadedInspector = { inspect: Observer<InspectionEvent> };
export type InspectOption = { inspect?: Observer<InspectionEvent> };

/** Whether this page asks for the inspector: a development build and `inspect` in the query. */
export function wantsInspector(search: string, dev: boolean): boolean {
  return dev && new URLSearchParams(search).has('inspect');
}

/** The `inspect` option, calling `load` only when wanted; events before the load are replayed after it. */
export function inspectOption(search: string, dev: boolean, load: () => Promise<LoadedInspector>): InspectOption {
  if (!wantsInspector(search, dev)) return {};
  const pending: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | null = null;
  load().then(
    (inspector) => {
      target = inspector.inspect;
      for (const event of pending.splice(0)) target.next?.(event);
    },
    (error: unknown) => console.warn('The Stately inspector could not load:', error),
  );
  return { inspect: { next: (event) => (target ? target.next?.(event) : pending.push(event)) } };
}

const SECRET_KEYS = new Set(['password', 'token']);
/** The inspector window is stately.ai: passwords and bearer tokens never leave the page, even in development. */
export function withoutSecrets<T>(value: T, depth = 0): T {
  if (depth > 6 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withoutSecrets(item, depth + 1)) as T;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, SECRET_KEYS.has(key) ? '[hidden]' : withoutSecrets(item, depth + 1)])) as T;
}

/** The option every app actor takes: empty in production and without `?inspect`. */
export const devInspect: InspectOption = import.meta.env.DEV
  ? inspectOption(globalThis.location?.search ?? '', true, async () => {
      const { createBrowserInspector } = await import('@statelyai/inspect');
      return createBrowserInspector({
        sanitizeEvent: (event: AnyEventObject) => withoutSecrets(event),
        sanitizeContext: (context: MachineContext) => withoutSecrets(context),
      });
    })
  : {};
