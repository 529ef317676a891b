/**
 * `npx tsx scripts/bench/field-run.ts`: only the page loads of `npm run bench` (field.ts), printed, docs/benchmark.md
 * untouched: for comparing two builds quickly (FIELD_RUNS=n sets the runs per row). Serves dist/ as it is.
 */
import { loadavg } from 'node:os';
import { createWorker, loginApi } from '../../e2e/support/workers.ts';
import { withBenchSession } from './bench-session.ts';
import { fieldData, fieldLoads } from './field.ts';
import { fieldBudgetRows, fieldSection } from './field-report.ts';

const before = loadavg()[0]!;
await withBenchSession(async ({ server, browser, api }) => {
  const worker = await createWorker(api, { stage: 'approved', signature: 'validated' });
  const rows = await fieldLoads(browser, server.url, await loginApi(api, worker.email), await fieldData(api, worker.email));
  console.log(['| Budget | Measured | |', '|---|---|---|', ...fieldBudgetRows(rows), '', ...fieldSection(rows)].join('\n'));
  console.log(`load average ${before.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; Chromium ${browser.version()}`);
});
