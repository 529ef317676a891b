/**
 * Preparing a chosen image for upload (docs/decisions/120-image-pipeline.md): decode it, turn it upright by its
 * EXIF orientation, scale it so that its long edge is at most 2000 px, and encode it again as a JPEG of quality
 * 0.85. The result carries no metadata at all (a canvas encodes pixels only). The same procedure runs in a
 * worker (OffscreenCanvas) or, where a browser cannot, on the main thread: the drawing surface is a parameter.
 *
 * A JPEG is decoded without its EXIF segments and turned here, not by the browser: whether `createImageBitmap`
 * applies the orientation has varied between browsers and versions; this way every browser gives the same result.
 */
import { jpegOrientation, jpegRangesWithoutExif, sniffImage, storedSize } from '#domain/image-bytes.ts';

/** The long edge of a prepared image: an ID card stays legible, a camera photo shrinks to a few hundred KB. */
export const MAX_EDGE_PX = 2000;
export const JPEG_QUALITY = 0.85;
/** Beyond this many pixels a phone may run out of memory decoding: the worker is asked for a smaller image. */
export const MAX_PIXELS = 100_000_000;

/** Why an image could not be prepared: not an image we read, broken, HEIC/AVIF this browser cannot decode, too many pixels. */
export type PrepareFailure = 'type' | 'unreadable' | 'heic' | 'tooLarge';
export type PrepareOutcome = { ok: true; blob: Blob; width: number; height: number } | { ok: false; reason: PrepareFailure };

/** What decoding gives: something a 2D context can draw. */
export type Decoded = { width: number; height: number; image: CanvasImageSource; release: () => void };
type Context2D = Pick<CanvasRenderingContext2D, 'fillStyle' | 'fillRect' | 'setTransform' | 'drawImage' | 'imageSmoothingEnabled' | 'imageSmoothingQuality'>;
/** Where the drawing happens: a worker's OffscreenCanvas or a page's canvas. */
export type Surface = {
  decode: (blob: Blob) => Promise<Decoded>;
  canvas: (width: number, height: number) => { context: Context2D; encode: (type: string, quality: number) => Promise<Blob | null> };
};

/** The upright size of an image stored `width`×`height` with EXIF `orientation` (5–8 swap the axes). */
export const uprightSize = (width: number, height: number, orientation: number) => (orientation >= 5 ? { width: height, height: width } : { width, height });

/** The factor that brings the long edge to at most `maxEdge` (never enlarges). */
export const scaleFor = (width: number, height: number, maxEdge = MAX_EDGE_PX) => Math.min(1, maxEdge / Math.max(width, height));

/**
 * The canvas transform (a, b, c, d, e, f) that draws an image stored `w`×`h` upright for EXIF `orientation`:
 * a stored point (x, y) lands at (a·x + c·y + e, b·x + d·y + f) on a canvas of the upright size.
 */
export function orientationTransform(orientation: number, w: number, h: number): [number, number, number, number, number, number] {
  switch (orientation) {
    case 2:
      return [-1, 0, 0, 1, w, 0]; // mirrored
    case 3:
      return [-1, 0, 0, -1, w, h]; // upside down
    case 4:
      return [1, 0, 0, -1, 0, h]; // mirrored upside down
    case 5:
      return [0, 1, 1, 0, 0, 0]; // mirrored, turned a quarter left
    case 6:
      return [0, 1, -1, 0, h, 0]; // turned a quarter left: turn it right
    case 7:
      return [0, -1, -1, 0, h, w]; // mirrored, turned a quarter right
    case 8:
      return [0, -1, 1, 0, 0, w]; // turned a quarter right: turn it left
    default:
      return [1, 0, 0, 1, 0, 0];
  }
}

const MEDIA_TYPE = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', heic: 'image/heic', avif: 'image/avif' } as const;

/** Prepares the bytes of a chosen file on `surface` (see above). Never throws: a failure says why. */
export async function prepareBytes(buffer: ArrayBuffer, surface: Surface): Promise<PrepareOutcome> {
  const bytes = new Uint8Array(buffer);
  const format = sniffImage(bytes);
  if (format === null || format === 'gif') return { ok: false, reason: 'type' };
  const stored = storedSize(bytes);
  if (stored && stored.width * stored.height > MAX_PIXELS) return { ok: false, reason: 'tooLarge' };
  const orientation = format === 'jpeg' ? jpegOrientation(bytes) : 1;
  const parts = format === 'jpeg' ? jpegRangesWithoutExif(bytes).map(([a, b]) => bytes.subarray(a, b)) : [bytes];
  let decoded: Decoded;
  try {
    decoded = await surface.decode(new Blob(parts, { type: MEDIA_TYPE[format] }));
  } catch {
    return { ok: false, reason: format === 'heic' || format === 'avif' ? 'heic' : 'unreadable' };
  }
  try {
    if (decoded.width < 1 || decoded.height < 1) return { ok: false, reason: 'unreadable' };
    if (decoded.width * decoded.height > MAX_PIXELS) return { ok: false, reason: 'tooLarge' };
    const scale = scaleFor(decoded.width, decoded.height);
    const w = Math.max(1, Math.round(decoded.width * scale));
    const h = Math.max(1, Math.round(decoded.height * scale));
    const upright = uprightSize(w, h, orientation);
    const { context, encode } = surface.canvas(upright.width, upright.height);
    // A transparent PNG would turn black in a JPEG: paper white behind it.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, upright.width, upright.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.setTransform(...orientationTransform(orientation, w, h));
    context.drawImage(decoded.image, 0, 0, w, h);
    const blob = await encode('image/jpeg', JPEG_QUALITY);
    return blob ? { ok: true, blob, ...upright } : { ok: false, reason: 'unreadable' };
  } catch {
    return { ok: false, reason: 'unreadable' };
  } finally {
    decoded.release();
  }
}
