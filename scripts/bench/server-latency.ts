/**
 * Server latency and throughput under a fixed concurrency: `concurrency` loops each send the next request as
 * soon as the previous answer is read, for `seconds` after a one-second warm-up; keep-alive connections (fetch's
 * default agent). The same client measures the portal's GET /api/user/me/info (authenticated: session lookup,
 * worker row, security headers) and a bare Hono route in its own process, so their ratio is the portal's cost.
 * DESIGN.md §7 budgets it at 50 concurrent clients: p99 ≤ 2× the bare route's, requests/s ≥ 0.5× (SERVER_BUDGET).
 */
import { spawn } from 'node:child_process';
import { Latencies } from '../lib/latency.ts';
import { ROOT } from '../lib/server-process.ts';

export type LatencyResult = { p50: number; p99: number; perSecond: number; requests: number; errors: number };

export const SERVER_BUDGET = { concurrency: 50, seconds: 5, p99Ratio: 2, throughputRatio: 0.5 } as const;

export async function hammer(
  url: string,
  headers: Record<string, string>,
  options: { concurrency: number; seconds: number } = SERVER_BUDGET,
): Promise<LatencyResult> {
  const run = async (until: number, record: Latencies | null, counter: { errors: number }) => {
    while (performance.now() < until) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) counter.errors++;
      record?.add(performance.now() - t0);
    }
  };
  const warm = performance.now() + 1000;
  await Promise.all(Array.from({ length: options.concurrency }, () => run(warm, null, { errors: 0 })));
  const latencies = new Latencies();
  const counter = { errors: 0 };
  const start = performance.now();
  await Promise.all(Array.from({ length: options.concurrency }, () => run(start + options.seconds * 1000, latencies, counter)));
  const elapsed = (performance.now() - start) / 1000;
  return { p50: latencies.percentile(50), p99: latencies.percentile(99), perSecond: latencies.count / elapsed, requests: latencies.count, errors: counter.errors };
}

export async function bareHono<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/bare-hono.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1];
        if (found) resolve(found);
      });
      child.on('exit', (code) => reject(new Error(`bare hono exited (${code})`)));
    });
    return await fn(`${url}/bare`);
  } finally {
    child.kill('SIGTERM');
  }
}
