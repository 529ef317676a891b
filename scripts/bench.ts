/**
 * `npm run bench`: builds the portal when dist/ is stale, starts the reference server on 127.0.0.1 (a free
 * port, a temp data folder, stopped at the end), and measures in Debian's Chromium what DESIGN.md §7 budgets:
 * first-load JS and CSS per route, LCP of /login beside a bare page, INP of the four interactions, script time
 * per pointer move on the signature pad, and the server's latency beside a bare Hono route. Writes
 * docs/benchmark.md (docs/decisions/083-benchmark-method.md). Not part of `npm test`: timings are not assertions.
 */
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import config, { BACKOFFICE_TOKEN } from '../playwright.config.ts';
import { createWorker } from '../e2e/support/workers.ts';
import { buildIsStale } from '../server/build-check.ts';
import { accountTiming, accountTimingSection } from './bench/account-timing.ts';
import { interactions } from './bench/inp.ts';
import { lcp } from './bench/lcp.ts';
import { renderReport } from './bench/report.ts';
import { bareHono, compareRoutes } from './bench/server-latency.ts';
import { routeSizes } from './bench/sizes.ts';
import { signatureStroke } from './bench/stroke.ts';
import { ROOT, startServerProcess } from './lib/server-process.ts';

const step = (what: string) => console.log(`── ${what}`);

if (buildIsStale(ROOT)) {
  step('building the portal (dist/ is missing or older than its sources)');
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}
const sizeReport = execSync('npm run --silent size', { cwd: ROOT, encoding: 'utf8' });

// The baseline page, served by the same server's static handler as the portal's own files.
const barePath = join(ROOT, 'dist', 'assets', 'bench-bare.html');
writeFileSync(
  barePath,
  '<!doctype html><html lang="fr"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Connexion</title>' +
    '<main><h1>Connexion</h1><p>Connectez-vous avec votre adresse e-mail et votre mot de passe pour accéder au portail.</p></main></html>',
);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const loadBefore = loadavg()[0]!;
const server = await startServerProcess({ dataDir, env: { BACKOFFICE_TOKEN } });
const browser = await chromium.launch(config.use!.launchOptions);
const api = await playwrightRequest.newContext({ baseURL: server.url });
try {
  step(`server on ${server.url}; Chromium ${browser.version()}`);
  const worker = await createWorker(api, { stage: 'approved', signature: 'validated' });

  step('first-load JS and CSS per route');
  const sizes = await routeSizes(browser, server.url, worker);
  step('LCP of /login and of a bare page (4× CPU, Slow 4G)');
  const loginLcp = await lcp(browser, `${server.url}/login`);
  const bareLcp = await lcp(browser, `${server.url}/assets/bench-bare.html`);
  step('interactions at 4× CPU');
  const inp = await interactions(browser, server.url, api);
  step('signature stroke of 1,000 moves at 4× CPU');
  const stroke = await signatureStroke(browser, server.url, api);
  step('server latency: GET /api/user/me/info and a bare Hono route');
  const { info, bare } = await bareHono((url) => compareRoutes({ url: `${server.url}/api/user/me/info`, headers: { Authorization: `Bearer ${worker.token}` } }, { url }));
  step('account enumeration: answer times for a known and an unknown address (in process)');
  const accounts = await accountTiming();

  const report = `${renderReport({
    command: 'npm run bench',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?', node: process.version, chromium: browser.version(), load: [loadBefore, loadavg()[0]!] },
    sizeReport,
    sizes,
    lcp: { login: loginLcp, bare: bareLcp },
    inp,
    stroke,
    server: { info, bare },
  })}\n${accountTimingSection(accounts)}`;
  writeFileSync(join(ROOT, 'docs', 'benchmark.md'), report);
  console.log(report);
} finally {
  await api.dispose();
  await browser.close();
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(barePath, { force: true });
}
