/**
 * Server latency and throughput under a fixed concurrency: `concurrency` loops each send the next request as
 * soon as the previous answer is read; keep-alive connections (fetch's default agent). The same client measures the portal's GET /api/user/me/info (authenticated: session lookup,
 * worker row, security headers) and a bare Hono route in its own process, so their ratio is the portal's cost.
 * §11 budgets it at 50 concurrent clients: p99 ≤ 2× the bare route's, requests/s ≥ 0.5× (SERVER_BUDGET).
 */
import { spawn } from 'node:child_process';
import { Latencies } from '../lib/latency.ts';
import { ROOT } from '../lib/server-process.ts';

export type LatencyResult = { p50: number; p99: number; perSecond: number; requests: number; errors: number };

export const SERVER_BUDGET = { concurrency: 50, seconds: 6, rounds: 3, p99Ratio: 2, throughputRatio: 0.5 } as const;

type Target = { url: string; headers?: Record<string, string> };

/**
 * Both routes in one run, taking turns: `rounds` rounds each, a round being `seconds / rounds` of the route alone
 * after a one-second warm-up of both. On a machine shared with other work, load that comes and goes then falls on
 * both routes alike instead of on whichever ran during it; each route's figures pool its rounds.
 */
export async function compareRoutes(
  portal: Target,
  bare: Target,
  options: { concurrency: number; seconds: number; rounds: number } = SERVER_BUDGET,
): Promise<{ info: LatencyResult; bare: LatencyResult }> {
  const runFor = async (target: Target, ms: number, record: Latencies | null, counter: { errors: number; seconds: number }) => {
    const start = performance.now();
    const until = start + ms;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (performance.now() < until) {
          const t0 = performance.now();
          const res = await fetch(target.url, { headers: target.headers ?? {} });
          await res.arrayBuffer();
          if (res.status !== 200) counter.errors++;
          record?.add(performance.now() - t0);
        }
      }),
    );
    counter.seconds += (performance.now() - start) / 1000;
  };
  const scratch = { errors: 0, seconds: 0 };
  await runFor(portal, 1000, null, scratch);
  await runFor(bare, 1000, null, scratch);
  const pooled = [portal, bare].map(() => ({ latencies: new Latencies(), counter: { errors: 0, seconds: 0 } }));
  for (let round = 0; round < options.rounds; round++)
    for (const [i, target] of [portal, bare].entries())
      await runFor(target, (options.seconds * 1000) / options.rounds, pooled[i]!.latencies, pooled[i]!.counter);
  const result = ({ latencies, counter }: (typeof pooled)[number]): LatencyResult => ({
    p50: latencies.percentile(50),
    p99: latencies.percentile(99),
    perSecond: latencies.count / counter.seconds,
    requests: latencies.count,
    errors: counter.errors,
  });
  return { info: result(pooled[0]!), bare: result(pooled[1]!) };
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
