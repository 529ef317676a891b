/**
 * The worker that prepares chosen images off the main thread (image-prepare-core.ts), so that decoding a 12 MP
 * photo never freezes the page. It answers `{ id, outcome }`, or `{ id, unsupported: true }` where this browser
 * has no OffscreenCanvas 2D in workers (the page then prepares the image itself).
 */
import { prepareBytes, type Surface } from './image-prepare-core.ts';

type Request = { id: number; file: Blob };
// No type says what `self` is here: the app is checked with the DOM's lib, where `self` is a Window (its postMessage
// wants a target origin), and the WebWorker lib that describes a worker's scope cannot be loaded beside it. This
// names the two members of a DedicatedWorkerGlobalScope the worker uses.
const scope = self as unknown as { onmessage: ((event: MessageEvent<Request>) => void) | null; postMessage: (message: unknown) => void };

const supported =
  typeof OffscreenCanvas === 'function' && typeof createImageBitmap === 'function' && typeof OffscreenCanvas.prototype.convertToBlob === 'function';

const surface: Surface = {
  decode: async (blob) => {
    const bitmap = await createImageBitmap(blob);
    return { width: bitmap.width, height: bitmap.height, image: bitmap, release: () => bitmap.close() };
  },
  canvas: (width, height) => {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    return { context, encode: (type, quality) => canvas.convertToBlob({ type, quality }) };
  },
};

scope.onmessage = ({ data }) => {
  if (!supported) {
    scope.postMessage({ id: data.id, unsupported: true });
    return;
  }
  void data.file
    .arrayBuffer()
    .then((buffer) => prepareBytes(buffer, surface))
    .then(
      (outcome) => scope.postMessage({ id: data.id, outcome }),
      () => scope.postMessage({ id: data.id, unsupported: true }),
    );
};
