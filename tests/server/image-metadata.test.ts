// What the server keeps of an uploaded image (server/services/image-metadata.ts): the pixels and what decoding
// needs; no EXIF, XMP, GPS, comments, text chunks or appended pictures.
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { JPEG, jpegOrientation, jpegSegments, pngChunks } from '#domain/image-bytes.ts';
import { orientationOnlyExif, stripImageMetadata } from '../../server/services/image-metadata.ts';
import { cameraExif, cameraJpeg, leaks, pngWithMetadata, segment, SMALL_JPEG, withSegments } from '../fixtures/camera-exif.ts';
import { signaturePng } from '../fixtures/worker-data.ts';

/** The first bytes of a JPEG and of a PNG, cut short: what stripping does with a file that ends early. */
const TINY_JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
const TINY_PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

const markers = (bytes: Uint8Array) => jpegSegments(bytes).segments.map((s) => s.marker);

describe('stripImageMetadata: JPEG', () => {
  it('drops EXIF (GPS included), XMP, IPTC, comments and the pictures appended after the end', () => {
    const photo = cameraJpeg(6);
    expect(leaks(photo)).not.toEqual([]);
    const stored = stripImageMetadata(photo);
    expect(leaks(stored)).toEqual([]);
    expect(markers(stored)).not.toContain(JPEG.COM);
    expect(markers(stored)).not.toContain(0xed);
    expect(jpegSegments(stored)).toMatchObject({ complete: true, end: stored.length });
  });

  it('keeps the pixels and what decoding needs: JFIF, the ICC profile, every coding segment, byte for byte', () => {
    const stored = stripImageMetadata(cameraJpeg(1));
    expect(Buffer.from(stored).equals(SMALL_JPEG)).toBe(true);
    expect(Buffer.from(stripImageMetadata(SMALL_JPEG)).equals(SMALL_JPEG)).toBe(true);
  });

  it('writes the orientation again, alone, so that the stored photo still shows upright', () => {
    const stored = stripImageMetadata(cameraJpeg(6));
    expect(jpegOrientation(stored)).toBe(6);
    const app1 = jpegSegments(stored).segments.filter((s) => s.marker === JPEG.APP1);
    expect(app1).toHaveLength(1);
    expect(Buffer.from(stored.subarray(app1[0]!.start, app1[0]!.end)).equals(Buffer.from(orientationOnlyExif(6)))).toBe(true);
    expect(markers(stored).slice(0, 3)).toEqual([JPEG.APP0, JPEG.APP1, JPEG.APP2]);
    // Without JFIF, the block comes right after SOI.
    const noJfif = Buffer.concat([SMALL_JPEG.subarray(0, 2), cameraExif(8), SMALL_JPEG.subarray(20)]);
    expect(markers(stripImageMetadata(noJfif))[0]).toBe(JPEG.APP1);
    expect(jpegOrientation(stripImageMetadata(noJfif))).toBe(8);
  });

  it('drops a JFIF thumbnail, other APP2 data (MPF) and unknown APPn', () => {
    const jfifWithThumb = segment(0xe0, Buffer.concat([Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01', 'latin1'), Buffer.from([1, 1, 9, 9, 9])]));
    const photo = withSegments(
      SMALL_JPEG.subarray(0, 2),
      jfifWithThumb,
      segment(0xe2, 'MPF\0data'),
      segment(0xe9, 'vendor'),
      Buffer.from(SMALL_JPEG.subarray(20)),
    );
    const stored = stripImageMetadata(photo);
    expect(markers(stored).filter((m) => m >= 0xe0 && m <= 0xef)).toEqual([JPEG.APP2]);
    expect(Buffer.from(stored).includes(Buffer.from('MPF'))).toBe(false);
  });

  it('never throws and never leaks on truncated or odd files; is idempotent', () => {
    const photo = cameraJpeg(6);
    for (let cut = 2; cut < photo.length; cut += 13) {
      const stored = stripImageMetadata(photo.subarray(0, cut));
      expect(leaks(stored)).toEqual([]);
      expect(Buffer.from(stripImageMetadata(stored)).equals(Buffer.from(stored))).toBe(true);
    }
    expect(Array.from(stripImageMetadata(TINY_JPEG))).toEqual([0xff, 0xd8]);
    expect(Buffer.from(stripImageMetadata(Buffer.from('GIF89a'))).toString()).toBe('GIF89a');
  });
});

describe('stripImageMetadata: PNG', () => {
  it('drops text and eXIf chunks, keeps the image chunks byte for byte', () => {
    const photo = pngWithMetadata();
    expect(leaks(photo)).not.toEqual([]);
    const stored = stripImageMetadata(photo);
    expect(leaks(stored)).toEqual([]);
    expect(Buffer.from(stored).equals(signaturePng())).toBe(true);
  });

  it('keeps what changes how the pixels look, drops private and time chunks, and everything after IEND', () => {
    const png = signaturePng();
    const chunk = (type: string, data = 'x') => Buffer.concat([Buffer.from([0, 0, 0, data.length]), Buffer.from(type + data, 'latin1'), Buffer.alloc(4)]);
    const ihdrEnd = 33;
    const rich = Buffer.concat([
      png.subarray(0, ihdrEnd),
      chunk('gAMA', 'abcd'),
      chunk('pHYs', '123456789'),
      chunk('tIME', '1234567'),
      chunk('prVt'),
      png.subarray(ihdrEnd),
      Buffer.from('trailing'),
    ]);
    expect(pngChunks(stripImageMetadata(rich)).chunks.map((c) => c.type)).toEqual(['IHDR', 'gAMA', 'pHYs', 'IDAT', 'IEND']);
    expect(Array.from(stripImageMetadata(TINY_PNG))).toEqual(Array.from(TINY_PNG.subarray(0, 8)));
  });
});
