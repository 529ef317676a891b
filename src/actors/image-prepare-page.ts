/**
 * Preparing a chosen image on the page itself (image-prepare-core.ts with a page's <canvas>): where a browser has
 * no OffscreenCanvas in workers, or its worker could not decode the file (a HEIC that only Safari's <img> reads).
 * Loaded on demand by image-prepare.ts.
 */
import { prepareBytes, type Decoded, type PrepareOutcome, type Surface } from './image-prepare-core.ts';

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
