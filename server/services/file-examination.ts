/**
 * The one examination of every file a worker sends (a certificate, a personal file's photo, a drawn signature, and
 * any later attachment): `examineFile(bytes, { accept })` answers the bytes to store or why not
 * (server/services/file-examination-core.ts says what is checked). The work runs off the server's event loop, in a
 * small pool of worker threads, under limits of work and memory (docs/decisions/220-bounded-file-examination.md):
 *
 * - at most FILE_LIMITS.threads threads for the whole process (one less than the cores, one at least, two at most),
 *   so that parallel uploads never start more; the files beyond wait their turn;
 * - a file's examination gets FILE_LIMITS.timeoutMs once a thread takes it, and a V8 heap of FILE_LIMITS.heapMb;
 *   past either, its thread is ended and the file refused as `tooComplex`;
 * - a PDF's streams decompress to FILE_LIMITS.decodedMax bytes in all, past which it is refused as `tooComplex`.
 */
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Examination, ExamineOptions } from './file-examination-core.ts';
import type { ExaminationJob } from './file-examination-worker.ts';
import { PDF_DECODED_MAX } from './pdf-sanitize.ts';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

export type { FileProblem } from './file-examination-core.ts';

export const FILE_LIMITS = {
  threads: Math.min(2, Math.max(1, availableParallelism() - 1)),
  timeoutMs: 5_000,
  heapMb: 128,
  decodedMax: PDF_DECODED_MAX,
} as const;

// One pool for the process (its threads bound the whole server's file work); idle, it keeps nothing alive.
let pool: WorkerPool<ExaminationJob, Examination> | null = null;

const thePool = () =>
  (pool ??= createWorkerPool<ExaminationJob, Examination>({
    // A path, not a URL: where tests run the server beside a DOM (jsdom), the global URL is the DOM's, which Node's Worker refuses.
    entry: join(dirname(fileURLToPath(import.meta.url)), 'file-examination-boot.js'),
    size: FILE_LIMITS.threads,
    timeoutMs: FILE_LIMITS.timeoutMs,
    resourceLimits: { maxOldGenerationSizeMb: FILE_LIMITS.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  }));

/** The file to store (without its metadata), or why it is refused. `bytes` stay the caller's: a copy is examined. */
export async function examineFile(bytes: Uint8Array, options: ExamineOptions): Promise<Examination> {
  const copy = bytes.slice();
  const outcome = await thePool().run({ bytes: copy, options: { decodedMax: FILE_LIMITS.decodedMax, ...options } }, [copy.buffer]);
  if ('failed' in outcome) return { ok: false, problem: 'tooComplex' };
  const examined = outcome.output;
  // The bytes come back from another thread, built by the engine's own Uint8Array: copied into one of the global
  // Uint8Array, which code that checks the class reads (PGlite's bytea writer); beside a DOM (jsdom tests) the two differ.
  return examined.ok ? { ...examined, bytes: new Uint8Array(examined.bytes) } : examined;
}

/** The pool's threads and queue, as the tests watch them. */
export const fileExaminationState = () => pool?.state() ?? { threads: 0, busy: 0, waiting: 0 };
