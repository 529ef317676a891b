/**
 * Prepares the images a worker chooses before they are sent (docs/decisions/120-image-pipeline.md): in a worker
 * when the browser allows it (OffscreenCanvas), else on the page. One worker per wizard visit, started at the first
 * choice and ended with the visit. Where the worker cannot decode a file (a HEIC that only the page's <img> can
 * read, in Safari), the page tries once more before the file is refused.
 */
import { prepareBytes, type Decoded, type PrepareOutcome, type Surface } from './image-prepare-core.ts';

export type ImagePreparer = { prepare: (file: Blob) => Promise<PrepareOutcome>; dispose: () => void };

/** Decodes with createImageBitmap, or with an <img> (any format the page can show) when that fails. */
async function decodeOnPage(blob: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(blob);
      return { width: bitmap.width, height: bitmap.height, image: bitmap, release: () => bitmap.close() };
    } catch {
      // An <img> may still read it (HEIC in Safari).
    }
  }
  const url = URL.createObjectURL(blob);
  const img = new Image();
  img.src = url;
  try {
    await img.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return { width: img.naturalWidth, height: img.naturalHeight, image: img, release: () => URL.revokeObjectURL(url) };
}

const pageSurface: Surface = {
  decode: decodeOnPage,
  canvas: (width, height) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    return { context, encode: (type, quality) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality)) };
  },
};

export const prepareOnPage = async (file: Blob): Promise<PrepareOutcome> => prepareBytes(await file.arrayBuffer(), pageSurface);

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
