/**
 * `npx tsx scripts/bench/field-run.ts`: only the page loads of `npm run bench` (field.ts), printed, docs/benchmark.md
 * untouched: for comparing two builds quickly (FIELD_RUNS=n sets the runs per row). Serves dist/ as it is.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import config, { BACKOFFICE_TOKEN } from '../../playwright.config.ts';
import { createWorker, loginApi } from '../../e2e/support/workers.ts';
import { ROOT, startServerProcess } from '../lib/server-process.ts';
import { BARE_HTML, fieldLoads } from './field.ts';
import { fieldBudgetRows, fieldSection } from './field-report.ts';

const barePath = join(ROOT, 'dist', 'assets', 'bench-bare.html');
writeFileSync(barePath, BARE_HTML);
const dataDir = mkdtempSync(join(tmpdir(), 'portal-field-'));
const before = loadavg()[0]!;
const server = await startServerProcess({ dataDir, env: { BACKOFFICE_TOKEN } });
const browser = await chromium.launch(config.use!.launchOptions);
const api = await playwrightRequest.newContext({ baseURL: server.url });
try {
  const worker = await createWorker(api, { stage: 'approved', signature: 'validated' });
  const rows = await fieldLoads(browser, server.url, await loginApi(api, worker.email));
  console.log(['| Budget | Measured | |', '|---|---|---|', ...fieldBudgetRows(rows), '', ...fieldSection(rows)].join('\n'));
  console.log(`load average ${before.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; Chromium ${browser.version()}`);
} finally {
  await api.dispose();
  await browser.close();
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(barePath, { force: true });
}
