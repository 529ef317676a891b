/**
 * The prerendered pages, in the browser (docs/decisions/100-prerendered-pages.md to 103):
 *  - the prerendered HTML of every page, as the server sends it and before any script runs, passes the same axe
 *    check as the hydrated pages (the fixture checks those on every visit), in French and in Dutch;
 *  - every route of spec §2 loads without a layout shift over 0.02 (the frame's screen comes into it), for a
 *    signed-out visitor on the public pages and a signed-in worker on the others, with no hydration problem;
 *  - installability: the manifest is linked and valid, its icons and the apple-touch icon exist at the sizes named;
 *    once the worker chose Dutch, the server's HTML is Dutch (no French first).
 * Pages are read from dist/prerender.json: a new route is covered by the next build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext } from '@playwright/test';
import { test, expect, AXE_TAGS, axeIn } from './fixtures.ts';
import { createWorker, loginApi } from './support/workers.ts';
import { storedUserOf } from '../src/actors/session-actors.ts';
import { m } from '../src/paraglide/messages.js';
import { tokens } from '../src/styles/tokens.ts';

type Index = { locales: string[]; localeCookie: string; pages: Array<{ path: string; kind: 'public' | 'frame' }> };
const index = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'dist', 'prerender.json'), 'utf8')) as Index;

async function contextIn(browser: Browser, baseURL: string, locale: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, locale: 'fr-BE' });
  await context.addCookies([{ name: index.localeCookie, value: locale, url: baseURL }]);
  return context;
}

test('every prerendered page passes axe as the server sends it, before any script runs, in fr and nl', async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  const problems: string[] = [];
  // The frames of the signed-in pages are one body: each distinct body is checked once per language.
  const checked = new Set<string>();
  for (const locale of index.locales) {
    const context = await contextIn(browser, baseURL!, locale);
    // The page as it paints before its scripts arrive: no script runs at all.
    await context.route('**/*.js', (route) => route.abort());
    const page = await context.newPage();
    for (const { path } of [...index.pages, { path: '/no/such/page' }]) {
      const response = await page.goto(path);
      expect(response?.headers()['content-language'], path).toBe(locale);
      expect(await page.locator('html').getAttribute('lang'), path).toBe(locale);
      const body = `${locale} ${await page.locator('#root').innerHTML()}`;
      if (checked.has(body)) continue;
      checked.add(body);
      const { violations } = await axeIn(page).withTags(AXE_TAGS).analyze();
      problems.push(...violations.map((v) => `${locale} ${path}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`));
    }
    await context.close();
  }
  expect(problems).toEqual([]);
});

/** Installed before the page's scripts: every layout shift not caused by input. */
const OBSERVE_SHIFTS = `new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) (window.__shifts ??= []).push(e.value);
}).observe({ type: 'layout-shift', buffered: true });`;

test('every route of spec §2 loads without a layout shift over 0.02 and without a hydration problem', async ({ browser, baseURL, request }) => {
  const worker = await createWorker(request, { stage: 'approved', signature: 'validated' });
  const user = await loginApi(request, worker.email, worker.password);
  const shifts: string[] = [];
  for (const signedIn of [false, true]) {
    const context = await contextIn(browser, baseURL!, 'fr');
    if (signedIn) {
      await context.addInitScript((stored) => {
        localStorage.setItem('portal.v1.currentUser', JSON.stringify({ value: stored, expiresAt: Date.now() + 86_400_000 }));
      }, storedUserOf(user));
    }
    await context.addInitScript({ content: OBSERVE_SHIFTS });
    const page = await context.newPage();
    const consoleProblems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /hydrat/i.test(message.text())) consoleProblems.push(`${page.url()}: ${message.text()}`);
    });
    // A phone's round trip: the frame paints well before the screen comes into it, as on a worker's phone.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: -1, uploadThroughput: -1 });
    for (const { path } of index.pages.filter((p) => (p.kind === 'frame') === signedIn)) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0);
      // Two frames: a shift of the last render is reported.
      const cls = await page.evaluate(
        () =>
          new Promise<number>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => resolve(((window as unknown as { __shifts?: number[] }).__shifts ?? []).reduce((a, b) => a + b, 0))),
            ),
          ),
      );
      if (cls > 0.02) shifts.push(`${signedIn ? 'signed in' : 'signed out'} ${path} → ${new URL(page.url()).pathname}: CLS ${cls.toFixed(3)}`);
    }
    expect(consoleProblems).toEqual([]);
    await context.close();
  }
  expect(shifts).toEqual([]);
});

/** Width and height from a PNG's IHDR. */
const pngSize = (bytes: Buffer) => ({ png: bytes.toString('ascii', 1, 4), width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test("installable: the manifest of the page's language is linked and valid, its icons exist at the sizes named; a Dutch choice gets Dutch HTML", async ({
  page,
}) => {
  for (const locale of ['fr', 'nl'] as const) {
    if (locale === 'nl') {
      // The worker's choice: the next page comes from the server in Dutch (decision 101).
      await page.getByRole('button', { name: m.shell_languageNl() }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, { locale }));
    }
    // No flash of the other language: the HTML itself, before any script, is in the worker's language.
    const response = await page.goto('/login');
    expect(await response!.text()).toContain(`<html lang="${locale}">`);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, { locale }));
    const head = await page.evaluate(() => ({
      manifest: document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href,
      appleTouch: document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')?.href,
      icons: [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((link) => link.href),
      themeColor: document.querySelector<HTMLMetaElement>('meta[name="theme-color"]')?.content,
    }));
    expect(head.themeColor).toBe(tokens.color.primary);
    const answer = await page.request.get(head.manifest!);
    expect(answer.headers()['content-type']).toBe('application/manifest+json');
    const manifest = (await answer.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({ name: m.app_name({}, { locale }), start_url: '/home', display: 'standalone', theme_color: tokens.color.primary });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const fetched = [
      ...manifest.icons.map((icon) => ({ src: new URL(icon.src, head.manifest).href, sizes: icon.sizes })),
      { src: head.appleTouch!, sizes: '180x180' },
    ];
    for (const { src, sizes } of fetched) {
      const icon = await page.request.get(src);
      expect(icon.headers()['content-type'], src).toBe('image/png');
      const { png, width, height } = pngSize(await icon.body());
      expect(`${png} ${width}x${height}`, src).toBe(`PNG ${sizes}`);
    }
    for (const href of head.icons) expect((await page.request.get(href)).status(), href).toBe(200);
    // The shortcuts of a long press on the installed icon: the worker's daily pages, named as the menu names them.
    expect((manifest as unknown as { shortcuts: Array<{ name: string; url: string }> }).shortcuts.map(({ name, url }) => `${name} ${url}`)).toEqual([
      `${m.nav_planning({}, { locale })} /planning`,
      `${m.nav_offers({}, { locale })} /offers`,
      `${m.nav_hours({}, { locale })} /hours`,
    ]);
  }
});
