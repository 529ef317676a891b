/**
 * A phone camera's photo for the browser tests and the bench, made without any image library: Chromium draws a
 * 4000×3000 picture of an ID card on a table (with sensor-like noise, so that it weighs what a 12 MP photo weighs:
 * about 5 MB as a JPEG of quality 0.95), with a red square in the top-left corner of its stored pixels; Node then
 * writes the camera's EXIF into it by hand (orientation 6: the phone was held upright, so the stored pixels lie on
 * their side; make, model, date and a GPS position: tests/fixtures/camera-exif.ts).
 *
 * Also: the file part of a multipart body as the browser sent it, and the pixels of a JPEG as Chromium decodes it.
 */
import { Buffer } from 'node:buffer';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { cameraExif, withSegments } from '../../tests/fixtures/camera-exif.ts';

export const PHOTO = { width: 4000, height: 3000, marker: 400, noise: 28, quality: 0.95 } as const;

/** The camera's photo (stored 4000×3000 landscape, EXIF orientation 6, GPS), written to `dir`. */
export async function cameraPhoto(page: Page, dir: string, name = 'IMG_0042.jpg'): Promise<{ path: string; bytes: Buffer }> {
  const dataUrl = await page.evaluate(async ({ width, height, marker, noise, quality }) => {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const g = canvas.getContext('2d')!;
    const table = g.createLinearGradient(0, 0, width, height);
    table.addColorStop(0, '#6f8fb0');
    table.addColorStop(1, '#d8c6a0');
    g.fillStyle = table;
    g.fillRect(0, 0, width, height);
    g.fillStyle = '#f4f1ea';
    g.fillRect(600, 500, 2800, 2000);
    g.fillStyle = '#1b3b6f';
    g.font = 'bold 160px sans-serif';
    g.fillText('CARTE D IDENTITE', 800, 900);
    g.fillRect(800, 1100, 700, 900);
    // The marker: where the stored pixels start. Upright (orientation 6 applied) it must be the top-right corner.
    g.fillStyle = '#d00000';
    g.fillRect(0, 0, marker, marker);
    // Sensor noise, the same in every run (a fixed seed): what makes a camera JPEG weigh megabytes.
    const image = g.getImageData(0, 0, width, height);
    const px = image.data;
    let seed = 12345;
    for (let i = 0; i < px.length; i += 4) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const n = (seed / 0x7fffffff - 0.5) * noise;
      px[i] = px[i]! + n;
      px[i + 1] = px[i + 1]! + n;
      px[i + 2] = px[i + 2]! + n;
    }
    g.putImageData(image, 0, 0);
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', quality));
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsDataURL(blob);
    });
  }, PHOTO);
  const encoded = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const bytes = withSegments(encoded, cameraExif(6));
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, bytes);
  return { path, bytes };
}

/** A file that starts like a JPEG and then is noise: no browser can decode it. */
export function brokenJpeg(): Buffer {
  const noise = Buffer.alloc(4000);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + 13) % 251;
  return Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x00]), noise]);
}

/** The `upload` part of a multipart request as the browser sent it: its bytes, file name and type. */
export function uploadedPart(request: Request): { bytes: Buffer; filename: string; type: string } {
  const body = request.postDataBuffer();
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers()['content-type'] ?? '');
  if (!body || !boundary) throw new Error('not a multipart request');
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const start = body.indexOf(delimiter) + delimiter.length;
  const end = body.indexOf(delimiter, start);
  const part = body.subarray(start, end);
  const headerEnd = part.indexOf('\r\n\r\n');
  const headers = part.subarray(0, headerEnd).toString('latin1');
  if (!/name="upload"/.test(headers)) throw new Error(`an unexpected part: ${headers}`);
  return {
    bytes: part.subarray(headerEnd + 4, part.length - 2), // the part ends with CRLF before the next delimiter
    filename: /filename="([^"]*)"/.exec(headers)?.[1] ?? '',
    type: /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? '',
  };
}

/** How Chromium decodes `bytes`: its size and the colour at each point ([x, y] in decoded pixels). */
export function decodedPixels(page: Page, bytes: Buffer, points: Array<[number, number]>) {
  return page.evaluate(
    async ({ base64, points }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([data], { type: 'image/jpeg' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const g = canvas.getContext('2d')!;
      g.drawImage(bitmap, 0, 0);
      const colours = points.map(([x, y]) => Array.from(g.getImageData(x, y, 1, 1).data.subarray(0, 3)));
      return { width: bitmap.width, height: bitmap.height, colours };
    },
    { base64: bytes.toString('base64'), points },
  );
}

/** Red as the marker is red (the noise and JPEG move it a little). */
export const isRed = ([r, g, b]: number[]) => r! > 150 && g! < 90 && b! < 90;
