/**
 * Page loads as a worker's phone sees them (§11 field budgets): a phone-sized viewport, 4× CPU slowdown and
 * Slow 4G (throttle.ts), cold cache (a fresh browser context) and warm cache (the same page loaded once before in
 * the same context, as on a worker's next visit). For each load: Largest Contentful Paint, Cumulative Layout Shift
 * (the largest session window, as web-vitals counts it) and Total Blocking Time (the part over 50 ms of every long
 * task after the first contentful paint). Each page is measured beside a bare static page served by the same server
 * in the same run: the budgets are ratios to it (docs/decisions/083-benchmark-method.md).
 * Warm, the portal's page was opened once before in the context and left it as a worker's phone keeps it: the service
 * worker in control (the build precached, docs/decisions/240-service-worker.md) and, signed in, the kept copies of the
 * page's answers (241-kept-answers.md). One more warm row measures the moment the fresh answer replaces the kept copy:
 * between the first visit and the measured one the agency changes a mission the page shows, and the load waits for
 * the changed text (its CLS is that replacement's).
 */
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import type { CurrentUser } from '#domain/api-schema.ts';
import { storedUserOf } from '../../src/actors/session-actors.ts';
import { addMission, backoffice, workerPath } from '../../e2e/support/workers.ts';
import { CPU_SLOWDOWN, SLOW_4G, median } from './throttle.ts';

export type FieldPage = {
  name: string;
  path: string;
  signedIn?: boolean;
  /** Warm, the first visit waits until the kept copies of these answers are written (parts of their keys). */
  kept?: readonly string[];
  /** Warm only: the data the page shows changes after the first visit (FieldData.change), the load waits for it. */
  replaced?: boolean;
};
export type Cache = 'cold' | 'warm';
export type LoadMetrics = { lcp: number; cls: number; tbt: number; fcp: number };
export type FieldRow = { page: string; path: string; replaced: boolean; cache: Cache; runs: LoadMetrics[]; median: LoadMetrics };

/** The reference first: every other row is read against it. */
export const BARE_PAGE: FieldPage = { name: 'bare static page (same server)', path: '/assets/bench-bare.html' };
export const FIELD_PAGES: FieldPage[] = [
  BARE_PAGE,
  { name: '/login', path: '/login' },
  { name: '/register', path: '/register' },
  { name: '/home (signed in)', path: '/home', signedIn: true, kept: ['/api/user/me/info', '/api/user/me/upcoming-planning'] },
  { name: '/planning (signed in)', path: '/planning', signedIn: true, kept: ['/api/user/me/info', '/api/user/me/upcoming-planning'] },
  {
    name: '/home (signed in), the fresh answer replacing the kept one',
    path: '/home',
    signedIn: true,
    kept: ['/api/user/me/info', '/api/user/me/upcoming-planning'],
    replaced: true,
  },
];

/** What the signed-in pages show: the worker's missions, and a change of one of them the page must then show. */
export type FieldData = { change: (run: number) => Promise<string> };

/**
 * Gives the bench's worker the planning of a working week (three missions), the first one changed once already (so
 * that its changed mark is there before any measured load), and a way to change its place again: the text the page
 * shows once the fresh answer replaces the kept one.
 */
export async function fieldData(api: APIRequestContext, email: string): Promise<FieldData> {
  const first = await addMission(api, email, 1, { reference: 'BENCH-1', shortLocation: 'Gare du Midi 0' });
  await addMission(api, email, 2, { reference: 'BENCH-2', shortLocation: 'Tour & Taxis' });
  await addMission(api, email, 3, { reference: 'BENCH-3', shortLocation: 'Heysel' });
  const place = (run: number) => `Quai ${run + 1} (gare du Midi)`;
  const move = (text: string) => backoffice(api, 'POST', `${workerPath(email)}/missions/${first.mission}/change`, { shortLocation: text });
  await move('Gare du Midi');
  return {
    change: async (run) => {
      await move(place(run));
      return place(run);
    },
  };
}
/** Lighthouse's mobile device (a Moto G Power): what a worker's phone shows of the page. */
export const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
export const FIELD_RUNS = Number(process.env.FIELD_RUNS ?? 5);

/**
 * Installed before the page's own scripts: every LCP candidate, layout shift, long task and the first paint. A string,
 * not a function: tsx's transform adds helper calls (`__name`) to named functions, which do not exist in the page.
 */
const OBSERVE = `(() => {
  const f = (window.__field = { lcp: 0, fcp: 0, shifts: [], longTasks: [] });
  const on = (type, take) => {
    try { new PerformanceObserver((list) => list.getEntries().forEach(take)).observe({ type, buffered: true }); } catch {}
  };
  on('largest-contentful-paint', (e) => { f.lcp = e.startTime; });
  on('paint', (e) => { if (e.name === 'first-contentful-paint') f.fcp = e.startTime; });
  on('layout-shift', (e) => { if (!e.hadRecentInput) f.shifts.push([e.startTime, e.value]); });
  on('longtask', (e) => { f.longTasks.push([e.startTime, e.duration]); });
})();`;

/** CLS as web-vitals reports it: the largest burst of shifts (gaps under 1 s, at most 5 s long). */
export function cumulativeLayoutShift(shifts: Array<[number, number]>): number {
  let worst = 0;
  let window = 0;
  let first = 0;
  let last = 0;
  for (const [time, value] of [...shifts].sort((a, b) => a[0] - b[0])) {
    if (window > 0 && time - last < 1000 && time - first < 5000) window += value;
    else {
      window = value;
      first = time;
    }
    last = time;
    worst = Math.max(worst, window);
  }
  return worst;
}

/** TBT: what each long task after the first contentful paint blocked beyond 50 ms. */
export const totalBlockingTime = (longTasks: Array<[number, number]>, fcp: number) =>
  longTasks.filter(([start, duration]) => start + duration > fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);

async function throttled(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_4G });
  return cdp;
}

/** Whether IndexedDB holds a kept copy of each answer named (src/kept/kept-store.ts). Runs in the browser. */
async function keptHolds(wanted: readonly string[]): Promise<boolean> {
  if (!(await indexedDB.databases()).some((database) => database.name === 'portal-kept')) return false;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('portal-kept');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    if (!db.objectStoreNames.contains('answers')) return false;
    const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
      const all = db.transaction('answers').objectStore('answers').getAllKeys();
      all.onsuccess = () => resolve(all.result);
      all.onerror = () => reject(all.error);
    });
    return wanted.every((part) => keys.some((key) => String(key).includes(part)));
  } finally {
    db.close();
  }
}

/** Loads `url`; with `text`, until the page shows it (the fresh answer has replaced the kept one). */
async function load(page: Page, url: string, text: string | null = null): Promise<LoadMetrics> {
  await page.goto(url, { waitUntil: 'networkidle', timeout: 120_000 });
  if (text) await page.getByText(text).first().waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => (window as unknown as { __field: { lcp: number } }).__field.lcp > 0, undefined, { timeout: 30_000 });
  // A later, larger paint (the signed-in home's content after its API answers) replaces the first candidate, and a
  // shift can follow the last request: a quiet second on a throttled CPU lets both be recorded.
  await page.waitForTimeout(1_000);
  const raw = await page.evaluate(
    () => (window as unknown as { __field: { lcp: number; fcp: number; shifts: Array<[number, number]>; longTasks: Array<[number, number]> } }).__field,
  );
  return { lcp: raw.lcp, fcp: raw.fcp, cls: cumulativeLayoutShift(raw.shifts), tbt: totalBlockingTime(raw.longTasks, raw.fcp) };
}

/**
 * One load of `page` in a fresh context. Signed in, the browser holds the worker's session as the portal itself
 * stores it after a remembered login (src/storage.ts's entry of the stored user). Warm: the same page was loaded
 * once before in this context (unthrottled), so its hashed assets are in the HTTP cache.
 */
async function measureOnce(
  browser: Browser,
  baseURL: string,
  target: FieldPage,
  cache: Cache,
  user: CurrentUser | null,
  changed: (() => Promise<string>) | null,
): Promise<LoadMetrics> {
  const context = await browser.newContext({ baseURL, locale: 'fr-BE', timezoneId: 'Europe/Brussels', ...PHONE });
  try {
    if (target.signedIn) {
      if (!user) throw new Error(`${target.name} needs a signed-in worker`);
      await context.addInitScript((stored) => {
        localStorage.setItem('portal.v1.currentUser', JSON.stringify({ value: stored, expiresAt: Date.now() + 86_400_000 }));
      }, storedUserOf(user));
    }
    await context.addInitScript({ content: OBSERVE });
    if (cache === 'warm') {
      const primer = await context.newPage();
      await primer.goto(target.path, { waitUntil: 'networkidle', timeout: 60_000 });
      if (target.path !== BARE_PAGE.path) await primer.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      if (target.kept) await primer.waitForFunction(keptHolds, target.kept, { timeout: 30_000 });
      await primer.close();
    }
    const text = changed ? await changed() : null;
    const page = await context.newPage();
    await throttled(context, page);
    const metrics = await load(page, target.path, text);
    if (target.signedIn && cache === 'warm' && !(await page.evaluate(() => navigator.serviceWorker.controller !== null)))
      throw new Error(`${target.name}: the warm load was not the service worker's`);
    return metrics;
  } finally {
    await context.close();
  }
}

export async function fieldLoads(
  browser: Browser,
  baseURL: string,
  user: CurrentUser | null,
  data: FieldData | null,
  pages = FIELD_PAGES,
  runs = FIELD_RUNS,
): Promise<FieldRow[]> {
  const rows: FieldRow[] = [];
  for (const cache of ['cold', 'warm'] as const) {
    for (const target of pages) {
      if (target.replaced && cache === 'cold') continue;
      if (target.replaced && !data) throw new Error(`${target.name} needs the worker's data (fieldData)`);
      const all: LoadMetrics[] = [];
      for (let i = 0; i < runs; i++) all.push(await measureOnce(browser, baseURL, target, cache, user, target.replaced ? () => data!.change(i) : null));
      const pick = (key: keyof LoadMetrics) => median(all.map((m) => m[key]));
      rows.push({
        page: target.name,
        path: target.path,
        replaced: target.replaced === true,
        cache,
        runs: all,
        median: { lcp: pick('lcp'), cls: pick('cls'), tbt: pick('tbt'), fcp: pick('fcp') },
      });
    }
  }
  return rows;
}

/** The bare page every bench run writes (and removes): a heading and a sentence, nothing else. */
export const BARE_HTML =
  '<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Connexion</title>' +
  '<main><h1>Connexion</h1><p>Connectez-vous avec votre adresse e-mail et votre mot de passe pour accéder au portail.</p></main></html>';
