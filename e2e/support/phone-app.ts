/**
 * What the phone-app tests read of the browser (docs/decisions/240-service-worker.md, 241-kept-answers.md): the
 * service worker in control, the kept copies in IndexedDB (their owner and key, never their sealed body), every entry
 * of Cache Storage, and the network held so that only the worker and the kept copies can answer.
 */
import { createHash } from 'node:crypto';
import type { Page, Route } from '@playwright/test';

/** Once the page is controlled by the worker (the first visit installs it and it claims the page). */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The owner name the kept store writes for a token (src/kept/kept-store.ts `ownerOf`). */
export const keptOwnerOf = (token: string) => createHash('sha256').update(`portal kept owner ${token}`).digest().subarray(0, 16).toString('hex');

export type KeptRecord = { key: string; owner: string; at: number };

/** The kept copies of the page's origin: key, owner and time of each (IndexedDB `portal-kept`). */
export function keptRecords(page: Page): Promise<KeptRecord[]> {
  return page.evaluate(async () => {
    if (!(await indexedDB.databases()).some((database) => database.name === 'portal-kept')) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('portal-kept');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      if (!db.objectStoreNames.contains('answers')) return [];
      const store = db.transaction('answers').objectStore('answers');
      const [keys, values] = await Promise.all(
        [store.getAllKeys(), store.getAll()].map(
          (request) =>
            new Promise<unknown[]>((resolve, reject) => {
              request.onsuccess = () => resolve(request.result as unknown[]);
              request.onerror = () => reject(request.error);
            }),
        ),
      );
      return keys!.map((key, i) => ({ key: String(key), owner: (values![i] as { owner: string }).owner, at: (values![i] as { at: number }).at }));
    } finally {
      db.close();
    }
  });
}

/** Every entry of Cache Storage: its cache, URL, and whether its body contains any of `needles`. */
export function cacheStorage(page: Page, needles: readonly string[] = []): Promise<Array<{ cache: string; url: string; found: string[] }>> {
  return page.evaluate(async (wanted) => {
    const out: Array<{ cache: string; url: string; found: string[] }> = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const body = wanted.length ? await (await cache.match(request))!.text() : '';
        out.push({ cache: name, url: request.url, found: wanted.filter((needle) => body.includes(needle)) });
      }
    }
    return out;
  }, needles);
}

/** Holds every /api request of the page until `release()`: only the worker and the kept copies can answer meanwhile. */
export async function holdApi(page: Page): Promise<{ held: () => string[]; release: () => Promise<void> }> {
  const routes: Route[] = [];
  const handler = (route: Route) => void routes.push(route);
  await page.route('**/api/**', handler);
  return {
    held: () => routes.map((route) => new URL(route.request().url()).pathname),
    release: async () => {
      await page.unroute('**/api/**', handler);
      for (const route of routes.splice(0)) await route.continue().catch(() => undefined);
    },
  };
}
