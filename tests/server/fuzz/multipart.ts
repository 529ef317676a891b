/**
 * Malformed multipart bodies for the wizard's step saves and the image uploads: unknown or repeated keys, files
 * where text belongs and text where a file belongs, NULs, bytes that are not UTF-8, images that are not images, oversized files, broken
 * framing and wrong content types. `multipartIsCertainlyBad` judges a body independently of the server, by
 * parsing it the way any fetch implementation would.
 */
import fc from 'fast-check';
import { UPLOAD_MAX_BYTES } from '#domain/constants.ts';
import type { RawBody } from './bodies.ts';
import { deref, type Schema } from './schemas.ts';
import { oddString } from './values.ts';

type Part = { name: string; value: string | Uint8Array; filename?: string; type?: string };
const encoder = new TextEncoder();
const BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

export function encodeParts(parts: Part[], boundary = BOUNDARY): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name.replace(/"/g, '%22')}"${p.filename !== undefined ? `; filename="${p.filename.replace(/"/g, '%22')}"` : ''}`;
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.value === 'string' ? encoder.encode(p.value) : p.value, encoder.encode('\r\n'));
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
const multipart = (fault: string, parts: Part[]): RawBody => ({ fault, bytes: encodeParts(parts), contentType: `multipart/form-data; boundary=${BOUNDARY}` });

/** Faults every multipart operation shares: framing and content type. */
function framingFaults(good: fc.Arbitrary<Part[]>): fc.Arbitrary<RawBody> {
  return fc.oneof(
    fc.tuple(good, fc.nat()).map(([parts, cut]): RawBody => {
      const bytes = encodeParts(parts);
      return {
        fault: 'truncated multipart',
        bytes: bytes.slice(0, cut % Math.max(1, bytes.length - 4)),
        contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      };
    }),
    good.map(
      (parts): RawBody => ({ fault: 'another boundary', bytes: encodeParts(parts, 'otherBoundary'), contentType: `multipart/form-data; boundary=${BOUNDARY}` }),
    ),
    fc
      .tuple(good, fc.constantFrom(null, 'multipart/form-data', 'application/json', 'text/plain', 'application/octet-stream', 'multipart/mixed; boundary=x'))
      .map(([parts, contentType]): RawBody => ({ fault: `content type ${contentType}`, bytes: encodeParts(parts), contentType })),
    fc
      .constantFrom('', 'garbage', '--x\r\n\r\n', `--${BOUNDARY}\r\n\r\n`)
      .map((t): RawBody => ({ fault: 'garbage multipart', bytes: encoder.encode(t), contentType: `multipart/form-data; boundary=${BOUNDARY}` })),
  );
}

/** Step saves: flat bracket keys of the step schemas (any step: a key of another step is also a fault). */
export function badStepBody(stepSchemas: Schema[]): fc.Arbitrary<RawBody> {
  const keys = [...new Set(stepSchemas.flatMap((s) => Object.keys(deref(s).properties ?? {})))];
  const text = fc.oneof(
    fc.string({ maxLength: 20 }),
    oddString.filter((v) => !/[\ud800-\udfff]/u.test(v)),
  );
  const good = fc.array(fc.tuple(fc.constantFrom(...keys), text), { maxLength: 6 }).map((entries) => entries.map(([name, value]) => ({ name, value })));
  return fc.oneof(
    fc
      .tuple(good, fc.constantFrom('zz', 'images[idFront]', 'statute ', '__proto__', '[]', 'a[b][c][d]'), text)
      .map(([parts, name, value]) => multipart(`unknown key ${name}`, [...parts, { name, value }])),
    fc
      .tuple(good, fc.constantFrom(...keys))
      .map(([parts, name]) => multipart(`file in ${name}`, [...parts, { name, value: Uint8Array.from(PNG_MAGIC), filename: 'x.png', type: 'image/png' }])),
    fc
      .tuple(good, fc.constantFrom(...keys.filter((k) => !k.endsWith('[]'))), text)
      .map(([parts, name, value]) => multipart(`NUL in ${name}`, [...parts, { name, value: `${value}\u0000` }])),
    // The rule of JSON bodies (decision 080): a CESU-8 surrogate, Latin-1 é, an overlong NUL, a stray continuation byte.
    fc
      .tuple(good, fc.constantFrom(...keys.filter((k) => !k.endsWith('[]'))), fc.constantFrom([0xed, 0xa0, 0x80], [0xe9], [0xc0, 0x80], [0x80]))
      .map(([parts, name, bytes]) =>
        multipart(`bytes not UTF-8 in ${name}`, [...parts.filter((p) => p.name !== name), { name, value: Uint8Array.from([0x61, ...bytes, 0x62]) }]),
      ),
    fc
      .tuple(good, fc.constantFrom(...keys.filter((k) => !k.endsWith('[]'))))
      .map(([parts, name]) => multipart(`${name} twice`, [...parts, { name, value: 'a' }, { name, value: 'b' }])),
    fc.integer({ min: 65 * 1024, max: 1024 * 1024 }).map((n) => multipart('huge body', [{ name: 'zz', value: 'x'.repeat(n) }])),
    framingFaults(good),
  );
}

const oversized = new Uint8Array(UPLOAD_MAX_BYTES + 1);
oversized.set(PNG_MAGIC);

/** Uploads: everything but one image file named `field` (`upload`; an absence certificate's `certificate`) of at most UPLOAD_MAX_BYTES. */
export function badUploadBody(field = 'upload'): fc.Arbitrary<RawBody> {
  const image = fc.uint8Array({ minLength: 0, maxLength: 64 }).map((tail) => Uint8Array.from([...PNG_MAGIC, ...tail]));
  const good = image.map((value): Part[] => [{ name: field, value, filename: 'photo.png', type: 'image/png' }]);
  const file = (value: Uint8Array, name = field): Part => ({ name, value, filename: 'photo.png', type: 'image/png' });
  return fc.oneof(
    fc.constant(multipart('no upload', [])),
    image.map((v) => multipart('upload under another name', [file(v, 'file')])),
    fc.string({ maxLength: 30 }).map((v) => multipart('upload as text', [{ name: field, value: v }])),
    fc.tuple(image, image).map(([a, b]) => multipart('two uploads', [file(a), file(b)])),
    fc.tuple(image, fc.string({ maxLength: 10 })).map(([v, extra]) => multipart('extra key', [file(v), { name: 'comment', value: extra }])),
    fc
      .uint8Array({ maxLength: 64 })
      .filter((b) => !startsWith(b, PNG_MAGIC) && !startsWith(b, JPEG_MAGIC))
      .map((v) => multipart('not an image', [file(v)])),
    fc.constant(multipart('too large', [file(oversized)])),
    framingFaults(good),
  );
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const isUtf8 = (bytes: Uint8Array) => {
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
};
const startsWith = (bytes: Uint8Array, magic: number[]) => magic.every((b, i) => bytes[i] === b);

/** Is the body refused whatever the server does right? Parses it as fetch does, then applies the contract's rules. */
export async function multipartIsCertainlyBad(body: RawBody, accepts: { stepKeys?: string[]; upload?: string }): Promise<boolean> {
  if (!body.contentType || !/^multipart\/form-data\s*;/i.test(body.contentType)) return true;
  let form: FormData;
  try {
    form = await new Response(body.bytes, { headers: { 'content-type': body.contentType } }).formData();
  } catch {
    return true;
  }
  const entries = [...form.entries()];
  if (accepts.upload) {
    if (entries.length !== 1 || entries[0]![0] !== accepts.upload || typeof entries[0]![1] === 'string') return true;
    const bytes = new Uint8Array(await (entries[0]![1] as File).arrayBuffer());
    return bytes.length > UPLOAD_MAX_BYTES || (!startsWith(bytes, PNG_MAGIC) && !startsWith(bytes, JPEG_MAGIC));
  }
  const seen = new Set<string>();
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || value.includes('\u0000') || !accepts.stepKeys!.includes(key)) return true;
    if (!key.endsWith('[]') && seen.has(key)) return true;
    seen.add(key);
  }
  // Every part is text here: bytes that are not UTF-8 anywhere in the body are in a text field.
  return body.bytes.length > 64 * 1024 || !isUtf8(body.bytes);
}
