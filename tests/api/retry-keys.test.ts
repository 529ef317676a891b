/**
 * Which key a mutating call carries (src/api/retry-keys.ts): the retry of an unanswered call reuses its key;
 * anything else gets a new one, so a kept answer is never replayed over later changes.
 */
import { describe, expect, it } from 'vitest';
import { createRetryKeys, randomKey } from '../../src/api/retry-keys.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const A = { call: 'POST http://portal.test/api/user/me/availabilities/2026/5', body: bytes('[{"day":1}]') };
const B = { call: A.call, body: bytes('[{"day":2}]') };
const REMOVE = { call: 'POST http://portal.test/api/user/me/remove-uploaded-file', body: bytes('{"kind":"picture1"}') };

function keys() {
  let n = 0;
  return createRetryKeys(() => `key-${++n}`);
}

describe('retry keys', () => {
  it('a repeat of the unanswered last call reuses its key, with equal bytes in a new array', () => {
    const k = keys();
    const first = k.keyFor(A);
    expect(k.keyFor({ call: A.call, body: bytes('[{"day":1}]') })).toBe(first);
    expect(k.keyFor(A)).toBe(first);
  });

  it('a success ends the intent: the same call afterwards is a new one', () => {
    const k = keys();
    const first = k.keyFor(A);
    k.succeeded(first);
    expect(k.keyFor(A)).not.toBe(first);
  });

  it("A (lost) → B → A: the last A gets a new key, so A's kept answer is never given over B", () => {
    const k = keys();
    const a = k.keyFor(A);
    const b = k.keyFor(B);
    const again = k.keyFor(A);
    expect(new Set([a, b, again]).size).toBe(3);
  });

  it('another call in between ends the intent too, even one that failed (remove, upload, remove)', () => {
    const k = keys();
    const removed = k.keyFor(REMOVE);
    k.keyFor({ call: 'POST http://portal.test/api/user/me/upload-file/picture1', body: new Blob(['x']) });
    expect(k.keyFor(REMOVE)).not.toBe(removed);
  });

  it('another URL with the same body is another call; the success of an older key forgets nothing newer', () => {
    const k = keys();
    const a = k.keyFor(A);
    const elsewhere = k.keyFor({ call: 'POST http://portal.test/api/user/me/availabilities/2026/6', body: A.body });
    expect(elsewhere).not.toBe(a);
    k.succeeded(a);
    expect(k.keyFor({ call: 'POST http://portal.test/api/user/me/availabilities/2026/6', body: A.body })).toBe(elsewhere);
  });

  it('a Blob is the same body only as the same object (an upload of the same prepared image)', () => {
    const k = keys();
    const image = new Blob(['jpeg']);
    const call = 'POST http://portal.test/api/user/me/upload-file/id-front';
    const first = k.keyFor({ call, body: image });
    expect(k.keyFor({ call, body: image })).toBe(first);
    expect(k.keyFor({ call, body: new Blob(['jpeg']) })).not.toBe(first);
  });

  it('random keys are 22 base64url characters and differ', () => {
    const all = new Set(Array.from({ length: 50 }, randomKey));
    expect(all.size).toBe(50);
    for (const key of all) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
