/**
 * A new build never runs beside the old one in a page (docs/decisions/240-service-worker.md). The worker of a new
 * build installs in the background (the browser checks /sw.js at navigations; the page asks again when the worker
 * comes back to it) and waits; the page keeps its own build, whose files its worker still holds. At the page's next
 * navigation (a link, a menu entry, a redirect), the waiting worker is asked to take over and the page is loaded anew
 * at the address the worker was going to, on the new build. The same when another tab let the new build take over:
 * this page's files are no longer kept, so its next navigation loads the new build rather than ask for an old file.
 */
import { SW_MESSAGES, type SwMessage } from './sw-messages.ts';

/** The part of the router's history this needs (`router.history`, @tanstack/history). */
export type BlockingHistory = {
  block: (blocker: {
    blockerFn: (args: { nextLocation: { href: string }; action: string }) => boolean | Promise<boolean>;
    enableBeforeUnload?: boolean;
  }) => () => void;
};

/** How long the page waits for the new worker to take control before it loads the next page anyway. */
export const TAKE_OVER_TIMEOUT_MS = 2_000;
/** The page asks for a new build when it becomes visible again, at most this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60_000;

export type BuildsApartDeps = {
  container: ServiceWorkerContainer;
  registration: ServiceWorkerRegistration;
  history: BlockingHistory;
  /** The page was served by a worker (a later controller is then another build). */
  startedControlled: boolean;
  /** Where the next page is loaded (tests pass their own). */
  load?: (href: string, replace: boolean) => void;
  now?: () => number;
};

export function keepBuildsApart(deps: BuildsApartDeps): { updateReady: () => boolean } {
  const { container, registration, history } = deps;
  const now = deps.now ?? Date.now;
  const load = deps.load ?? ((href, replace) => (replace ? window.location.replace(href) : window.location.assign(href)));
  let otherBuild = false;
  container.addEventListener('controllerchange', () => {
    if (deps.startedControlled) otherBuild = true;
  });
  // A worker waiting behind the one that serves this page is a new build; the very first install is not.
  const waitingBuild = () => registration.waiting !== null && container.controller !== null;
  const updateReady = () => otherBuild || waitingBuild();

  const takeOver = () =>
    new Promise<void>((resolve) => {
      const waiting = registration.waiting;
      if (!waiting) return resolve();
      const timer = setTimeout(resolve, TAKE_OVER_TIMEOUT_MS);
      container.addEventListener(
        'controllerchange',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
      waiting.postMessage({ type: SW_MESSAGES.skipWaiting } satisfies SwMessage);
    });

  history.block({
    enableBeforeUnload: false,
    blockerFn: async ({ nextLocation, action }) => {
      // Back and forward stay in the page (the browser's own history); the next link or redirect takes the build.
      if ((action !== 'PUSH' && action !== 'REPLACE') || !updateReady()) return false;
      await takeOver();
      load(nextLocation.href, action === 'REPLACE');
      return true;
    },
  });

  let lastCheck = now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || now() - lastCheck < UPDATE_CHECK_INTERVAL_MS) return;
    lastCheck = now();
    void registration.update().catch(() => undefined);
  });
  return { updateReady };
}
