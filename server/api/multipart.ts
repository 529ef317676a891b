/**
 * The one reading of a multipart/form-data body (the personal file's steps and uploads, the absence reports): 415
 * unless the body says it is multipart, 400 when its framing is broken, and the rule of JSON bodies for its text
 * (docs/decisions/080-generated-bad-input.md): bytes that are not UTF-8 are refused, never replaced. The form parser
 * of fetch decodes a text field with U+FFFD in place of bytes that are not UTF-8 (`61 ED A0 80 62` becomes
 * "a\uFFFD\uFFFD\uFFFDb", Latin-1 `caf\xE9` "caf\uFFFD"), so a field whose text holds U+FFFD is read again from its
 * own bytes, strictly: not UTF-8, it is a 400 that names the field, and nothing is stored. A U+FFFD the client really
 * sent (its three bytes EF BF BD) stays, as in JSON. A field's name with U+FFFD is a 400: no field of ours has one.
 */
import { ApiFailure, badRequest } from './errors.ts';
import type { AnyRequest } from './operation.ts';

const REPLACEMENT = '\uFFFD';
/** The field's message (a key of messages/*.json the server alone sends: the portal's own forms send UTF-8). */
const NOT_UTF8 = 'validation_textNotUtf8';
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

export async function readMultipart(req: AnyRequest): Promise<FormData> {
  const type = req.c.req.header('Content-Type') ?? '';
  if (!/^multipart\/form-data\s*;/i.test(type)) throw new ApiFailure(415, 'unsupported_media_type');
  let bytes: Uint8Array<ArrayBuffer>;
  let form: FormData;
  try {
    bytes = new Uint8Array(await req.c.req.arrayBuffer());
    form = await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
  } catch (error) {
    if (error instanceof ApiFailure) throw error;
    throw badRequest();
  }
  const suspects = new Set<string>();
  for (const [name, value] of form.entries()) {
    if (name.includes(REPLACEMENT)) throw badRequest();
    if (typeof value === 'string' && value.includes(REPLACEMENT)) suspects.add(name);
  }
  if (suspects.size === 0) return form;
  const boundary = boundaryOf(type);
  const refused = boundary ? textFieldsNotUtf8(bytes, boundary, suspects) : [...suspects];
  if (refused.length > 0)
    throw new ApiFailure(
      400,
      'bad_request',
      refused.map((path) => ({ path, key: NOT_UTF8 })),
    );
  return form;
}

/** The boundary parameter of a multipart media type (quoted or not). */
function boundaryOf(type: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(type);
  return match?.[1] ?? match?.[2] ?? null;
}

const indexOf = (bytes: Uint8Array, needle: Uint8Array, from: number): number =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).indexOf(needle, from);

/**
 * The names among `names` of the text fields (parts without a filename) whose bytes are not UTF-8. The parser of fetch
 * has accepted the framing already; a suspect this walk cannot find is refused as well, since its text cannot be
 * shown to be what the client sent.
 */
function textFieldsNotUtf8(bytes: Uint8Array, boundary: string, names: ReadonlySet<string>): string[] {
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const found = new Set<string>();
  const refused = new Set<string>();
  let at = indexOf(bytes, delimiter, 0);
  while (at >= 0) {
    const start = at + delimiter.length;
    if (bytes[start] === 0x2d && bytes[start + 1] === 0x2d) break; // the closing delimiter
    const next = indexOf(bytes, delimiter, start);
    if (next < 0) break;
    const part = bytes.subarray(start, next - 2); // without the CRLF before the next delimiter
    const headerEnd = indexOf(part, new Uint8Array([13, 10, 13, 10]), 0);
    if (headerEnd >= 0) {
      const headers = latin1.decode(part.subarray(0, headerEnd));
      const disposition = /^content-disposition:\s*form-data(.*)$/im.exec(headers)?.[1] ?? '';
      const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1];
      if (name !== undefined && !/;\s*filename\*?=/i.test(disposition)) {
        const key = new TextDecoder().decode(Buffer.from(name, 'latin1'));
        if (names.has(key)) {
          found.add(key);
          try {
            strictUtf8.decode(part.subarray(headerEnd + 4));
          } catch {
            refused.add(key);
          }
        }
      }
    }
    at = next;
  }
  for (const name of names) if (!found.has(name)) refused.add(name);
  return [...refused];
}
