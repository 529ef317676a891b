/**
 * A small pool of worker threads for work that must not run on the server's event loop (docs/decisions/220-bounded-
 * file-examination.md): at most `size` threads, started when first needed and kept for the next jobs; the jobs past
 * that wait their turn in order, so parallel requests never start more threads. Each thread runs one job at a time,
 * under the V8 heap limits of `resourceLimits` and for at most `timeoutMs` from the moment it takes the job: past
 * that, or when it runs out of memory or dies, the thread is ended, the job is answered with why, and a fresh thread
 * takes the next job.
 *
 * The thread's module posts `{ ready: true }` once loaded, then answers each `{ id, input }` with `{ id, output }`
 * (or `{ id, error }` for a fault of its own). An idle pool does not keep the process alive.
 */
import { Worker, type ResourceLimits, type Transferable } from 'node:worker_threads';

type PoolOptions = {
  /** The file of the module each thread runs (a path: see file-examination.ts). */
  entry: string;
  size: number;
  timeoutMs: number;
  resourceLimits: ResourceLimits;
};

/** A job's end: the thread's answer, or why there is none. */
type PoolOutcome<Output> = { output: Output } | { failed: 'timeout' | 'memory' };

export type WorkerPool<Input, Output> = {
  run(input: Input, transfer?: readonly Transferable[]): Promise<PoolOutcome<Output>>;
  /** Threads started and jobs waiting (for the tests and the record's measures). */
  state(): { threads: number; busy: number; waiting: number };
  /** Ends every thread; jobs still waiting are refused with an error. */
  close(): Promise<void>;
};

type Job<Input, Output> = {
  input: Input;
  transfer: readonly Transferable[];
  resolve: (outcome: PoolOutcome<Output>) => void;
  reject: (error: Error) => void;
};

type Thread<Input, Output> = { worker: Worker; ready: boolean; job: Job<Input, Output> | null; timer: NodeJS.Timeout | null };

type Message<Output> = { ready: true } | { id: number; output: Output } | { id: number; error: string };

export function createWorkerPool<Input, Output>(options: PoolOptions): WorkerPool<Input, Output> {
  const threads = new Set<Thread<Input, Output>>();
  const waiting: Array<Job<Input, Output>> = [];
  let nextId = 0;
  let closed = false;

  /** The thread's job ends (with an answer or a failure); the thread takes the next one, or is gone. */
  function finish(thread: Thread<Input, Output>, end: (job: Job<Input, Output>) => void, keep: boolean): void {
    const { job } = thread;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    thread.job = null;
    if (!keep) {
      threads.delete(thread);
      void thread.worker.terminate();
    } else thread.worker.unref();
    if (job) end(job);
    pump();
  }

  function start(job: Job<Input, Output>, thread: Thread<Input, Output>): void {
    thread.job = job;
    thread.worker.ref();
    const id = nextId++;
    thread.timer = setTimeout(() => finish(thread, (j) => j.resolve({ failed: 'timeout' }), false), options.timeoutMs);
    thread.worker.postMessage({ id, input: job.input }, job.transfer);
  }

  function spawn(): Thread<Input, Output> {
    const worker = new Worker(options.entry, { resourceLimits: options.resourceLimits, execArgv: [] });
    const thread: Thread<Input, Output> = { worker, ready: false, job: null, timer: null };
    worker.on('message', (message: Message<Output>) => {
      if ('ready' in message) {
        thread.ready = true;
        worker.unref();
        pump();
      } else if ('output' in message) finish(thread, (job) => job.resolve({ output: message.output }), true);
      else finish(thread, (job) => job.reject(new Error(`worker thread: ${message.error}`)), true);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const memory = error.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (!thread.ready && !memory) {
        // A thread that cannot even start is a fault of the server, not of the file: say so to every job waiting.
        threads.delete(thread);
        const failed = [...waiting.splice(0), ...(thread.job ? [thread.job] : [])];
        for (const job of failed) job.reject(error);
        return;
      }
      finish(thread, (job) => (memory ? job.resolve({ failed: 'memory' }) : job.reject(error)), false);
    });
    worker.on('exit', () => {
      if (threads.has(thread)) finish(thread, (job) => job.reject(new Error('worker thread exited')), false);
    });
    threads.add(thread);
    return thread;
  }

  function pump(): void {
    if (closed) return;
    for (const thread of threads) {
      if (waiting.length === 0) return;
      if (thread.ready && !thread.job) start(waiting.shift()!, thread);
    }
    // Threads still starting will take as many jobs: start more only for the jobs beyond them, up to the size.
    let starting = [...threads].filter((t) => !t.ready).length;
    while (waiting.length > starting && threads.size < options.size) {
      spawn();
      starting++;
    }
  }

  return {
    run(input, transfer = []) {
      if (closed) return Promise.reject(new Error('the worker pool is closed'));
      return new Promise((resolve, reject) => {
        waiting.push({ input, transfer, resolve, reject });
        pump();
      });
    },
    state: () => ({ threads: threads.size, busy: [...threads].filter((t) => t.job).length, waiting: waiting.length }),
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('the worker pool is closed'));
      const all = [...threads];
      threads.clear();
      for (const thread of all) {
        if (thread.timer) clearTimeout(thread.timer);
        thread.job?.reject(new Error('the worker pool is closed'));
      }
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}
