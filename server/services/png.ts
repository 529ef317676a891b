/**
 * A minimal PNG encoder (8-bit greyscale), for the demo signature and the demo ID pictures of the seed.
 */
import { crc32, deflateSync } from 'node:zlib';
import { PNG_SIGNATURE } from '#domain/image-bytes.ts';

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const SIGNATURE = Buffer.from(PNG_SIGNATURE);

/**
 * An 8-bit PNG file from its scanlines (`raw`: each row a filter byte, then its samples): colour type 0 is
 * greyscale, 6 RGBA. Also used by the build for the app's icons (scripts/prerender/icons.ts).
 */
export function pngFile(width: number, height: number, colourType: 0 | 6, raw: Uint8Array, level = 6): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = colourType;
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level })), chunk('IEND', new Uint8Array(0))]);
}

/** A greyscale image where `ink(x, y)` says which pixels are dark. */
export function greyPng(width: number, height: number, ink: (x: number, y: number) => boolean): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = ink(x, y) ? 20 : 255;
  }
  return pngFile(width, height, 0, raw);
}

/** A wavy stroke, as a data URL: the demo accounts' drawn signature. */
export function demoSignatureDataUrl(): string {
  const png = greyPng(300, 100, (x, y) => Math.abs(y - (50 + 25 * Math.sin(x / 18))) < 3 && x > 20 && x < 280);
  return `data:image/png;base64,${png.toString('base64')}`;
}
