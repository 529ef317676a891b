/**
 * `npx tsx scripts/bench/inp-run.ts [name pattern]`: only the interactions of `npm run bench` (inp.ts) whose name
 * matches, printed as JSON, docs/benchmark.md untouched: for checking one interaction after a change. Serves dist/
 * as it is (INP_RUNS=n sets the runs per interaction).
 */
import { loadavg } from 'node:os';
import { withBenchSession } from './bench-session.ts';
import { interactions, RUNS } from './inp.ts';

const only = process.argv[2] ? new RegExp(process.argv[2], 'i') : undefined;
const before = loadavg()[0]!;
await withBenchSession(async ({ server, browser, api }) => {
  const results = await interactions(browser, server.url, api, Number(process.env.INP_RUNS) || RUNS, only);
  console.log(JSON.stringify(results, null, 2));
  console.log(`load average ${before.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after; Chromium ${browser.version()}`);
});
