/**
 * The one `test` every Playwright spec imports (docs/conventions.md). Around each test's page it
 *  - runs axe (WCAG 2.2 A/AA tags) on every portal page the test visits, once the page has settled:
 *    after each `page.goto` before the test goes on, and after each client-side navigation;
 *  - collects console errors and uncaught exceptions, and any console message about hydration: a prerendered page
 *    that React could not hydrate as it was written is a defect (src/prerender/mount.ts reports it as an error;
 *    docs/decisions/100-prerendered-pages.md);
 * and fails the test on any of them. Around the whole browser context, the auto fixture `securitySweep`
 * (e2e/support/security-sweep.ts) fails the test on a Content-Security-Policy violation, personal data or a
 * session token in a request URL, a mutating API call that is not a JSON/multipart POST, an answer without the
 * security headers, or personal data left in browser storage (docs/decisions/077-security-fixtures.md). `expectAccessible(page)` checks a state in between (a dialog, an error).
 *
 * A client-side navigation that is left before its check could run, or that happens after the test's body ended,
 * is listed as an `axe-skipped` annotation in the report (never silently): check such a state with `expectAccessible`.
 */
import { createHash } from 'node:crypto';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import type { Result } from 'axe-core';
import { startSweep } from './support/security-sweep.ts';

export { expect };

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Axe as every check here runs it, then given its rules (`withTags`, `withRules`). In the page itself, with axe-core's
 * `axe.run` (the builder's "legacy mode"): its default merges the results of each frame in a blank page it opens for
 * every run, which the portal, without frames, does not need. And only the violations get a selector per node
 * (`resultTypes`): no check reads the passes. On /register at 320 px, median of 7: 358-411 ms by default, 131-153 ms so
 * (docs/decisions/283-axe-in-the-page.md).
 */
export const axeIn = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

type Options = {
  /** Console errors a test expects (a 401 it provokes, say): matched against the message text. */
  allowedConsoleErrors: RegExp[];
  /**
   * Whether each navigation is checked by axe (it is still waited for until settled). Off only for a browser path spec
   * that checks every state it walks itself, the page each path opens among them: there the navigation's check
   * ran axe a second time on the same state.
   */
  axeOnNavigation: boolean;
};
type AutoFixtures = { securitySweep: void };

/** A portal page: the app's origin, not an /api answer (a JSON body, the validate-email redirect target). */
const isPortalPage = (origin: string, url: string) => {
  try {
    const target = new URL(url);
    // Paths containing 'redirect' are not handled inside the app (spec §2): the server answers them.
    return target.origin === origin && !target.pathname.startsWith('/api/') && !target.pathname.includes('redirect');
  } catch {
    return false;
  }
};

/**
 * Loaded, a heading shown and live (React has hydrated or rendered it: a prerendered heading is on screen before the
 * page's scripts run, docs/decisions/100-prerendered-pages.md), the router idle, no loading overlay.
 */
export async function waitUntilSettled(page: Page) {
  await page.waitForFunction(
    () =>
      document.readyState === 'complete' &&
      document.querySelector('h1') !== null &&
      Object.keys(document.querySelector('h1')!).some((key) => key.startsWith('__reactFiber$')) &&
      document.querySelector('main[aria-busy="true"], [data-testid="loading-overlay"]') === null,
    undefined,
    { timeout: 10_000 },
  );
}

const describeViolation = (v: Result, where: string) =>
  `axe ${v.id} (${v.impact}) on ${where}: ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n    ')}`;

/**
 * Axe runs one at a time per page: the automatic check of a navigation and a test's own `expectAccessible` may
 * meet, and two runs in one frame collide ("Axe is already running").
 */
const axeRuns = new WeakMap<Page, Promise<unknown>>();

/**
 * Axe's findings by page state (the viewport and the whole DOM, hashed), for this worker: many tests land on the
 * same screen in the same state (every guarded route signed out shows the same login page), and the same markup
 * with the same stylesheets gives the same findings. A state that differs in any attribute or text is checked anew.
 */
const axeFindings = new Map<string, Result[]>();

async function pageState(page: Page): Promise<string> {
  const state = await page.evaluate(() => `${innerWidth}×${innerHeight} ${document.documentElement.outerHTML}`);
  return createHash('sha256').update(state).digest('hex');
}

async function violations(page: Page): Promise<Result[]> {
  const run = (axeRuns.get(page) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const state = await pageState(page);
      const known = axeFindings.get(state);
      if (known) return known;
      const found = (await axeIn(page).withTags(AXE_TAGS).analyze()).violations;
      axeFindings.set(state, found);
      return found;
    });
  axeRuns.set(page, run);
  return run;
}

/** Axe on the page as it is now (after it settled); fails the test on any violation. */
export async function expectAccessible(page: Page, label = page.url()) {
  await waitUntilSettled(page);
  const found = await violations(page);
  expect(found.map((v) => describeViolation(v, label)).join('\n')).toBe('');
}

/**
 * `expectAccessible` once per state name for the file that makes it (a browser path spec reaches the same state on
 * many paths: checked the first time, as each visit's own check still runs on opening).
 */
export function accessibleOncePerState(): (page: Page, state: string) => Promise<void> {
  const checked = new Set<string>();
  return async (page, state) => {
    if (checked.has(state)) return;
    checked.add(state);
    await expectAccessible(page, state);
  };
}

/**
 * Axe's best-practice rule `region` on the page as it is now: everything a worker meets is inside a landmark (a
 * screen reader's user moves by landmarks). Not among the WCAG tags every visit runs: asked where a state could break it
 * (the phone menu opened, with the user menu and the language switcher in it).
 */
export async function expectAllInLandmarks(page: Page, label = page.url()) {
  await waitUntilSettled(page);
  const { violations: found } = await axeIn(page).withRules(['region']).analyze();
  expect(found.map((v) => describeViolation(v, label)).join('\n')).toBe('');
}

const isGone = (error: unknown) =>
  error instanceof Error && /Execution context was destroyed|Target page, context or browser has been closed|navigation/i.test(error.message);
/** Axe's script, injected into a document that a navigation then replaced, is missing when the run starts. */
const isAxeLost = (error: unknown) => error instanceof Error && /reading '(utils|runPartial|run)'|axe is not defined/.test(error.message);

export const test = base.extend<Options & AutoFixtures>({
  allowedConsoleErrors: [[], { option: true }],
  axeOnNavigation: [true, { option: true }],

  securitySweep: [
    async ({ context, baseURL }, use) => {
      const sweep = await startSweep(context, new URL(baseURL!).origin);
      await use();
      await sweep.finish();
      expect(sweep.problems.join('\n'), 'security sweep').toBe('');
    },
    { auto: true },
  ],

  page: async ({ page, baseURL, allowedConsoleErrors, axeOnNavigation, securitySweep: _ }, use, testInfo: TestInfo) => {
    const origin = new URL(baseURL!).origin;
    const problems: string[] = [];

    page.on('console', (message) => {
      const text = message.text();
      if (/hydrat/i.test(text)) return void problems.push(`hydration problem on ${page.url()}: ${text}`);
      if (message.type() !== 'error') return;
      // The trace recorder's read of a blob: image (see startSweep): blocked by the CSP, logged with no script.
      if (/^Connecting to 'blob:/.test(text) && !message.location().url) return;
      if (!allowedConsoleErrors.some((re) => re.test(text))) problems.push(`console error on ${page.url()}: ${text}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught exception on ${page.url()}: ${error.message}`));

    // One axe check per main-frame navigation, in order; `goto` waits for the queue before returning.
    let queue: Promise<void> = Promise.resolve();
    const check = async (url: string, attempt = 1): Promise<void> => {
      try {
        await waitUntilSettled(page);
        if (!axeOnNavigation) return;
        if (page.url() !== url) return skipped(url);
        const found = await violations(page);
        if (page.url() !== url) return skipped(url);
        problems.push(...found.map((v) => describeViolation(v, url)));
      } catch (error) {
        if (page.isClosed() || page.url() !== url) return skipped(url);
        // The document was replaced under axe at the same URL (a reload, a same-URL navigation, which queues no
        // check of its own): check the new document once more rather than leave it unchecked.
        if (isGone(error) || isAxeLost(error)) return attempt < 3 ? check(url, attempt + 1) : skipped(url);
        problems.push(`could not check ${url} (it never settled: no <h1>, or still loading; or axe failed): ${(error as Error).message.split('\n')[0]}`);
      }
    };
    const skipped = (url: string, why = 'was left before its check') => {
      testInfo.annotations.push({ type: 'axe-skipped', description: `${url} ${why}` });
    };
    let lastQueued = '';
    // Set once the test body has ended. A navigation after that (a logout the test let go on its last step) is not
    // checked: the context closes under it.
    let ended = false;
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = frame.url();
      if (ended) {
        if (isPortalPage(origin, url)) skipped(url, 'was reached after the test ended');
        return;
      }
      // The router may replace the URL it just loaded (same URL again): one check is enough.
      if (!isPortalPage(origin, url) || url === lastQueued) {
        lastQueued = url;
        return;
      }
      lastQueued = url;
      queue = queue.then(() => check(url));
    });

    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await queue;
      return response;
    };

    await use(page);

    ended = true;
    if (!page.isClosed()) await queue;
    expect(problems.join('\n'), 'accessibility and console problems').toBe('');
  },
});
