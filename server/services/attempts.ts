/**
 * Sliding-window limits for sign-in and the mail-sending calls, kept in the database so that they survive a restart
 * and hold across every instance on one PostgreSQL. The check and the record are one step: `reserve` counts the
 * attempt against all its limits and writes it, or refuses it, inside one transaction that holds a lock per key
 * (PostgreSQL advisory locks; PGlite runs one transaction at a time anyway). N parallel attempts therefore get at
 * most the limit's worth of reservations, and only a reserved attempt does the work the limit protects.
 * docs/decisions/141-login-limits.md (supersedes the limits of 011).
 */
import { isIPv6 } from 'node:net';
import { ApiFailure } from '../api/errors.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { randomId, sha256Hex } from './crypto.ts';

const WINDOW_MS = 15 * 60 * 1000;

export const LIMITS = {
  /** Failed sign-ins at one account from one address (the owner elsewhere is not affected). */
  loginPerAccountAndAddress: 5,
  /** ...only one per address while the account is under attack: this many failures from all addresses together. */
  loginAccountUnderAttack: 20,
  /** Failed sign-ins from one address, whatever the accounts (password spraying). */
  loginPerAddress: 30,
  /** Mails asked for one address (reset, revalidation), whether or not it has an account. */
  mailPerRecipient: 5,
  /** Registrations and reset requests from one client address. */
  requestsPerAddress: 300,
} as const;

/** One limit an attempt counts against: its key, and how many attempts the window holds (given every key's count). */
export type Check = { key: string; max: number | ((counts: ReadonlyMap<string, number>) => number) };

/**
 * The address a limit counts: an IPv4 address as it is; an IPv6 address by its /64 prefix, since one phone or
 * one home gets a whole /64 and could otherwise change address at every attempt.
 */
export function limitAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** E-mail addresses appear in keys hashed: the table then holds no address anyone typed. */
const hashed = (email: string) => sha256Hex(email.trim().toLowerCase()).slice(0, 32);

export const keys = {
  loginPair: (email: string, address: string) => `login-pair:${hashed(email)}:${limitAddress(address)}`,
  loginPairsOf: (email: string) => `login-pair:${hashed(email)}:%`,
  loginAccount: (email: string) => `login-account:${hashed(email)}`,
  loginAddress: (address: string) => `login-address:${limitAddress(address)}`,
  mail: (email: string) => `mail:${hashed(email)}`,
  requests: (address: string) => `requests:${limitAddress(address)}`,
};

/** The limits one sign-in attempt counts against (the same for a known and an unknown e-mail address). */
export function loginChecks(email: string, address: string): Check[] {
  const pair = keys.loginPair(email, address);
  const account = keys.loginAccount(email);
  return [
    { key: pair, max: (counts) => ((counts.get(account) ?? 0) >= LIMITS.loginAccountUnderAttack ? 1 : LIMITS.loginPerAccountAndAddress) },
    // The account's own count refuses nothing: it only tells when the account is under attack.
    { key: account, max: Number.POSITIVE_INFINITY },
    { key: keys.loginAddress(address), max: LIMITS.loginPerAddress },
  ];
}

/**
 * Reserves one attempt against every check, or none: throws 429 too_many_attempts with Retry-After (seconds until
 * the fullest key frees a place) when any key is at its limit. Answers the attempt's id, for `release`.
 */
export async function reserve(db: Db, checks: Check[], now: Date): Promise<string> {
  const keyList = [...new Set(checks.map((c) => c.key))].sort();
  const since = new Date(now.getTime() - WINDOW_MS);
  const id = randomId(16);
  const retryAfter = await db.transaction(async (tx) => {
    // Sorted, so that two attempts sharing keys take their locks in the same order (no deadlock).
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended(k, 0)) FROM unnest($1::text[]) WITH ORDINALITY AS t(k, i) ORDER BY i', [keyList]);
    const rows = await tx.query<{ key: string; n: number }>(
      'SELECT key, count(*)::int AS n FROM attempts WHERE key = ANY($1::text[]) AND at > $2 GROUP BY key',
      [keyList, since],
    );
    const counts = new Map(rows.map((r) => [r.key, r.n]));
    let wait = 0;
    for (const check of checks) {
      const max = typeof check.max === 'function' ? check.max(counts) : check.max;
      const n = counts.get(check.key) ?? 0;
      if (n >= max) wait = Math.max(wait, await secondsUntilFree(tx, check.key, n - max, since, now));
    }
    if (wait > 0) return wait;
    await tx.query('INSERT INTO attempts (key, at, attempt_id) SELECT k, $2, $3 FROM unnest($1::text[]) AS t(k)', [keyList, now, id]);
    return 0;
  });
  if (retryAfter > 0) throw new ApiFailure(429, 'too_many_attempts', [], { 'Retry-After': String(retryAfter) });
  if (Math.random() < 0.02) await forgetOld(db, now);
  return id;
}

/** When the key's count falls under its limit: the (over + 1)-th oldest attempt in the window leaves it. */
async function secondsUntilFree(tx: Queryable, key: string, over: number, since: Date, now: Date): Promise<number> {
  const rows = await tx.query<{ at: Date }>('SELECT at FROM attempts WHERE key = $1 AND at > $2 ORDER BY at OFFSET $3 LIMIT 1', [key, since, over]);
  const at = rows[0] ? new Date(rows[0].at).getTime() : now.getTime();
  return Math.max(1, Math.ceil((at + WINDOW_MS - now.getTime()) / 1000));
}

/** Takes a reserved attempt back from every key it counted against (a sign-in that succeeded). */
export async function release(db: Queryable, attemptId: string): Promise<void> {
  await db.query('DELETE FROM attempts WHERE attempt_id = $1', [attemptId]);
}

/** Forgets what counted against a key, or against keys LIKE a pattern. */
export async function clearAttempts(db: Queryable, key: string): Promise<void> {
  await db.query(key.includes('%') ? 'DELETE FROM attempts WHERE key LIKE $1' : 'DELETE FROM attempts WHERE key = $1', [key]);
}

/** Keeps the table small: nothing older than a day matters to any limit. */
async function forgetOld(db: Queryable, now: Date): Promise<void> {
  await db.query('DELETE FROM attempts WHERE at < $1', [new Date(now.getTime() - 24 * 60 * 60 * 1000)]);
}
