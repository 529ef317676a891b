/**
 * Session tokens and single-use tokens. The token is handed out once; the database keeps its SHA-256 only,
 * so a leaked database does not give working tokens (docs/decisions/011-tokens-and-limits.md).
 */
import { SESSION_REMEMBER_TTL_MS, SESSION_SHORT_TTL_MS } from '#domain/constants.ts';
import { one, type Queryable } from '../storage/db.ts';
import { randomToken, sha256Hex } from './crypto.ts';
import { workerColumns, type Worker } from './workers.ts';

export type OneTimePurpose = 'validate-email' | 'reset-password' | 'impersonate';

/** An e-mail validation link works once, within 7 days. */
export const EMAIL_VALIDATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** `impersonated`: opened with an impersonation token (a support session), which the general info reports. */
export async function createSession(db: Queryable, workerId: string, remember: boolean, now: Date, impersonated = false) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + (remember ? SESSION_REMEMBER_TTL_MS : SESSION_SHORT_TTL_MS));
  await db.query('INSERT INTO sessions (token_hash, worker_id, created_at, expires_at, impersonated) VALUES ($1, $2, $3, $4, $5)', [
    sha256Hex(token),
    workerId,
    now,
    expiresAt,
    impersonated,
  ]);
  return { token, expiresAt };
}

const SESSION_WORKER_SQL = `SELECT ${workerColumns('w')}, s.impersonated AS session_impersonated, s.expires_at AS session_expires_at FROM sessions s JOIN workers w ON w.id = s.worker_id
  WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`;

/**
 * The worker of a live session (known, not revoked, not expired) and when the session ends, or null: one round
 * trip, a statement PostgreSQL prepares once per connection. Every authenticated call starts here.
 */
export async function sessionWorker(db: Queryable, tokenHash: string, now: Date): Promise<{ worker: Worker; expiresAt: Date } | null> {
  const row = await one<Worker & { session_expires_at: Date }>(db, SESSION_WORKER_SQL, [tokenHash, now], { name: 'session_worker' });
  if (!row) return null;
  const { session_expires_at: expiresAt, ...worker } = row;
  return { worker, expiresAt: new Date(expiresAt) };
}

export async function revokeSession(db: Queryable, token: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL', [sha256Hex(token), now]);
}

export async function revokeAllSessions(db: Queryable, workerId: string, now: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = $2 WHERE worker_id = $1 AND revoked_at IS NULL', [workerId, now]);
}

/** Issues a single-use token; any unused token of the same purpose for this worker stops working. */
export async function issueOneTime(db: Queryable, workerId: string, purpose: OneTimePurpose, ttlMs: number, now: Date) {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await db.query('UPDATE one_time_tokens SET used_at = $3 WHERE worker_id = $1 AND purpose = $2 AND used_at IS NULL', [workerId, purpose, now]);
  await db.query('INSERT INTO one_time_tokens (token_hash, worker_id, purpose, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    sha256Hex(token),
    workerId,
    purpose,
    now,
    expiresAt,
  ]);
  return { token, expiresAt };
}

/** Uses a single-use token up, atomically; answers its worker id, or null when unknown, used or expired. */
export async function consumeOneTime(db: Queryable, token: string, purpose: OneTimePurpose, now: Date): Promise<string | null> {
  const row = await one<{ worker_id: string }>(
    db,
    'UPDATE one_time_tokens SET used_at = $3 WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3 RETURNING worker_id',
    [sha256Hex(token), purpose, now],
  );
  return row?.worker_id ?? null;
}

/** Whether a single-use token could still be used (without using it). */
export async function oneTimeIsLive(db: Queryable, token: string, purpose: OneTimePurpose, now: Date): Promise<boolean> {
  const row = await one(db, 'SELECT 1 FROM one_time_tokens WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3', [
    sha256Hex(token),
    purpose,
    now,
  ]);
  return row !== null;
}
