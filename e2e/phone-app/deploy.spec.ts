/**
 * Deploys with the service worker (docs/decisions/240-service-worker.md): build A installed, build B served; the worker
 * reaches B at its next navigation, and no page ever runs scripts of two builds; then a build without the worker
 * removes it (the kill switch): no registration, no cache, pages from the network again. One server on one origin (the
 * worker belongs to it), restarted on the same port with each build.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { test, expect } from '../fixtures.ts';
import { currentBuild, deployBuild, type DeployBuild } from '../support/deploy-builds.ts';
import { m } from '../../src/paraglide/messages.js';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const fr = { locale: 'fr' } as const;

/** The scripts each document of the page asked for, by document (a reload or a navigation starts a new one). */
function scriptsByDocument(page: Page): () => string[][] {
  const documents: string[][] = [[]];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) documents.push([]);
  });
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/assets/') && path.endsWith('.js')) documents.at(-1)!.push(path);
  });
  return () => documents.filter((scripts) => scripts.length > 0);
}

const buildOf = (scripts: string[], builds: Record<string, DeployBuild>) =>
  Object.entries(builds)
    .filter(([, build]) => scripts.every((script) => build.scripts.has(script)))
    .map(([name]) => name);

/** Until the new build's worker is installed and waiting behind the page's. */
const waitingWorker = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          // As the browser does by itself at navigations, and the page when the worker comes back to it (src/pwa/updates.ts).
          await registration?.update().catch(() => undefined);
          return registration?.waiting?.state ?? null;
        }),
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBe('installed');

test('build A installed, build B served: B at the next navigation, never a mix; a build without the worker removes it', async ({ browser }) => {
  test.setTimeout(300_000);
  const builds = { a: currentBuild(), b: deployBuild('b', { PORTAL_BUILD: 'b' }), k: deployBuild('k', { PORTAL_BUILD: 'k', PORTAL_SERVICE_WORKER: 'off' }) };
  // The builds differ in their scripts, so that a mix would show.
  expect([...builds.b.scripts].filter((script) => builds.a.scripts.has(script)).length).toBeLessThan(builds.b.scripts.size);

  const dataDir = mkdtempSync(join(tmpdir(), 'portal-deploy-'));
  let server: ServerProcess | null = null;
  const serve = async (build: DeployBuild, port = 0) => {
    await server?.stop();
    server = await startServerProcess({ dataDir, port, env: { DIST_DIR: build.dir }, keepOutput: false });
    return Number(new URL(server.url).port);
  };
  const context = await browser.newContext({ locale: 'fr-BE' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const documents = scriptsByDocument(page);
  try {
    const port = await serve(builds.a);
    const origin = `http://127.0.0.1:${port}`;
    await page.goto(`${origin}/login`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, fr));
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
    await expect(page.getByRole('contentinfo')).not.toContainText('Version');

    // B is deployed: its worker installs beside A's and waits; the open page stays on A.
    await serve(builds.b, port);
    await waitingWorker(page);
    await expect(page.getByRole('contentinfo')).not.toContainText('Version');
    // The next navigation (a link in the page) lands on B, as a page of its own.
    await page
      .getByRole('link', { name: m.nav_register({}, fr) })
      .first()
      .click();
    await expect(page).toHaveURL(`${origin}/register`);
    await expect(page.getByRole('contentinfo')).toContainText(m.shell_version({ build: 'b' }, fr));
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null)).toBeNull();
    // Served by B's worker from its precache: the same page again comes without the network.
    expect((await page.reload())!.fromServiceWorker()).toBe(true);
    await expect(page.getByRole('contentinfo')).toContainText(m.shell_version({ build: 'b' }, fr));

    // A build without the worker: the browser's next check finds the self-destroying worker, which removes itself and
    // every cache, and reloads the page from the network.
    await serve(builds.k, port);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await expect(page.getByRole('contentinfo')).toContainText(m.shell_version({ build: 'k' }, fr), { timeout: 20_000 });
    await expect
      .poll(() => page.evaluate(async () => ({ workers: (await navigator.serviceWorker.getRegistrations()).length, caches: await caches.keys() })))
      .toEqual({ workers: 0, caches: [] });
    const fromNetwork = await page.goto(`${origin}/register`);
    expect(fromNetwork!.fromServiceWorker()).toBe(false);
    await expect(page.getByRole('contentinfo')).toContainText(m.shell_version({ build: 'k' }, fr));
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();

    // Every document ran the scripts of one build, in the order they were deployed; nothing was missing.
    expect(documents().map((scripts) => buildOf(scripts, builds).join('+'))).toEqual(expect.arrayContaining(['a', 'b', 'k']));
    for (const scripts of documents()) expect(buildOf(scripts, builds), scripts.join(' ')).not.toEqual([]);
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await (server as ServerProcess | null)?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
