/**
 * Prepares the images a worker chooses before they are sent (docs/decisions/120-image-pipeline.md): in a worker
 * when the browser allows it (OffscreenCanvas), else on the page. One worker per wizard visit, started at the first
 * choice and ended with the visit. Where the worker cannot decode a file (a HEIC that only the page's <img> can
 * read, in Safari), the page tries once more before the file is refused (image-prepare-page.ts, loaded then).
 */
import type { PrepareOutcome } from './image-prepare-core.ts';

export type ImagePreparer = { prepare: (file: Blob) => Promise<PrepareOutcome>; dispose: () => void };

type Answer = { id: number; outcome?: PrepareOutcome; unsupported?: true };

export function createImagePreparer(startWorker: () => Worker | null = defaultWorker): ImagePreparer {
  let worker: Worker | null | undefined;
  let next = 0;
  const waiting = new Map<number, (answer: Answer | null) => void>();

  const ensureWorker = (): Worker | null => {
    if (worker !== undefined) return worker;
    try {
      worker = startWorker();
    } catch {
      worker = null;
    }
    if (worker) {
      worker.onmessage = ({ data }: MessageEvent<Answer>) => {
        waiting.get(data.id)?.(data);
        waiting.delete(data.id);
      };
      // A worker that fails (not loadable, out of memory) hands everything back to the page, now and later.
      worker.onerror = () => {
        for (const resolve of waiting.values()) resolve(null);
        waiting.clear();
        worker?.terminate();
        worker = null;
      };
    }
    return worker;
  };

  const inWorker = (file: Blob): Promise<Answer | null> => {
    const target = ensureWorker();
    if (!target) return Promise.resolve(null);
    const id = ++next;
    return new Promise((resolve) => {
      waiting.set(id, resolve);
      target.postMessage({ id, file });
    });
  };

  return {
    async prepare(file) {
      const answer = await inWorker(file);
      if (answer?.outcome?.ok) return answer.outcome;
      if (answer?.unsupported) {
        // No OffscreenCanvas here: the page does the work from now on.
        worker?.terminate();
        worker = null;
      }
      const failed = answer?.outcome;
      // Not an image at all, or too large: the page would say the same.
      if (failed && !failed.ok && (failed.reason === 'type' || failed.reason === 'tooLarge')) return failed;
      // Loaded only when needed: most browsers never use it, and the wizard's own chunk stays small (§7).
      const { prepareOnPage } = await import('./image-prepare-page.ts');
      return prepareOnPage(file);
    },
    dispose() {
      for (const resolve of waiting.values()) resolve({ id: 0, outcome: { ok: false, reason: 'unreadable' } });
      waiting.clear();
      worker?.terminate();
      worker = undefined;
    },
  };
}

function defaultWorker(): Worker | null {
  if (typeof Worker !== 'function') return null;
  return new Worker(new URL('./image-prepare.worker.ts', import.meta.url), { type: 'module', name: 'image-prepare' });
}
