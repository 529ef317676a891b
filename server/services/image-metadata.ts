/**
 * What the server stores of an uploaded image: its pixels and what decoding them needs, nothing the camera or an
 * editor wrote about it (GPS position, date, device, owner, thumbnails, comments). The portal's own pages send
 * photos already re-encoded without any of it (docs/decisions/120-image-pipeline.md); this is for every other
 * client. Pure: bytes in, bytes out; no decoding, no native dependency.
 *
 * - JPEG: keeps the coding segments (tables, frame, scans, restart markers), JFIF without a thumbnail, the ICC
 *   colour profile (APP2 "ICC_PROFILE") and Adobe's colour transform (APP14), which decoders need to show the
 *   right colours. Drops EXIF and XMP (APP1), every other APPn (MPF, IPTC, maker data), comments, and anything
 *   after the end of the image (the extra pictures some phones append). An EXIF orientation other than 1 is
 *   written again as a new EXIF block holding that one tag, so that the image still shows upright.
 * - PNG: keeps the critical chunks and those that change how pixels look (transparency, gamma, colour profile,
 *   pixel density, animation); drops text (tEXt, zTXt, iTXt), eXIf, tIME and any private chunk.
 * - A truncated tail that is not image data is dropped; other bytes are answered as they came (the route has
 *   already refused anything that is not a JPEG or PNG).
 */
import { JPEG, isAppSegment, jpegOrientation, jpegSegments, pngChunks, PNG_SIGNATURE, sniffImage } from '#domain/image-bytes.ts';

const KEPT_PNG_CHUNKS = new Set([
  'IHDR',
  'PLTE',
  'IDAT',
  'IEND',
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCv',
  'cLLi',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** An APP1 segment holding only an EXIF Orientation tag (big-endian TIFF, one IFD with one entry). */
export function orientationOnlyExif(orientation: number): Uint8Array {
  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation & 0xff, 0, 0, 0, 0, 0, 0];
  const length = 2 + exif.length + tiff.length;
  return Uint8Array.from([0xff, JPEG.APP1, length >> 8, length & 0xff, ...exif, ...tiff]);
}

function keepJpegSegment(bytes: Uint8Array, s: { marker: number; start: number; end: number }): boolean {
  const { marker } = s;
  if (marker === JPEG.COM) return false;
  if (marker === JPEG.APP0) return isAppSegment(bytes, s, marker, 'JFIF\0') && bytes[s.start + 16] === 0 && bytes[s.start + 17] === 0;
  if (marker === JPEG.APP2) return isAppSegment(bytes, s, marker, 'ICC_PROFILE\0');
  if (marker === JPEG.APP14) return isAppSegment(bytes, s, marker, 'Adobe');
  return marker < 0xe0 || marker > 0xef;
}

function stripJpeg(bytes: Uint8Array): Uint8Array {
  const orientation = jpegOrientation(bytes);
  const { segments } = jpegSegments(bytes);
  const kept = segments.filter((s) => keepJpegSegment(bytes, s));
  const exif = orientation === 1 ? [] : [orientationOnlyExif(orientation)];
  // The new EXIF block goes after JFIF when there is one (JFIF wants to come first), else right after SOI.
  const jfif = kept[0]?.marker === JPEG.APP0 ? 1 : 0;
  const parts = kept.map((s) => bytes.subarray(s.start, s.end));
  return concat([bytes.subarray(0, 2), ...parts.slice(0, jfif), ...exif, ...parts.slice(jfif)]);
}

function stripPng(bytes: Uint8Array): Uint8Array {
  const { chunks } = pngChunks(bytes);
  return concat([Uint8Array.from(PNG_SIGNATURE), ...chunks.filter((c) => KEPT_PNG_CHUNKS.has(c.type)).map((c) => bytes.subarray(c.start, c.end))]);
}

/** The image without its metadata (see above); bytes of any other kind are answered unchanged. */
export function stripImageMetadata(bytes: Uint8Array): Uint8Array {
  const format = sniffImage(bytes);
  if (format === 'jpeg') return stripJpeg(bytes);
  if (format === 'png') return stripPng(bytes);
  return bytes;
}
