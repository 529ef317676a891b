/** The same form sent twice differs only by its multipart boundary; the helpers compare it without. */
import { describe, expect, it } from 'vitest';
import { boundaryOf, mediaType, sameBytes, withoutBoundary } from '#domain/request-identity.ts';

const encode = (text: string) => new TextEncoder().encode(text);

async function serialized(form: FormData): Promise<{ bytes: Uint8Array; type: string }> {
  const request = new Request('http://x/', { method: 'POST', body: form });
  return { bytes: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('Content-Type')! };
}

describe('request identity', () => {
  it('reads the boundary, quoted or not, and the bare media type', () => {
    expect(boundaryOf('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/json')).toBeNull();
    expect(mediaType('Multipart/Form-Data; boundary=x')).toBe('multipart/form-data');
    expect(mediaType(null)).toBe('');
  });

  it('two sends of one form compare equal without their boundaries, and a changed field does not', async () => {
    const form = () => {
      const data = new FormData();
      data.append('firstName', 'Anne');
      data.append('upload', new File([new Uint8Array([1, 2, 3, 45, 45])], 'a.png', { type: 'image/png' }));
      return data;
    };
    const [one, two] = [await serialized(form()), await serialized(form())];
    expect(boundaryOf(one.type)).not.toBe(boundaryOf(two.type));
    expect(sameBytes(one.bytes, two.bytes)).toBe(false);
    expect(sameBytes(withoutBoundary(one.bytes, one.type), withoutBoundary(two.bytes, two.type))).toBe(true);
    const changed = form();
    changed.set('firstName', 'Anna');
    const three = await serialized(changed);
    expect(sameBytes(withoutBoundary(one.bytes, one.type), withoutBoundary(three.bytes, three.type))).toBe(false);
  });

  it('leaves any other body as it is', () => {
    const body = encode('--x--');
    expect(withoutBoundary(body, 'application/json')).toBe(body);
    expect(withoutBoundary(body, 'multipart/form-data')).toBe(body);
  });
});
