/**
 * Idempotency keys (the IETF `Idempotency-Key` header, draft-ietf-httpapi-idempotency-key-header): the first
 * successful answer to a request sent with a key is kept, in the transaction of the request's own changes, and a
 * repeat of that very request with that key gets it again without being done again. docs/decisions/210-safe-retries.md.
 *
 * The key is the client's secret for one intent; it is never stored. Everything is derived from it with HMAC-SHA256:
 * the row's id, the request's fingerprint (so a password in a register body is not guessable from the table), and
 * the key that seals the answer (AES-256-GCM: an answer may hold personal data, a calendar address or a token).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { mediaType, withoutBoundary } from '#domain/request-identity.ts';
import type { Queryable } from '../storage/db.ts';
import { ApiFailure, badRequest } from './errors.ts';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Kept for a day: a repeat later than that is a new request (the client keeps a key for minutes, not days). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Tells the client (and a reader of the network log) that this answer is the first one, given again. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** A key is long enough to be unguessable: its bytes seal the answer. A UUID or 16+ random base64url characters. */
const KEY = /^[A-Za-z0-9._~+/=-]{16,128}$/;
/** The draft's form is a structured-field string (`"…"`); a bare token is accepted too. */
const HEADER_VALUE = /^\s*(?:"([^"\\]*)"|([^\s"]*))\s*$/;

export type RequestKey = { id: string; fingerprint: string; sealKey: Buffer };
export type Answer = { status: number; headers: [string, string][]; body: Uint8Array<ArrayBuffer> };

const hmac = (key: string, ...parts: (string | Uint8Array)[]) => {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

/** The request's key, or null when it has none; a malformed key is a 400. */
export function keyOf(c: Context): string | null {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return null;
  const match = HEADER_VALUE.exec(raw);
  const key = match?.[1] ?? match?.[2];
  if (!key || !KEY.test(key)) throw badRequest();
  return key;
}

/**
 * What identifies the request under its key: method, path and query, media type and body (a multipart body without
 * its boundary, which differs at every send). The body is read from a copy: the handler still reads the original.
 */
export async function requestKey(c: Context, key: string, hasBody: boolean): Promise<RequestKey> {
  const url = new URL(c.req.url);
  const type = c.req.header('Content-Type');
  const body = hasBody ? new Uint8Array(await c.req.raw.clone().arrayBuffer()) : new Uint8Array(0);
  return {
    id: hmac(key, 'id').toString('hex'),
    fingerprint: hmac(key, 'request\n', c.req.method, '\n', url.pathname + url.search, '\n', mediaType(type), '\n', withoutBoundary(body, type)).toString(
      'hex',
    ),
    sealKey: hmac(key, 'seal'),
  };
}

/** Waits for another request with the same key to end (two sends at once), then holds the key until this one ends. */
export async function lockKey(tx: Queryable, scope: string, key: RequestKey): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`idempotency:${scope}:${key.id}`]);
}

/** The answer kept for the key, or null; the same key sent with another request is a 422. */
export async function keptAnswer(tx: Queryable, scope: string, key: RequestKey, now: Date): Promise<Answer | null> {
  const [row] = await tx.query<{ fingerprint: string; status: number; sealed: Uint8Array }>(
    'SELECT fingerprint, status, sealed FROM idempotency_keys WHERE scope = $1 AND key_id = $2 AND created_at > $3',
    [scope, key.id, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)],
  );
  if (!row) return null;
  if (row.fingerprint !== key.fingerprint) throw new ApiFailure(422, 'idempotency_key_reused');
  const { headers, body } = unseal(key.sealKey, row.sealed);
  return { status: row.status, headers, body };
}

/** Keeps a successful answer; an expired row of the same key (a day old) is replaced. */
export async function keepAnswer(tx: Queryable, scope: string, key: RequestKey, answer: Answer, now: Date): Promise<void> {
  // A plain Uint8Array, not the Buffer: under a jsdom test PGlite does not recognise Node's Buffer as bytes.
  const sealed = new Uint8Array(seal(key.sealKey, answer));
  await tx.query(
    `INSERT INTO idempotency_keys (scope, key_id, fingerprint, status, sealed, created_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (scope, key_id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, sealed = EXCLUDED.sealed,
       created_at = EXCLUDED.created_at`,
    [scope, key.id, key.fingerprint, answer.status, sealed, now],
  );
  if (Math.random() < 0.02) await forgetExpiredAnswers(tx, now);
}

/** Keeps the table small: an answer older than a day is never given again. */
export async function forgetExpiredAnswers(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM idempotency_keys WHERE created_at <= $1', [new Date(now.getTime() - IDEMPOTENCY_TTL_MS)]);
}

/** Reads a handler's Response once, to keep it and to send it. */
export async function readAnswer(response: Response): Promise<Answer> {
  return { status: response.status, headers: [...response.headers], body: new Uint8Array(await response.arrayBuffer()) };
}

/** The answer as a Response; a kept one given again says so. */
export function answerResponse(answer: Answer, options: { replayed?: boolean } = {}): Response {
  const headers = new Headers(answer.headers);
  if (options.replayed) headers.set(REPLAYED_HEADER, 'true');
  return new Response(answer.body.length > 0 ? answer.body : null, { status: answer.status, headers });
}

// Sealed: a 12-byte nonce, the ciphertext of { headers, body }, the 16-byte tag. A new nonce per answer (one per key).
function seal(sealKey: Buffer, answer: Answer): Buffer {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey, nonce);
  const head = Buffer.from(JSON.stringify(answer.headers));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(head.length);
  const sealed = Buffer.concat([cipher.update(length), cipher.update(head), cipher.update(answer.body), cipher.final()]);
  return Buffer.concat([nonce, sealed, cipher.getAuthTag()]);
}

function unseal(sealKey: Buffer, stored: Uint8Array): { headers: [string, string][]; body: Uint8Array<ArrayBuffer> } {
  const bytes = Buffer.from(stored);
  const decipher = createDecipheriv('aes-256-gcm', sealKey, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  const plain = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]);
  const length = plain.readUInt32BE(0);
  return { headers: JSON.parse(plain.subarray(4, 4 + length).toString('utf8')) as [string, string][], body: new Uint8Array(plain.subarray(4 + length)) };
}
