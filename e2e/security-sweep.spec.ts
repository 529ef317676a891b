/**
 * The security sweep (e2e/support/security-sweep.ts) must be able to fail. Each test runs it on a browser
 * context of its own, breaks one rule on purpose and expects exactly that problem; the last test shows that an
 * ordinary visit leaves nothing to report.
 */
import type { Browser, BrowserContext, Route } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { rememberPersonalData, rememberSessionToken } from './support/known-data.ts';
import { startSweep } from './support/security-sweep.ts';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

async function swept(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  const sweep = await startSweep(context, new URL(baseURL!).origin);
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const problems = async () => {
    await sweep.finish();
    await context.close();
    return sweep.problems;
  };
  return { context, page, problems, sweep };
}

test.describe('the security sweep reports', () => {
  test('personal data or a session token in a request URL', async ({ browser, baseURL }) => {
    const { page, problems } = await swept(browser, baseURL);
    rememberPersonalData({ lastName: 'Vandenbroucke-Test' });
    rememberSessionToken('k3Jx0kZ2b9LabcdefghijklmnopqrstuvwxyZ012345');
    await page.evaluate(async () => {
      await fetch('/api/user/me/info?iban=BE68539007547034');
      await fetch('/api/user/me/info?who=Vandenbroucke-Test');
      await fetch('/api/user/me/info?t=k3Jx0kZ2b9LabcdefghijklmnopqrstuvwxyZ012345');
    });
    const found = await problems();
    expect(found).toEqual([
      expect.stringMatching(/personal data in the URL .*iban: BE68539007547034/),
      expect.stringMatching(/personal data in the URL .*known: lastName/),
      expect.stringMatching(/a session token in the URL .*t=<token>/),
    ]);
  });

  test('a PUT, a DELETE and a POST a cross-site form could send', async ({ browser, baseURL }) => {
    const { page, problems } = await swept(browser, baseURL);
    await page.evaluate(async () => {
      await fetch('/api/user/me/info', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      await fetch('/api/user/me/info', { method: 'DELETE' });
      await fetch('/api/auth/login', { method: 'POST', body: new URLSearchParams({ username: 'x' }) });
    });
    expect(await problems()).toEqual([
      expect.stringMatching(/^PUT \/api\/user\/me\/info: .* must be a POST/),
      expect.stringMatching(/^DELETE \/api\/user\/me\/info: .* must be a POST/),
      expect.stringMatching(/^POST \/api\/auth\/login with Content-Type application\/x-www-form-urlencoded/),
    ]);
  });

  test('an answer of the server without its security headers (but not an answer a test forged)', async ({ browser, baseURL }) => {
    const { context, page, problems } = await swept(browser, baseURL);
    // The prototype's route is not the tracked one: to the sweep, this answer comes from the server.
    const untracked = Object.getPrototypeOf(context) as BrowserContext;
    await untracked.route.call(context, '**/api/user/me/info', (route: Route) => route.fulfill({ status: 401, json: { code: 'unauthorized', message: 'x' } }));
    await context.route('**/api/user/me/details', (route) => route.fulfill({ status: 401, json: { code: 'unauthorized', message: 'x' } }));
    await page.evaluate(async () => {
      await fetch('/api/user/me/info');
      await fetch('/api/user/me/details');
    });
    const found = await problems();
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((p) => p.startsWith('/api/user/me/info: '))).toBe(true);
    expect(found).toContainEqual(expect.stringMatching(/no Content-Security-Policy/));
  });

  test('a Content-Security-Policy violation inside a frame', async ({ browser, baseURL }) => {
    const { page, problems, sweep } = await swept(browser, baseURL);
    await page.evaluate(async () => {
      const frame = document.createElement('iframe');
      // A framed portal page is refused (frame-ancestors 'none'); a srcdoc frame inherits the page's policy.
      frame.srcdoc = '<p>framed</p>';
      frame.title = 'x';
      const loaded = new Promise((resolve) => frame.addEventListener('load', resolve));
      document.body.append(frame);
      await loaded;
      const style = frame.contentDocument!.createElement('style');
      style.textContent = 'body { outline: 1px solid red; }';
      frame.contentDocument!.head.append(style);
    });
    await expect.poll(() => sweep.problems.join('\n')).toMatch(/CSP violation: style-src-elem blocked inline on srcdoc/);
    expect(await problems()).toEqual([expect.stringMatching(/^CSP violation/)]);
  });

  test('personal data left in localStorage, sessionStorage or IndexedDB, in any open page', async ({ browser, baseURL }) => {
    const { context, page, problems } = await swept(browser, baseURL);
    const other = await context.newPage();
    await other.goto('/register');
    await page.evaluate(() => localStorage.setItem('portal.v1.x', JSON.stringify({ value: 'BE68 5390 0754 7034' })));
    await page.evaluate(async () => {
      sessionStorage.setItem('draft', 'anne@test.example');
      await new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('drafts');
        open.onupgradeneeded = () => open.result.createObjectStore('files', { autoIncrement: true });
        open.onsuccess = () => {
          const tx = open.result.transaction('files', 'readwrite');
          tx.objectStore('files').add({ registryNumber: '90051512391' });
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
        open.onerror = () => reject(open.error);
      });
    });
    const found = await problems();
    // localStorage and IndexedDB are per origin: both pages see them; sessionStorage belongs to the first page.
    expect(found.filter((p) => p.includes('localStorage "portal.v1.x"'))).toHaveLength(2);
    expect(found.filter((p) => p.includes('indexedDB "drafts/files"'))).toHaveLength(2);
    expect(found.filter((p) => p.includes('sessionStorage "draft"'))).toHaveLength(1);
  });

  test('an answer of the API in Cache Storage', async ({ browser, baseURL }) => {
    const { page, problems } = await swept(browser, baseURL);
    await page.evaluate(async () => (await caches.open('kept-by-mistake')).put('/api/user/me/info', new Response('{}')));
    expect(await problems()).toEqual([
      expect.stringMatching(/^an API answer in Cache Storage "kept-by-mistake http:\/\/127\.0\.0\.1:\d+\/api\/user\/me\/info"$/),
    ]);
  });

  test('nothing on an ordinary visit of the public pages', async ({ browser, baseURL }) => {
    const { page, problems } = await swept(browser, baseURL);
    await page.goto('/register');
    await page.goto('/reset-password');
    expect(await problems()).toEqual([]);
  });
});
