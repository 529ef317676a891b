/**
 * What the server accepts as an uploaded image, read from the file's header before anything else is done with it (no
 * pixel is decoded here, nor stored): a JPEG or PNG, whole (not cut off, not a header alone), and of a pixel size a
 * browser will show. Browsers refuse to decode images over about 100 megapixels; a file that declares more (a
 * "decompression bomb": 20000×20000 pixels fit in a few hundred kilobytes of PNG) would only exhaust the memory of
 * whoever opens it, the agency's reviewer included. The long edge is bounded too (IMAGE_MAX_EDGE), as a 100 Mpx
 * image 100000 pixels wide is no photo of a card. docs/decisions/184-last-bad-inputs.md.
 */
import { imageHeader } from '#domain/image-bytes.ts';

/** The browsers' own limit on decoded pixels. */
const MAX_PIXELS = 100_000_000;
const DEFAULT_MAX_EDGE = 16_384;

export type ImageCheck = { ok: true; format: 'jpeg' | 'png'; width: number; height: number } | { ok: false; problem: 'format' | 'damaged' | 'tooLarge' };

export function checkImage(bytes: Uint8Array, maxEdge = DEFAULT_MAX_EDGE): ImageCheck {
  const header = imageHeader(bytes);
  if (!header) return { ok: false, problem: 'format' };
  const { width, height } = header;
  // The size first: a bomb is refused for what it declares, whether or not its pixels are all there.
  if (width * height > MAX_PIXELS || Math.max(width, height) > maxEdge) return { ok: false, problem: 'tooLarge' };
  if (!header.whole || width === 0 || height === 0) return { ok: false, problem: 'damaged' };
  return { ok: true, format: header.format, width, height };
}
