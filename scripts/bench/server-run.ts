/**
 * `npx tsx scripts/bench/server-run.ts`: only the server latency of `npm run bench` (GET /api/user/me/info beside a
 * bare Hono route, 50 clients, server-latency.ts), printed, docs/benchmark.md untouched. The server logs as in
 * production (a JSON line per request, read and dropped here); `LOG_LEVEL=warn npx tsx …` measures it without them.
 * No browser, no build needed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from '@playwright/test';
import { BACKOFFICE_TOKEN } from '../../playwright.config.ts';
import { createWorker } from '../../e2e/support/workers.ts';
import { startServerProcess } from '../lib/server-process.ts';
import { SERVER_BUDGET, bareHono, compareRoutes } from './server-latency.ts';

const before = loadavg()[0]!;
const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-server-'));
const server = await startServerProcess({ dataDir, env: { BACKOFFICE_TOKEN }, keepOutput: false });
const api = await request.newContext({ baseURL: server.url });
try {
  const worker = await createWorker(api, { stage: 'approved', signature: 'validated' });
  const { info, bare } = await bareHono((url) =>
    compareRoutes({ url: `${server.url}/api/user/me/info`, headers: { Authorization: `Bearer ${worker.token}` } }, { url }),
  );
  const row = (name: string, r: typeof info) =>
    `| ${name} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.perSecond.toFixed(0)} | ${r.requests} | ${r.errors} |`;
  console.log(
    [
      '| Route | p50 ms | p99 ms | requests/s | requests | errors |',
      '|---|---|---|---|---|---|',
      row('GET /api/user/me/info', info),
      row('bare Hono', bare),
    ].join('\n'),
  );
  console.log(
    `p99 ${(info.p99 / bare.p99).toFixed(2)}× the bare route's (budget ≤ ${SERVER_BUDGET.p99Ratio}×), requests/s ${(info.perSecond / bare.perSecond).toFixed(2)}× (budget ≥ ${SERVER_BUDGET.throughputRatio}×); ` +
      `LOG_LEVEL ${process.env.LOG_LEVEL ?? 'info'}; load average ${before.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after`,
  );
} finally {
  await api.dispose();
  await server.stop('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
