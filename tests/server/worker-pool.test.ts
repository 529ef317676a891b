// The small pool of worker threads that examines files (server/services/worker-pool.ts, record 220): never more
// threads than its size whatever the jobs, and a job that spins, fills its heap or kills its thread is answered
// with why, its thread replaced for the next job.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, type WorkerPool } from '../../server/services/worker-pool.ts';

let pool: WorkerPool<number | string, number>;
const open = (size: number, timeoutMs = 300) =>
  (pool = createWorkerPool({
    entry: fileURLToPath(new URL('../fixtures/pool-worker.js', import.meta.url)),
    size,
    timeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  }));
afterEach(() => pool.close());

describe('the worker pool', () => {
  it('runs twenty jobs on at most its two threads, in order of arrival', async () => {
    open(2);
    const seen: number[] = [];
    const jobs = Array.from({ length: 20 }, (_, i) => pool.run(i).finally(() => seen.push(pool.state().threads)));
    expect(pool.state()).toMatchObject({ threads: 2, waiting: 20 });
    expect(await Promise.all(jobs)).toEqual(Array.from({ length: 20 }, (_, i) => ({ output: i * 2 })));
    expect(Math.max(...seen)).toBe(2);
  });

  it('ends a job past its time, and the next job still runs', async () => {
    open(1);
    expect(await Promise.all([pool.run('spin'), pool.run(21)])).toEqual([{ failed: 'timeout' }, { output: 42 }]);
  });

  it('ends a job past its heap, and the next job still runs', async () => {
    // Time enough for V8 to give up on its heap even on a loaded machine: the memory limit is what ends it.
    open(1, 20_000);
    expect(await Promise.all([pool.run('grow'), pool.run(21)])).toEqual([{ failed: 'memory' }, { output: 42 }]);
  });

  it('rejects a job whose thread failed or died (a fault of the server, not of the input), then goes on', async () => {
    open(1);
    const outcomes = await Promise.allSettled([pool.run('fail'), pool.run('exit'), pool.run(1)]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as Error).message))).toEqual([
      'worker thread: refused',
      'worker thread exited',
      { output: 2 },
    ]);
  });
});
