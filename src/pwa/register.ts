/**
 * The page's side of the service worker (docs/decisions/240-service-worker.md), loaded by the app once the page has
 * loaded, in a chunk of its own (nothing of it in a first load's budget):
 *  - registers /sw.js (a build with the worker), or, in a build without it, asks the browser to fetch /sw.js again,
 *    which is then the self-destroying worker that removes the installed one (the kill switch);
 *  - tells the worker the worker's language, for the pages it serves while the portal is closed;
 *  - takes a new build at the next navigation (updates.ts), never in the middle of a page.
 */
import { SW_MESSAGES, type SwMessage } from './sw-messages.ts';
import { keepBuildsApart, type BlockingHistory } from './updates.ts';

export const SERVICE_WORKER_URL = '/sw.js';

export type ServiceWorkerDeps = {
  /** The router's history: its next navigation may become a full load into the new build. */
  history: BlockingHistory;
  locale: () => string;
  onLocaleChange: (listener: () => void) => void;
};

export async function startServiceWorker(deps: ServiceWorkerDeps): Promise<void> {
  const container = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!container) return;
  if (!__PORTAL_SERVICE_WORKER__) {
    // The browser checks /sw.js on its own at navigations; asking now removes the old worker on this visit.
    const installed = await container.getRegistration();
    await installed?.update().catch(() => undefined);
    return;
  }
  const startedWith = container.controller;
  const registration = (await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })) as ServiceWorkerRegistration | undefined;
  // A browser told to refuse workers (Playwright's `serviceWorkers: 'block'`) answers nothing at all.
  if (!registration) return;
  keepBuildsApart({ container, registration, history: deps.history, startedControlled: startedWith !== null });
  const tell = () => container.controller?.postMessage({ type: SW_MESSAGES.locale, locale: deps.locale() } satisfies SwMessage);
  tell();
  container.addEventListener('controllerchange', tell);
  deps.onLocaleChange(tell);
}
