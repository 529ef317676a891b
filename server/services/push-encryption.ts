/**
 * Encrypting pushes off the server's event loop: a round's messages (push-sender.ts) go to one worker thread as one
 * job, and the requests' own work goes on meanwhile. Encrypting one message (an ECDH key pair and secret, HKDF,
 * AES-GCM) is a quarter of a millisecond of CPU (record 252); a fan-out of 1,000 on the server's own thread kept the portal's other
 * requests waiting (docs/decisions/286-push-sending-off-the-loop.md). One thread for the process, started when
 * first needed, idle it keeps nothing alive; a job that fails or overruns is answered as not encrypted.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EncryptionInput, EncryptionOutput } from './push-encryption-worker.ts';
import { createWorkerPool, type WorkerPool } from './worker-pool.ts';

export type { EncryptionInput, EncryptionOutput };

let pool: WorkerPool<EncryptionInput[], EncryptionOutput[]> | null = null;

const thePool = () =>
  (pool ??= createWorkerPool<EncryptionInput[], EncryptionOutput[]>({
    // A path, not a URL (as file-examination.ts says: beside a DOM the global URL is the DOM's).
    entry: join(dirname(fileURLToPath(import.meta.url)), 'push-encryption-boot.js'),
    size: 1,
    timeoutMs: 10_000,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  }));

/** Each message encrypted, in order; all of them answered as errors when the thread could not do the job. */
export async function encryptPushes(inputs: readonly EncryptionInput[]): Promise<EncryptionOutput[]> {
  if (inputs.length === 0) return [];
  const failed = (why: string) => inputs.map(() => ({ error: why }));
  try {
    const outcome = await thePool().run([...inputs]);
    if ('failed' in outcome) return failed(`encryption ${outcome.failed}`);
    return outcome.output;
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }
}
