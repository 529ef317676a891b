/**
 * The security sweep (docs/decisions/077-security-fixtures.md), run around every e2e test by the auto fixture of e2e/fixtures.ts. On the whole
 * browser context (every page, popup and frame) it records:
 *  - Content-Security-Policy violations (a `securitypolicyviolation` listener in every document);
 *  - personal data or a session token in the URL of any request (tests/security/rules/request-rules.ts);
 *  - a call to /api that changes something without being a JSON or multipart POST;
 *  - an answer from the app's origin without the headers of §10 (rules/security-headers.ts), except
 *    the answers a test forged itself with `route.fulfill`;
 * and at the end of the test it reads localStorage, sessionStorage and IndexedDB in every open page of the app
 * for personal data, and Cache Storage for any answer of the API (rules/storage-rules.ts). Each rule is tried on bad samples in tests/security/ and
 * e2e/security-sweep.spec.ts.
 */
import type { BrowserContext, Page, Request, Response, Route } from '@playwright/test';
import { urlProblems, mutationProblem } from '../../tests/security/rules/request-rules.ts';
import { replayedFromCache, securityHeaderProblems } from '../../tests/security/rules/security-headers.ts';
import { storageProblems, type StoredEntry } from '../../tests/security/rules/storage-rules.ts';
import { knownPersonalData, knownSessionTokens, rememberSessionToken } from './known-data.ts';

export type Sweep = { problems: string[]; finish: () => Promise<void> };

/** Answers a test made up with `route.fulfill` do not come from the server: their headers are not judged. */
function trackFulfilled(target: Page | BrowserContext, forged: WeakSet<Request>) {
  const route = target.route.bind(target);
  target.route = ((url: Parameters<Page['route']>[0], handler: (route: Route, request: Request) => unknown, options?: Parameters<Page['route']>[2]) =>
    route(
      url,
      (r: Route, request: Request) => {
        const fulfill = r.fulfill.bind(r);
        r.fulfill = (init) => {
          forged.add(request);
          return fulfill(init);
        };
        return handler(r, request);
      },
      options,
    )) as typeof target.route;
}

/** Every storage area of the page's origin, as text. Runs in the browser. */
async function dumpStorage(): Promise<StoredEntry[]> {
  const out: StoredEntry[] = [];
  for (const area of ['localStorage', 'sessionStorage'] as const) {
    const store = window[area];
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i)!;
      out.push({ area, key, value: store.getItem(key) ?? '' });
    }
  }
  // Bytes (a sealed answer, its IV) are written as their length: random bytes read as text are noise, not data.
  const bytes = (_key: string, value: unknown) => (value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? { bytes: value.byteLength } : value);
  const databases = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
  for (const { name } of databases) {
    if (!name) continue;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const storeName of Array.from(db.objectStoreNames)) {
      const values = await new Promise<unknown[]>((resolve, reject) => {
        const all = db.transaction(storeName).objectStore(storeName).getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
      out.push({ area: 'indexedDB', key: `${name}/${storeName}`, value: JSON.stringify(values, bytes) });
    }
    db.close();
  }
  // Cache Storage by address only: the service worker's precache is the build's files, and no answer of the API.
  if (typeof caches !== 'undefined')
    for (const name of await caches.keys())
      for (const request of await (await caches.open(name)).keys()) out.push({ area: 'cacheStorage', key: `${name} ${request.url}`, value: '' });
  return out;
}

const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([promise, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), ms))]);

export async function startSweep(context: BrowserContext, origin: string): Promise<Sweep> {
  const problems: string[] = [];
  const pending: Promise<void>[] = [];
  const forged = new WeakSet<Request>();
  trackFulfilled(context, forged);
  context.on('page', (page) => trackFulfilled(page, forged));

  await context.exposeBinding('__reportCspViolation', (_source, text: string) => problems.push(`CSP violation: ${text}`));
  // Init scripts run in every document of the context, frames included.
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      // Playwright's trace recorder reads each blob: image from outside any script of the page (no source file) to
      // store it in the trace: that read is the test tool's, not the portal's (the portal never fetches a blob:).
      if (event.effectiveDirective === 'connect-src' && event.blockedURI === 'blob' && !event.sourceFile) return;
      const report = (window as unknown as { __reportCspViolation?: (text: string) => Promise<void> }).__reportCspViolation;
      void report?.(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${document.location.pathname} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });

  context.on('request', (request) => {
    problems.push(...urlProblems(request.url(), knownPersonalData(), knownSessionTokens()));
    pending.push(
      withTimeout(request.allHeaders(), 2_000, request.headers()).then(
        (headers) => {
          const problem = mutationProblem(request.method(), request.url(), headers['content-type'], origin);
          if (problem) problems.push(problem);
        },
        () => undefined,
      ),
    );
  });

  context.on('response', (response: Response) => {
    const url = new URL(response.url());
    // blob: and data: URLs (image previews) are the page's own objects, not answers of the server.
    if (!/^https?:$/.test(url.protocol) || url.origin !== origin || forged.has(response.request())) return;
    pending.push(
      (async () => {
        const sizes = await withTimeout(response.request().sizes(), 2_000, null).catch(() => null);
        if (sizes && replayedFromCache(sizes)) return;
        const headers = await withTimeout(response.allHeaders(), 2_000, response.headers());
        problems.push(...securityHeaderProblems(url.pathname, headers));
      })().catch(() => undefined),
    );
    // The session tokens the browser receives must never show up in a URL afterwards.
    if (/^\/api\/auth\/(login|impersonate)$/.test(url.pathname) && response.ok())
      pending.push(
        response.json().then(
          (user: { token?: string }) => rememberSessionToken(user.token),
          () => undefined,
        ),
      );
  });

  /**
   * The page's storage once it has settled. A test may end while its page is still navigating (a logout reloads
   * /login): the read then lands in a document being replaced, so it waits for the new one and reads again.
   */
  async function readStorage(page: Page, attempts = 3): Promise<Awaited<ReturnType<typeof dumpStorage>>> {
    await page.waitForLoadState('domcontentloaded');
    try {
      return await page.evaluate(dumpStorage);
    } catch (error) {
      if (attempts <= 1 || !/context was destroyed|navigat/i.test((error as Error).message)) throw error;
      await page.waitForLoadState('load').catch(() => undefined);
      return readStorage(page, attempts - 1);
    }
  }

  async function finish() {
    await Promise.all(pending);
    for (const page of context.pages()) {
      if (page.isClosed() || !page.url().startsWith(origin)) continue;
      try {
        problems.push(...storageProblems(await readStorage(page), knownPersonalData(), Date.now()));
      } catch (error) {
        if (!page.isClosed()) problems.push(`could not read the storage of ${page.url()}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  }

  return { problems, finish };
}
