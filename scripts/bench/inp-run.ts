/**
 * `npx tsx scripts/bench/inp-run.ts [name pattern]`: only the interactions of `npm run bench` (inp.ts) whose name
 * matches, printed as JSON, docs/benchmark.md untouched: for checking one interaction after a change. Serves dist/
 * as it is (INP_RUNS=n sets the runs per interaction).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, request as playwrightRequest } from '@playwright/test';
import config, { BACKOFFICE_TOKEN } from '../../playwright.config.ts';
import { ROOT, startServerProcess } from '../lib/server-process.ts';
import { interactions, RUNS } from './inp.ts';

const only = process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-inp-'));
const before = loadavg()[0]!;
const server = await startServerProcess({ dataDir, env: { BACKOFFICE_TOKEN } });
const browser = await chromium.launch(config.use!.launchOptions);
const api = await playwrightRequest.newContext({ baseURL: server.url });
try {
  const results = await interactions(browser, server.url, api, Number(process.env.INP_RUNS) || RUNS, only);
  console.log(JSON.stringify(results, null, 2));
  console.log(`load average ${before.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; root ${ROOT}`);
} finally {
  await api.dispose();
  await browser.close();
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
