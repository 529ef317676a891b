/**
 * What makes two sends of one request "the same request", for safe retries (docs/decisions/210-safe-retries.md).
 * Both sides compare requests by their bytes, but a multipart body carries a boundary chosen afresh at every send
 * (`------WebKitFormBoundary…`): two sends of the same form differ only there. These helpers take it out, so that
 * the same form sent twice compares equal, and any other difference (a field, a file's bytes) still counts.
 */

const BOUNDARY = /;\s*boundary\s*=\s*(?:"([^"]{1,70})"|([^\s;]{1,70}))/i;

/** The media type without its parameters, lower case (`multipart/form-data`). */
export const mediaType = (contentType: string | null | undefined): string => (contentType ?? '').split(';')[0]!.trim().toLowerCase();

/** The multipart boundary a Content-Type names, or null. */
export function boundaryOf(contentType: string | null | undefined): string | null {
  const match = BOUNDARY.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

const encoder = new TextEncoder();
const FIXED = encoder.encode('--boundary');

/**
 * The body with every `--<boundary>` of a multipart body replaced by `--boundary`; any other body as it is.
 * The boundary is a delimiter the sender chose because it occurs nowhere in the content, so replacing it changes
 * nothing else.
 */
export function withoutBoundary(body: Uint8Array, contentType: string | null | undefined): Uint8Array {
  const boundary = mediaType(contentType) === 'multipart/form-data' ? boundaryOf(contentType) : null;
  if (!boundary) return body;
  const delimiter = encoder.encode(`--${boundary}`);
  const parts: Uint8Array[] = [];
  let from = 0;
  for (let at = indexOf(body, delimiter, 0); at !== -1; at = indexOf(body, delimiter, at + delimiter.length)) {
    parts.push(body.subarray(from, at), FIXED);
    from = at + delimiter.length;
  }
  if (parts.length === 0) return body;
  parts.push(body.subarray(from));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** The first index of `needle` in `haystack` from `from`, or -1 (bytes; a plain scan: bodies are small or rare). */
function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  const first = needle[0];
  const last = haystack.length - needle.length;
  outer: for (let i = haystack.indexOf(first!, from); i !== -1 && i <= last; i = haystack.indexOf(first!, i + 1)) {
    for (let j = 1; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
