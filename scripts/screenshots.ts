/**
 * `npm run screenshots`: a screenshot of every route of the portal at 390 px (a phone) and 1280 px (a desktop), in
 * French and in Dutch, so that a reviewer can look at the whole portal at once. Signed-out pages as a
 * visitor sees them; the others as the demo employee (and /policies also as the new demo account, before it agreed).
 *
 * It starts its own server (the production build, rebuilt when stale, like `npm start`) on a throw-away data
 * folder seeded with the demo workers, drives Debian's Chromium as the e2e suite does, and writes
 * `screenshots/<locale>-<width>/<page>.png` (git-ignored). Not part of `npm test`.
 *   SCREENSHOTS_PORT (default 4199), SCREENSHOTS_DIR (default ./screenshots), CHROMIUM_PATH.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { startServerProcess } from './lib/server-process.ts';

const root = resolve(import.meta.dirname, '..');
const port = Number(process.env.SCREENSHOTS_PORT ?? 4199);
const base = `http://127.0.0.1:${port}`;
const outDir = resolve(process.env.SCREENSHOTS_DIR ?? join(root, 'screenshots'));
const PASSWORD = 'portail-demo';

const LOCALES = ['fr', 'nl'] as const;
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** [file name, path] for a visitor. */
const SIGNED_OUT: [string, string][] = [
  ['login', '/login'],
  ['register', '/register'],
  ['reset-password', '/reset-password'],
  ['impersonate', '/impersonate'],
  ['accessibility', '/accessibility'],
  ['dummy', '/dummy'],
];
/** [file name, path] for the demo employee (every page of the signed-in portal). */
const SIGNED_IN: [string, string][] = [
  ['home', '/home'],
  ['availabilities', '/availabilities'],
  ['planning', '/planning'],
  ['documents', '/documents'],
  ['employee-details', '/employee-details'],
  ['policies-accepted', '/policies'],
  ['change-password', '/user/reset-password'],
  ['manage-signature', '/user/manage-signature'],
  ['digital-signing', '/digital-signing'],
  ['not-found', '/no-such-page'],
];

/** The server on a throw-away data folder (removed by the returned stop), as every script starts it. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-screenshots-'));
  const remove = () => rmSync(dataDir, { recursive: true, force: true });
  // The first start may build the portal (a minute or two on a busy machine).
  const server = await startServerProcess({ dataDir, port, build: true, timeoutMs: 300_000 }).catch((error: unknown) => {
    remove();
    throw error;
  });
  return () => server.stop('SIGTERM').then(remove);
}

/** As e2e/fixtures.ts `waitUntilSettled`: loaded, a heading shown, the router idle, no loading overlay. */
const settled = (page: Page) =>
  page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      document.querySelector('h1') !== null &&
      document.querySelector('main[aria-busy="true"], [data-testid="loading-overlay"]') === null,
    undefined,
    { timeout: 15_000 },
  );

async function signIn(page: Page, email: string) {
  await page.goto('/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(PASSWORD);
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  await settled(page);
}

/** The language buttons name each language in its own language. */
async function useLanguage(page: Page, locale: 'fr' | 'nl') {
  await page.locator(`#sidebar button[lang="${locale}"]`).evaluate((button: HTMLButtonElement) => button.click());
  await page.waitForFunction((lang) => document.documentElement.lang === lang, locale);
}

async function shoot(page: Page, dir: string, name: string, path: string, signedIn = false) {
  await page.goto(path);
  await settled(page);
  // The user menu loads on its own, after the page: wait for it so the sidebar is shown whole.
  if (signedIn) await page.locator('#sidebar [aria-haspopup="menu"]').waitFor({ state: 'attached', timeout: 15_000 });
  // Toasts (the greeting after the login) hide after 5 s: taken away so that they do not cover the page.
  await page.evaluate(() => document.querySelectorAll('[data-toast]').forEach((toast) => toast.remove()));
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  console.log(`  ${name}`);
}

async function run(browser: Browser) {
  for (const locale of LOCALES) {
    for (const viewport of WIDTHS) {
      const dir = join(outDir, `${locale}-${viewport.width}`);
      mkdirSync(dir, { recursive: true });
      console.log(`${locale}, ${viewport.width} px → ${dir}`);
      const visitor = await browser.newContext({ baseURL: base, viewport, locale: `${locale}-BE`, timezoneId: 'Europe/Brussels' });
      const page = await visitor.newPage();
      await page.goto('/login');
      await useLanguage(page, locale);
      for (const [name, path] of SIGNED_OUT) await shoot(page, dir, name, path);
      await visitor.close();

      const employee = await browser.newContext({ baseURL: base, viewport, locale: `${locale}-BE`, timezoneId: 'Europe/Brussels' });
      const worker = await employee.newPage();
      await signIn(worker, 'employee@demo.example');
      await useLanguage(worker, locale);
      for (const [name, path] of SIGNED_IN) await shoot(worker, dir, name, path, true);
      await employee.close();

      const newcomer = await browser.newContext({ baseURL: base, viewport, locale: `${locale}-BE`, timezoneId: 'Europe/Brussels' });
      const fresh = await newcomer.newPage();
      await signIn(fresh, 'nieuw@demo.example');
      await useLanguage(fresh, locale);
      await shoot(fresh, dir, 'policies-form', '/policies', true);
      await newcomer.close();
    }
  }
}

const stop = await startServer();
// The full browser with the suite's flags (playwright.config.ts, decision 284).
const browser = await chromium.launch(config.use!.launchOptions);
try {
  await run(browser);
  console.log(`Screenshots in ${outDir}`);
} finally {
  await browser.close();
  await stop();
}
