/**
 * `npx tsx scripts/bench/trace-interaction.ts <scenario pattern>`: one interaction of inp.ts, traced at 4× CPU: the
 * main thread's work from the click to the next paints (ms from the click), with the CPU profile's hottest functions.
 * The raw trace goes to test-results/trace-interaction.json (Chrome's Performance panel opens it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../lib/server-process.ts';
import { withBenchSession } from './bench-session.ts';
import { scenarios } from './inp.ts';
import { hottestFunctions } from './cpu-profile.ts';
import { throttle } from './throttle.ts';

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: { data?: Record<string, unknown> } };
const pattern = new RegExp(process.argv[2] ?? 'month editor', 'i');
await withBenchSession(async ({ server, browser, api }) => {
  const scenario = scenarios(api).find((s) => pattern.test(s.name) && !/save/.test(s.name));
  if (!scenario) throw new Error(`no scenario matches ${pattern}`);
  const context = await browser.newContext({ baseURL: server.url, locale: 'fr-BE', timezoneId: 'Europe/Brussels' });
  const page = await context.newPage();
  const missing = await scenario.prepare(page);
  if (missing) throw new Error(missing);
  await throttle(context, page, { network: false });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'disabled-by-default-v8.cpu_profiler'],
  });
  await page.evaluate(() => performance.mark('bench-before-click'));
  const value = await scenario.run(page);
  const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  await context.close();
  const dir = join(ROOT, 'test-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'trace-interaction.json'), JSON.stringify({ traceEvents: events }));
  // The measured click's press: the last one traced (`measure` first runs a trial click, whose pointerdown is traced
  // too, before its wait; the first press found would time from that one).
  const input = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'pointerdown').at(-1);
  if (!input) throw new Error('no pointerdown in the trace');
  const { pid, tid, ts: t0 } = input;
  console.log(`${scenario.name}: ${value} ms (Event Timing)`);
  const named = [
    'EventDispatch',
    'FunctionCall',
    'RunMicrotasks',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'Commit',
    'TimerFire',
    'FireAnimationFrame',
    'HitTest',
    'v8.evaluateModule',
    'ParseHTML',
    'RunTask',
  ];
  for (const e of events
    .filter((x) => x.pid === pid && x.tid === tid && x.ph === 'X' && x.ts >= t0 - 1000 && x.ts < t0 + 400_000 && (x.dur ?? 0) >= 1500 && named.includes(x.name))
    .sort((a, b) => a.ts - b.ts))
    console.log(
      `${((e.ts - t0) / 1000).toFixed(1).padStart(7)} +${((e.dur ?? 0) / 1000).toFixed(1).padStart(6)}  ${e.name} ${String(e.args?.data?.type ?? e.args?.data?.functionName ?? '')}`,
    );
  const paints = events.filter((x) => x.pid === pid && x.name === 'Commit' && x.ts >= t0 && x.ts < t0 + 400_000).map((x) => ((x.ts - t0) / 1000).toFixed(0));
  console.log(`commits at ${paints.join(', ')} ms`);
  // Up to the first commit after the click: the work the tap waits for before its frame paints.
  const firstCommit = events.find((x) => x.pid === pid && x.name === 'Commit' && x.ts >= t0)?.ts ?? t0 + 200_000;
  for (const by of ['selfMs', 'totalMs'] as const) {
    console.log(`hottest functions until the first commit (${by === 'selfMs' ? 'self' : 'total'} ms):`);
    for (const hot of hottestFunctions(events, pid, t0, firstCommit, by, by === 'selfMs' ? 12 : 40))
      console.log(`${hot[by].toFixed(1).padStart(7)}  ${hot.name}  ${hot.where}`);
  }
});
