/**
 * Sliding-window counters for the login limit and the mail-sending calls, kept in the database so that they
 * survive a restart (docs/decisions/011-tokens-and-limits.md).
 */
import { ApiFailure } from '../api/errors.ts';
import type { Queryable } from '../storage/db.ts';

export type Limit = { max: number; windowMs: number };

export const LIMITS = {
  /** Failed logins for one account. */
  loginPerAccount: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Failed logins from one client address, whatever the account. */
  loginPerAddress: { max: 30, windowMs: 15 * 60 * 1000 },
  /** Mails asked for one address (reset, revalidation), whether or not it has an account. */
  mailPerRecipient: { max: 5, windowMs: 15 * 60 * 1000 },
  /** Registrations and reset requests from one client address. */
  requestsPerAddress: { max: 300, windowMs: 15 * 60 * 1000 },
} as const satisfies Record<string, Limit>;

/** Throws 429 with Retry-After when `key` already reached its limit in the window. */
export async function assertUnderLimit(db: Queryable, key: string, limit: Limit, now: Date): Promise<void> {
  const since = new Date(now.getTime() - limit.windowMs);
  const rows = await db.query<{ n: number; oldest: Date | null }>(
    'SELECT count(*)::int AS n, min(at) AS oldest FROM attempts WHERE key = $1 AND at > $2',
    [key, since],
  );
  const { n, oldest } = rows[0] ?? { n: 0, oldest: null };
  if (n < limit.max || !oldest) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(oldest).getTime() + limit.windowMs - now.getTime()) / 1000));
  throw new ApiFailure(429, 'too_many_attempts', [], { 'Retry-After': String(retryAfter) });
}

export async function recordAttempt(db: Queryable, key: string, now: Date): Promise<void> {
  await db.query('INSERT INTO attempts (key, at) VALUES ($1, $2)', [key, now]);
  // Keep the table small: nothing older than a day matters to any limit.
  if (Math.random() < 0.02) await db.query('DELETE FROM attempts WHERE at < $1', [new Date(now.getTime() - 24 * 60 * 60 * 1000)]);
}

export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM attempts WHERE key = $1', [key]);
}
