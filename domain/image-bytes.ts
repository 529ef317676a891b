/**
 * Reading image files byte by byte, without decoding them: which format a file really is (its first bytes, not
 * its name), the segments of a JPEG and the chunks of a PNG, the EXIF orientation of a JPEG and the pixel size.
 * Pure and shared: the browser uses it to prepare a photo before upload (apply the orientation itself, decode
 * without the camera's EXIF), the server to strip metadata from what it stores (server/services/image-metadata.ts).
 * Every read is bounds-checked: a truncated or hostile file gives a shorter walk, never an exception.
 * docs/decisions/120-image-pipeline.md.
 */

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'heic' | 'avif';

const ascii = (bytes: Uint8Array, at: number, length: number) => (at + length <= bytes.length ? String.fromCharCode(...bytes.subarray(at, at + length)) : '');
const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const startsWith = (bytes: Uint8Array, prefix: readonly number[]) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** The format a file's first bytes announce, whatever its name or declared type; null when none we know. */
export function sniffImage(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (ascii(bytes, 0, 4) === 'GIF8') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (ascii(bytes, 4, 4) === 'ftyp') {
    // ISO BMFF: the major brand, then the compatible brands up to the box's end.
    const boxEnd = Math.min(u32(bytes, 0), bytes.length, 64);
    const brands = [ascii(bytes, 8, 4)];
    for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(ascii(bytes, at, 4));
    if (brands.some((b) => b === 'avif' || b === 'avis')) return 'avif';
    if (brands.some((b) => ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'].includes(b))) return 'heic';
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------------------
// JPEG

export const JPEG = {
  SOI: 0xd8,
  EOI: 0xd9,
  SOS: 0xda,
  APP0: 0xe0,
  APP1: 0xe1,
  APP2: 0xe2,
  APP14: 0xee,
  COM: 0xfe,
} as const;

/** One segment: `start` at its 0xFF, `end` exclusive. An SOS segment runs to the end of its entropy-coded data. */
export type JpegSegment = { marker: number; start: number; end: number };

/** Markers that stand alone (no length): the restart markers and TEM. */
const standalone = (marker: number) => (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01;

/**
 * The segments of a JPEG after its SOI, up to and including EOI. `complete` is false when the walk stopped early
 * (a truncated segment, bytes that are not a marker, no EOI); `end` is where the last whole segment ends.
 */
export function jpegSegments(bytes: Uint8Array): { segments: JpegSegment[]; complete: boolean; end: number } {
  const segments: JpegSegment[] = [];
  if (sniffImage(bytes) !== 'jpeg') return { segments, complete: false, end: 0 };
  let at = 2;
  while (at + 1 < bytes.length) {
    if (bytes[at] !== 0xff) break;
    // Fill bytes: any number of 0xFF may precede a marker.
    let markerAt = at;
    while (markerAt + 1 < bytes.length && bytes[markerAt + 1] === 0xff) markerAt++;
    const marker = bytes[markerAt + 1];
    if (marker === undefined || marker === 0x00) break;
    if (marker === JPEG.EOI) {
      segments.push({ marker, start: at, end: markerAt + 2 });
      return { segments, complete: true, end: markerAt + 2 };
    }
    if (standalone(marker)) {
      segments.push({ marker, start: at, end: markerAt + 2 });
      at = markerAt + 2;
      continue;
    }
    if (markerAt + 3 >= bytes.length) break;
    const length = u16(bytes, markerAt + 2);
    let end = markerAt + 2 + length;
    if (length < 2 || end > bytes.length) break;
    if (marker === JPEG.SOS) {
      // Entropy-coded data: 0xFF 0x00 is a stuffed byte and 0xFF D0–D7 a restart; any other marker ends the scan.
      while (end < bytes.length) {
        if (bytes[end] !== 0xff) end++;
        else {
          const next = bytes[end + 1];
          if (next === undefined) {
            end = bytes.length;
            break;
          }
          if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) end += 2;
          else if (next === 0xff) end++;
          else break;
        }
      }
    }
    segments.push({ marker, start: at, end });
    at = end;
  }
  const last = segments.at(-1);
  return { segments, complete: false, end: last ? last.end : 2 };
}

/** The payload of a segment (after marker and length). */
const payload = (bytes: Uint8Array, s: JpegSegment) => bytes.subarray(s.start + 4, s.end);

/** Whether a segment is an APPn whose payload starts with `signature` (e.g. "Exif\0\0", "ICC_PROFILE\0"). */
export function isAppSegment(bytes: Uint8Array, s: JpegSegment, marker: number, signature: string): boolean {
  if (s.marker !== marker) return false;
  const data = payload(bytes, s);
  return ascii(data, 0, signature.length) === signature;
}

const EXIF_HEADER = 'Exif\0\0';
const ORIENTATION_TAG = 0x0112;

/** The Orientation tag (1–8) of a TIFF structure (an EXIF payload after "Exif\0\0"); 1 when absent or unreadable. */
export function tiffOrientation(tiff: Uint8Array): number {
  const order = ascii(tiff, 0, 2);
  if (order !== 'II' && order !== 'MM') return 1;
  const little = order === 'II';
  const r16 = (at: number) => (at + 2 <= tiff.length ? (little ? tiff[at]! | (tiff[at + 1]! << 8) : u16(tiff, at)) : -1);
  const r32 = (at: number) =>
    at + 4 <= tiff.length ? (little ? (tiff[at]! | (tiff[at + 1]! << 8) | (tiff[at + 2]! << 16) | (tiff[at + 3]! << 24)) >>> 0 : u32(tiff, at)) : -1;
  if (r16(2) !== 42) return 1;
  const ifd = r32(4);
  const count = r16(ifd);
  if (ifd < 8 || count < 0) return 1;
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (r16(entry) === ORIENTATION_TAG && r16(entry + 2) === 3) {
      const value = r16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** The EXIF orientation of a JPEG (1–8; 1 when it has none): how the stored pixels must turn to be upright. */
export function jpegOrientation(bytes: Uint8Array): number {
  for (const s of jpegSegments(bytes).segments) {
    if (s.marker === JPEG.SOS) break;
    if (isAppSegment(bytes, s, JPEG.APP1, EXIF_HEADER)) return tiffOrientation(payload(bytes, s).subarray(EXIF_HEADER.length));
  }
  return 1;
}

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

/**
 * The size of the stored pixels (before any orientation), from a JPEG's frame header or a PNG's IHDR; null when
 * the file does not say (another format, or unreadable).
 */
export function storedSize(bytes: Uint8Array): { width: number; height: number } | null {
  const format = sniffImage(bytes);
  if (format === 'png') {
    const ihdr = pngChunks(bytes).chunks[0];
    if (ihdr?.type !== 'IHDR' || ihdr.dataEnd - ihdr.dataStart < 8) return null;
    return { width: u32(bytes, ihdr.dataStart), height: u32(bytes, ihdr.dataStart + 4) };
  }
  if (format === 'jpeg') {
    for (const s of jpegSegments(bytes).segments) {
      if (SOF_MARKERS.has(s.marker) && s.end - s.start >= 9) return { height: u16(bytes, s.start + 5), width: u16(bytes, s.start + 7) };
    }
  }
  return null;
}

/**
 * The byte ranges of a JPEG without its EXIF (APP1 "Exif") segments, to decode the pixels as they are stored:
 * the browser then applies no orientation of its own, and the app turns the image itself (every browser alike).
 */
export function jpegRangesWithoutExif(bytes: Uint8Array): Array<[start: number, end: number]> {
  const ranges: Array<[number, number]> = [];
  let from = 0;
  for (const s of jpegSegments(bytes).segments) {
    if (s.marker === JPEG.SOS) break;
    if (isAppSegment(bytes, s, JPEG.APP1, EXIF_HEADER)) {
      if (s.start > from) ranges.push([from, s.start]);
      from = s.end;
    }
  }
  ranges.push([from, bytes.length]);
  return ranges;
}

// ---------------------------------------------------------------------------------------------------------------
// PNG

/** One chunk: `start` at its length field, `end` after its CRC; its data between `dataStart` and `dataEnd`. */
export type PngChunk = { type: string; start: number; end: number; dataStart: number; dataEnd: number };

/** The chunks of a PNG up to and including IEND; `complete` is false when the walk stopped early. */
export function pngChunks(bytes: Uint8Array): { chunks: PngChunk[]; complete: boolean } {
  const chunks: PngChunk[] = [];
  if (!startsWith(bytes, PNG_SIGNATURE)) return { chunks, complete: false };
  let at: number = PNG_SIGNATURE.length;
  while (at + 8 <= bytes.length) {
    const length = u32(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const end = at + 12 + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) break;
    chunks.push({ type, start: at, end, dataStart: at + 8, dataEnd: at + 8 + length });
    if (type === 'IEND') return { chunks, complete: true };
    at = end;
  }
  return { chunks, complete: false };
}

// ---------------------------------------------------------------------------------------------------------------
// Whole files

/** What a file's structure says of it, read without decoding a pixel. */
export type ImageHeader = {
  format: 'jpeg' | 'png';
  /** The pixel size the file declares (0 when it declares none). */
  width: number;
  height: number;
  /**
   * Whether the file is whole: a PNG's chunks run from IHDR through image data to IEND; a JPEG's segments from a frame
   * header through a scan to EOI. A cut-off upload or a header without pixels is not.
   */
  whole: boolean;
};

/** The header of a JPEG or PNG file; null for any other format. */
export function imageHeader(bytes: Uint8Array): ImageHeader | null {
  const format = sniffImage(bytes);
  if (format === 'png') {
    const { chunks, complete } = pngChunks(bytes);
    const size = storedSize(bytes);
    const whole = complete && chunks[0]?.type === 'IHDR' && chunks.some((c) => c.type === 'IDAT');
    return { format, width: size?.width ?? 0, height: size?.height ?? 0, whole };
  }
  if (format === 'jpeg') {
    const { segments, complete } = jpegSegments(bytes);
    const size = storedSize(bytes);
    const whole = complete && segments.some((s) => SOF_MARKERS.has(s.marker)) && segments.some((s) => s.marker === JPEG.SOS);
    return { format, width: size?.width ?? 0, height: size?.height ?? 0, whole };
  }
  return null;
}
