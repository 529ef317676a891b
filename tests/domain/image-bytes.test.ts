// The byte-level reading of image files (domain/image-bytes.ts): formats by their first bytes, JPEG segments,
// the EXIF orientation, the stored size, and the ranges a browser decodes without the camera's orientation.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { JPEG, jpegOrientation, jpegRangesWithoutExif, jpegSegments, pngChunks, sniffImage, storedSize, tiffOrientation } from '#domain/image-bytes.ts';
import { cameraExif, cameraJpeg, pngWithMetadata, SMALL_JPEG, withSegments } from '../fixtures/camera-exif.ts';
import { signaturePng } from '../fixtures/worker-data.ts';

const ftyp = (...brands: string[]) => {
  const box = Buffer.alloc(8 + brands.length * 4 + 4);
  box.writeUInt32BE(box.length, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(brands[0]!, 8, 'latin1');
  brands.slice(1).forEach((b, i) => box.write(b, 16 + i * 4, 'latin1'));
  return box;
};

describe('sniffImage', () => {
  it.each([
    ['a JPEG', SMALL_JPEG, 'jpeg'],
    ['a PNG', signaturePng(), 'png'],
    ['a GIF', Buffer.from('GIF89a……'), 'gif'],
    ['a WebP', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]), 'webp'],
    ['an iPhone HEIC', ftyp('heic', 'mif1', 'heic'), 'heic'],
    ['a HEIF of another brand', ftyp('mif1', 'miaf'), 'heic'],
    ['an AVIF', ftyp('avif', 'mif1', 'miaf'), 'avif'],
    ['a PDF', Buffer.from('%PDF-1.7'), null],
    ['nothing', Buffer.alloc(0), null],
  ])('%s → %s', (_, bytes, format) => expect(sniffImage(bytes)).toBe(format));
});

describe('JPEG segments', () => {
  it('walks a real JPEG from its first segment to EOI, the scan included', () => {
    const { segments, complete, end } = jpegSegments(SMALL_JPEG);
    expect(complete).toBe(true);
    expect(end).toBe(SMALL_JPEG.length);
    expect(segments.map((s) => s.marker.toString(16))).toEqual(['e0', 'e2', 'db', 'db', 'c0', 'c4', 'c4', 'c4', 'c4', 'da', 'd9']);
    // Segments follow each other without gaps.
    segments.slice(1).forEach((s, i) => expect(s.start).toBe(segments[i]!.end));
  });

  it('stops early, without throwing, on a truncated or broken file', () => {
    for (let cut = 0; cut < SMALL_JPEG.length; cut += 7) {
      const { complete, end } = jpegSegments(SMALL_JPEG.subarray(0, cut));
      expect(complete).toBe(false);
      expect(end).toBeLessThanOrEqual(cut);
    }
    expect(jpegSegments(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1])).segments).toEqual([]);
    expect(jpegSegments(Buffer.from('not a jpeg')).segments).toEqual([]);
  });

  it('reads the EXIF orientation, little- or big-endian; 1 when there is none', () => {
    expect(jpegOrientation(cameraJpeg(6))).toBe(6);
    expect(jpegOrientation(withSegments(SMALL_JPEG, cameraExif(3)))).toBe(3);
    expect(jpegOrientation(SMALL_JPEG)).toBe(1);
    const bigEndian = Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0, 0, 0]);
    expect(tiffOrientation(bigEndian)).toBe(8);
    expect(tiffOrientation(bigEndian.subarray(0, 20))).toBe(1);
    expect(tiffOrientation(Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 9, 0, 0]))).toBe(1);
  });

  it('gives the stored size (before orientation) of a JPEG and a PNG', () => {
    expect(storedSize(cameraJpeg(6))).toEqual({ width: 16, height: 12 });
    expect(storedSize(signaturePng(24, 8))).toEqual({ width: 24, height: 8 });
    expect(storedSize(Buffer.from('GIF89a'))).toBeNull();
  });

  it('leaves out only the EXIF segments for decoding (everything after the first scan is untouched)', () => {
    const photo = cameraJpeg(6);
    const kept = Buffer.concat(jpegRangesWithoutExif(photo).map(([a, b]) => photo.subarray(a, b)));
    expect(jpegOrientation(kept)).toBe(1);
    expect(kept.length).toBe(photo.length - cameraExif(6).length);
    expect(jpegRangesWithoutExif(SMALL_JPEG)).toEqual([[0, SMALL_JPEG.length]]);
    expect(jpegSegments(kept).segments.some((s) => s.marker === JPEG.APP1)).toBe(true); // the XMP stays (no orientation in it)
  });
});

describe('PNG chunks', () => {
  it('walks the chunks to IEND, and stops on a truncated one', () => {
    expect(pngChunks(pngWithMetadata()).chunks.map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'eXIf', 'IDAT', 'IEND']);
    const png = signaturePng();
    expect(pngChunks(png.subarray(0, png.length - 3))).toMatchObject({ complete: false });
    expect(pngChunks(png.subarray(0, 16)).chunks).toEqual([]);
  });
});
