/**
 * `npm run bench`: builds the portal when dist/ is stale, starts the reference server on 127.0.0.1 (a free
 * port, a temp data folder, stopped at the end), and measures in Debian's Chromium what §11 budgets:
 * first-load JS and CSS per route, LCP, CLS and TBT of page loads beside a bare page (field.ts), INP of the four
 * interactions, script time per pointer move on the signature pad, the server's latency beside a bare Hono route, and
 * a camera photo's upload from the details wizard, raw and prepared (bench/photo-upload.ts), and an offer pushed to
 * 1,000 subscribed workers beside the portal's other requests (bench/push-fanout.ts). Writes
 * docs/benchmark.md (docs/decisions/083-benchmark-method.md). Not part of `npm test`: timings are not assertions.
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { createWorker, loginApi } from '../e2e/support/workers.ts';
import { buildIsStale } from '../server/build-check.ts';
import { accountTiming, accountTimingSection } from './bench/account-timing.ts';
import { interactions } from './bench/inp.ts';
import { withBenchSession } from './bench/bench-session.ts';
import { fieldData, fieldLoads } from './bench/field.ts';
import { photoUpload, photoUploadReport } from './bench/photo-upload.ts';
import { pushFanout, pushFanoutSection } from './bench/push-fanout.ts';
import { renderReport } from './bench/report.ts';
import { bareHono, compareRoutes } from './bench/server-latency.ts';
import { routeSizes } from './bench/sizes.ts';
import { signatureStroke } from './bench/stroke.ts';
import { ROOT } from './lib/server-process.ts';

const step = (what: string) => console.log(`── ${what}`);

const reportPath = join(ROOT, 'docs', 'benchmark.md');
/** Below this line docs/benchmark.md holds hand-written records (an issue's before and after): each run keeps them. */
const KEPT = '<!-- kept by npm run bench: the sections below are written by hand -->';
const keptSections = (path: string) => {
  const old = existsSync(path) ? readFileSync(path, 'utf8') : '';
  return old.includes(KEPT) ? `\n${old.slice(old.indexOf(KEPT))}` : '';
};

if (buildIsStale(ROOT)) {
  step('building the portal (dist/ is missing or older than its sources)');
  execSync('npm run build', { cwd: ROOT, stdio: 'inherit' });
}
// A size over its budget is a figure to report (✗ in docs/benchmark.md), not a reason to measure nothing else.
const sizeReport = (() => {
  try {
    return execSync('npm run --silent size', { cwd: ROOT, encoding: 'utf8' });
  } catch (error) {
    return String((error as { stdout?: string }).stdout ?? error);
  }
})();

const loadBefore = loadavg()[0]!;
await withBenchSession(async ({ server, browser, api }) => {
  step(`server on ${server.url}; Chromium ${browser.version()}`);
  const worker = await createWorker(api, { stage: 'approved', signature: 'validated' });
  const workerUser = await loginApi(api, worker.email);

  step('first-load JS and CSS per route');
  const sizes = await routeSizes(browser, server.url, worker);
  step('page loads: LCP, CLS, TBT of /login, /register, /home, /planning beside a bare page (4× CPU, Slow 4G, cold and warm)');
  const field = await fieldLoads(browser, server.url, workerUser, await fieldData(api, worker.email));
  step('interactions at 4× CPU');
  const inp = await interactions(browser, server.url, api);
  step('signature stroke of 1,000 moves at 4× CPU');
  const stroke = await signatureStroke(browser, server.url, api);
  step('a 5 MB camera photo through the details wizard, raw and prepared (4× CPU, Slow 4G)');
  const photo = await photoUpload(browser, server.url, api);
  step('server latency: GET /api/user/me/info and a bare Hono route');
  const { info, bare } = await bareHono((url) =>
    compareRoutes({ url: `${server.url}/api/user/me/info`, headers: { Authorization: `Bearer ${worker.token}` } }, { url }),
  );
  step('account enumeration: answer times for a known and an unknown address (in process)');
  const accounts = await accountTiming();
  step('push: an offer to 1,000 subscribed workers, and the portal’s other requests meanwhile (a server of its own)');
  const push = await pushFanout();

  const report = `${renderReport({
    command: 'npm run bench',
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? '?', node: process.version, chromium: browser.version(), load: [loadBefore, loadavg()[0]!] },
    sizeReport,
    sizes,
    field,
    inp,
    stroke,
    server: { info, bare },
  })}\n${accountTimingSection(accounts)}${photoUploadReport(photo)}${pushFanoutSection(push)}`;
  writeFileSync(reportPath, `${report}${keptSections(reportPath)}`);
  console.log(report);
});
