/**
 * The worker's calendar feed (§12, docs/decisions/110-calendar-feed.md): a secret address calendar apps poll
 * without a Bearer token. The secret is 32 random bytes handed out once; the database keeps its SHA-256 only, like
 * the session tokens, so that the server cannot show an address again and a leaked database gives no working feed.
 * At most one feed is active per worker (a partial unique index); a revoked or renewed secret answers 404.
 */
import { one, type Db, type Queryable } from '../storage/db.ts';
import { randomToken, sha256Hex } from './crypto.ts';

/** How far back the feed reaches; every future mission is in it. */
export const FEED_PAST_DAYS = 60;
/** A calendar app reading the feed is recorded at most once a minute (a write per poll would be a write per GET). */
const FETCH_RECORD_MS = 60_000;

export type FeedStatus = { createdAt: Date; lastFetchedAt: Date | null };
export type FeedAddress = { url: string; webcalUrl: string; createdAt: Date };

/** The feed's address under the portal's public address (never the request's Host header). */
export function feedAddress(publicUrl: string, secret: string, createdAt: Date): FeedAddress {
  const url = `${publicUrl}/api/calendar/${secret}.ics`;
  return { url, webcalUrl: url.replace(/^https?:\/\//, 'webcal://'), createdAt };
}

export async function activeFeed(db: Queryable, workerId: string): Promise<FeedStatus | null> {
  const row = await one<{ created_at: Date; last_fetched_at: Date | null }>(
    db,
    'SELECT created_at, last_fetched_at FROM calendar_feeds WHERE worker_id = $1 AND revoked_at IS NULL',
    [workerId],
  );
  return row ? { createdAt: new Date(row.created_at), lastFetchedAt: row.last_fetched_at ? new Date(row.last_fetched_at) : null } : null;
}

/**
 * Makes the worker's feed and answers its secret (the only time it exists outside the worker's calendar app).
 * `replace` stops the active one first (renew); otherwise an active feed is kept and the answer is null (the API
 * says 409), so that a stale page never silently cuts off the calendar the worker subscribed with elsewhere. The worker's row is locked for the while, so
 * two requests at once (a double click, two tabs) run one after the other.
 */
export async function openFeed(db: Db, workerId: string, now: Date, options: { replace: boolean }): Promise<{ secret: string; createdAt: Date } | null> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM workers WHERE id = $1 FOR UPDATE', [workerId]);
    if (options.replace) await closeFeeds(tx, workerId, now);
    else if (await activeFeed(tx, workerId)) return null;
    const secret = randomToken();
    await tx.query('INSERT INTO calendar_feeds (secret_hash, worker_id, created_at) VALUES ($1, $2, $3)', [sha256Hex(secret), workerId, now]);
    return { secret, createdAt: now };
  });
}

/** Stops the worker's active feed, if any: its address answers 404 from now on. */
export async function closeFeeds(db: Queryable, workerId: string, now: Date): Promise<void> {
  await db.query('UPDATE calendar_feeds SET revoked_at = $2 WHERE worker_id = $1 AND revoked_at IS NULL', [workerId, now]);
}

/** The worker whose active feed this secret opens (recording that a calendar app read it), or null. */
export async function feedWorkerId(db: Queryable, secret: string, now: Date): Promise<string | null> {
  const hash = sha256Hex(secret);
  const row = await one<{ worker_id: string }>(db, 'SELECT worker_id FROM calendar_feeds WHERE secret_hash = $1 AND revoked_at IS NULL', [hash]);
  if (!row) return null;
  await db.query('UPDATE calendar_feeds SET last_fetched_at = $2 WHERE secret_hash = $1 AND (last_fetched_at IS NULL OR last_fetched_at < $3)', [
    hash,
    now,
    new Date(now.getTime() - FETCH_RECORD_MS),
  ]);
  return row.worker_id;
}

/** A strong ETag of the calendar's bytes: the same missions give the same body, so calendar apps get 304s. */
export const feedEtag = (body: string): string => `"${sha256Hex(body).slice(0, 32)}"`;

/** Whether an If-None-Match header names this ETag (a list, weak forms and `*` included, RFC 9110 §13.1.2). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}
