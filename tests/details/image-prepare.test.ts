/**
 * The preparation of a chosen image (src/actors/image-prepare-core.ts) on a recording surface: what is decoded
 * (a JPEG without its EXIF), the upright size at most 2000 px, the turn of each EXIF orientation, the JPEG
 * quality, and why a file is refused. The real decoding and encoding run in Chromium:
 * e2e/journeys/details-photos.spec.ts.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { preparedName } from '../../src/actors/details-files.ts';
import { JPEG_QUALITY, MAX_EDGE_PX, orientationTransform, prepareBytes, scaleFor, uprightSize, type Surface } from '../../src/actors/image-prepare-core.ts';
import { jpegOrientation, jpegSegments } from '#domain/image-bytes.ts';
import { cameraExif, SMALL_JPEG, withSegments } from '../fixtures/camera-exif.ts';
import { signaturePng } from '../fixtures/worker-data.ts';

/** SMALL_JPEG claiming another stored size in its frame header (the fake decoder never reads the pixels). */
function jpegOfSize(width: number, height: number, orientation = 1): Buffer {
  const bytes = Buffer.from(orientation === 1 ? SMALL_JPEG : withSegments(SMALL_JPEG, cameraExif(orientation)));
  const sof = jpegSegments(bytes).segments.find((s) => s.marker === 0xc0)!;
  bytes.writeUInt16BE(height, sof.start + 5);
  bytes.writeUInt16BE(width, sof.start + 7);
  return bytes;
}

function recordingSurface(decoded: { width: number; height: number } | 'fails', encoded: 'blob' | null = 'blob') {
  const log: { decodedBytes?: Uint8Array; canvas?: [number, number]; transform?: number[]; draw?: number[]; encode?: [string, number]; released: boolean } = {
    released: false,
  };
  const surface: Surface = {
    decode: async (blob) => {
      log.decodedBytes = new Uint8Array(await blob.arrayBuffer());
      if (decoded === 'fails') throw new Error('cannot decode');
      return { ...decoded, image: {} as CanvasImageSource, release: () => (log.released = true) };
    },
    canvas: (width, height) => {
      log.canvas = [width, height];
      const context = {
        fillStyle: '',
        imageSmoothingEnabled: false,
        imageSmoothingQuality: 'low' as ImageSmoothingQuality,
        fillRect: () => {},
        setTransform: (...t: number[]) => (log.transform = t),
        drawImage: (_: unknown, ...args: number[]) => (log.draw = args),
      };
      return {
        context: context as never,
        encode: async (type, quality) => ((log.encode = [type, quality]), encoded ? new Blob(['prepared'], { type }) : null),
      };
    },
  };
  return { surface, log };
}

const buffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

describe('prepareBytes', () => {
  it('a 4000×3000 camera photo turned by EXIF 6 becomes an upright 1500×2000 JPEG of quality 0.85, decoded without its EXIF', async () => {
    const { surface, log } = recordingSurface({ width: 4000, height: 3000 });
    const outcome = await prepareBytes(buffer(jpegOfSize(4000, 3000, 6)), surface);
    expect(outcome).toMatchObject({ ok: true, width: 1500, height: 2000 });
    expect(jpegOrientation(log.decodedBytes!)).toBe(1);
    expect(Buffer.from(log.decodedBytes!).includes(Buffer.from('Exif'))).toBe(false);
    expect(log.canvas).toEqual([1500, 2000]);
    expect(log.transform).toEqual(orientationTransform(6, 2000, 1500));
    expect(log.draw).toEqual([0, 0, 2000, 1500]);
    expect(log.encode).toEqual(['image/jpeg', JPEG_QUALITY]);
    expect(log.released).toBe(true);
  });

  it('never enlarges a small image, and keeps a PNG upright as it is', async () => {
    const { surface, log } = recordingSurface({ width: 24, height: 8 });
    expect(await prepareBytes(buffer(signaturePng(24, 8)), surface)).toMatchObject({ ok: true, width: 24, height: 8 });
    expect(log.transform).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it.each([
    ['a PDF named .jpg', Buffer.from('%PDF-1.7 …'), { width: 10, height: 10 }, 'type'],
    ['a GIF', Buffer.from('GIF89a……'), { width: 10, height: 10 }, 'type'],
    ['a broken JPEG', Buffer.concat([SMALL_JPEG.subarray(0, 200), Buffer.alloc(50, 7)]), 'fails', 'unreadable'],
    ['a HEIC this browser cannot decode', Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic'), 'fails', 'heic'],
    ['an image of 20000×10000 px (before decoding)', jpegOfSize(20000, 10000), { width: 20000, height: 10000 }, 'tooLarge'],
  ] as const)('refuses %s (%s)', async (_, bytes, decoded, reason) => {
    const { surface, log } = recordingSurface(decoded);
    expect(await prepareBytes(buffer(bytes), surface)).toEqual({ ok: false, reason });
    expect(log.canvas).toBeUndefined();
  });

  it('says unreadable when the browser cannot encode', async () => {
    const { surface } = recordingSurface({ width: 100, height: 100 }, null);
    expect(await prepareBytes(buffer(SMALL_JPEG), surface)).toEqual({ ok: false, reason: 'unreadable' });
  });
});

describe('the geometry', () => {
  it('scales the long edge to 2000 px at most', () => {
    expect(MAX_EDGE_PX).toBe(2000);
    expect(scaleFor(4000, 3000)).toBe(0.5);
    expect(scaleFor(3000, 4000)).toBe(0.5);
    expect(scaleFor(1200, 900)).toBe(1);
    expect(uprightSize(2000, 1500, 6)).toEqual({ width: 1500, height: 2000 });
    expect(uprightSize(2000, 1500, 3)).toEqual({ width: 2000, height: 1500 });
  });

  // Where each corner of the stored image lands (TL, TR, BR, BL of the upright canvas), per EXIF orientation.
  const corners = { TL: [0, 0], TR: [1, 0], BR: [1, 1], BL: [0, 1] } as const;
  it.each([
    [1, ['TL', 'TR', 'BR', 'BL']],
    [2, ['TR', 'TL', 'BL', 'BR']],
    [3, ['BR', 'BL', 'TL', 'TR']],
    [4, ['BL', 'BR', 'TR', 'TL']],
    [5, ['TL', 'BL', 'BR', 'TR']],
    [6, ['TR', 'BR', 'BL', 'TL']],
    [7, ['BR', 'TR', 'TL', 'BL']],
    [8, ['BL', 'TL', 'TR', 'BR']],
  ] as const)('orientation %i puts the stored corners TL, TR, BR, BL at %j', (orientation, expected) => {
    const [w, h] = [40, 30];
    const [a, b, c, d, e, f] = orientationTransform(orientation, w, h);
    const out = uprightSize(w, h, orientation);
    const landed = (Object.values(corners) as ReadonlyArray<readonly [number, number]>).map(([cx, cy]) => {
      const [x, y] = [cx * w, cy * h];
      const [ox, oy] = [a * x + c * y + e, b * x + d * y + f];
      return (Object.entries(corners).find(([, [u, v]]) => u * out.width === ox && v * out.height === oy) ?? ['?'])[0];
    });
    expect(landed).toEqual(expected);
  });

  it('names the prepared file after the chosen one', () => {
    expect(preparedName('IMG_0042.HEIC')).toBe('IMG_0042.jpg');
    expect(preparedName('scan.id.png')).toBe('scan.id.jpg');
    expect(preparedName('image:1000012345')).toBe('image:1000012345.jpg');
    expect(preparedName('.jpg')).toBe('image.jpg');
  });
});
