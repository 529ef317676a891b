/**
 * Which Idempotency-Key a mutating call carries (docs/decisions/210-safe-retries.md). The server keeps the first
 * successful answer of a key and gives it again to the same request with the same key; so a key must stand for one
 * intent of the worker: the same for a retry of that intent, new for anything else.
 *
 * The rule, in one place for every call: **a call that repeats exactly the last mutating call, while that one got
 * no success, is its retry and reuses its key; any other call gets a new key** (and becomes the last).
 *  - A lost answer (network, 5xx, a proxy's timeout) leaves the last call unanswered: pressing the button again
 *    sends the same request, which the server answers as the first time if it had done it.
 *  - A success ends the intent: the same request sent again later is a new intent (saving the same days twice).
 *  - Any other call in between ends it too, even a failed one: A (lost) → B → A gets a new key, so the server never
 *    replays A's old answer over B's changes (an image removed, then uploaded again, then removed again).
 *  - "Exactly": the same method and URL and the same body bytes (a multipart body without its boundary, or the very
 *    same Blob object for an upload sent by XMLHttpRequest). Edit a field and it is a new intent.
 * A 4xx answer is a refusal the server did not keep: reusing the key for the identical request is harmless (it is
 * checked again), so only a success forgets the key.
 *
 * Remembered in memory only, for this page: a reload starts afresh (the server then answers a repeat by its own
 * rules, and each screen reads the state again on load).
 */
import { sameBytes } from '#domain/request-identity.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What identifies a call: `POST https://…/api/path?query`, and its body bytes (or the Blob it sends). */
export type CallIdentity = { call: string; body: Uint8Array | Blob };

export type RetryKeys = {
  /** The key for this call: the last call's when this repeats it unanswered, a new one otherwise. */
  keyFor: (identity: CallIdentity) => string;
  /** The call sent with `key` succeeded: its intent is over. */
  succeeded: (key: string) => void;
};

/** 16 random bytes, base64url (22 characters): unguessable, and within the server's key syntax. */
export function randomKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

const sameBody = (a: Uint8Array | Blob, b: Uint8Array | Blob) => (a instanceof Uint8Array && b instanceof Uint8Array ? sameBytes(a, b) : a === b);

export function createRetryKeys(newKey: () => string = randomKey): RetryKeys {
  let last: (CallIdentity & { key: string }) | null = null;
  return {
    keyFor(identity) {
      if (last && last.call === identity.call && sameBody(last.body, identity.body)) return last.key;
      last = { ...identity, key: newKey() };
      return last.key;
    },
    succeeded(key) {
      if (last?.key === key) last = null;
    },
  };
}

/** The header value: the draft's structured-field string form. */
export const keyHeader = (key: string) => `"${key}"`;
/** The key of a header value sent by `keyHeader`. */
export const keyOfHeader = (value: string | null): string | null => (value ? value.replace(/^"|"$/g, '') : null);
