/**
 * Sends the push outbox (docs/decisions/252-push-outbox.md). Each round claims due rows for a lease in one short
 * statement (FOR UPDATE SKIP LOCKED: several server processes on one PostgreSQL never claim the same row; on PGlite
 * the one process is alone), sends them outside any transaction, then settles them in one statement that checks the
 * claim is still its own:
 *  - 201/202: sent, once; 404/410: the browser unsubscribed, the device is removed (and what was queued for it);
 *  - 429, 5xx, no answer: tried again later, with a backoff, while the news still matters;
 *  - another 4xx: given up (the push service will not take it);
 *  - within the worker's quiet hours and not urgent: held until they end (not an attempt);
 *  - a kind turned off since, news that no longer matters, a session that ended, a device that moved to another
 *    worker: given up, never sent.
 * A process that dies between the send and the settling leaves the row claimed: once the lease ends it is sent again
 * (the Topic makes the push service, and the tag the phone, keep one of the two).
 * The encryption and the VAPID signature are web-push's (docs/decisions/250-push-library.md); the signature of each
 * push service is made once per 12 hours.
 */
import webpush from 'web-push';
import type { Locale, NotificationKind } from '#domain/api-schema.ts';
import { DEFAULT_QUIET_HOURS, inQuietHours, quietHoursEnd } from '#domain/notifications.ts';
import { loggableError, type Logger } from '../log.ts';
import type { Db } from '../storage/db.ts';
import { randomId } from './crypto.ts';
import { notificationText, type NotificationParams } from './notification-texts.ts';
import { MAX_TTL_MS } from './notifications.ts';
import type { VapidKeys } from './push-keys.ts';
import { encryptPushes, type EncryptionInput, type EncryptionOutput } from './push-encryption.ts';
import type { PushTransport } from './push-transport.ts';
import { turns } from './turns.ts';

/** Rows claimed per round, and sent at once at most. */
const BATCH = 50;
const CONCURRENCY = 64;
/** A claim lasts this long: far more than a send (10 s at most), so that only a dead process loses one. */
const LEASE_MS = 60_000;
/** Attempts before a push is given up (each failure waits twice as long as the one before, 30 s to an hour). */
export const MAX_ATTEMPTS = 10;
const backoffMs = (attempts: number) => Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
/** What a phone shows as the sender (the portal's icon). */
const ICON = '/icons/icon-192.png';

type Claimed = {
  id: string;
  attempts: number;
  notification: string;
  kind: NotificationKind;
  topic: string;
  params: NotificationParams;
  link: string;
  urgent: boolean;
  expires_at: Date;
  worker_id: string;
  setting: string | null;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_worker: string;
  live: boolean;
  locale: Locale;
  topics_off: string[] | null;
  has_settings: boolean;
  quiet_start: string | null;
  quiet_end: string | null;
};

type Settled = { id: string; state: 'sent' | 'retry' | 'held' | 'givenUp' | 'gone'; due?: Date; outcome: string; endpoint: string };

export type RoundTotals = Record<Settled['state'], number>;

export type PushSenderOptions = {
  keys: VapidKeys;
  subject: string;
  allowedOrigins: readonly string[];
  transport: PushTransport;
  now: () => Date;
  log: Logger;
};

/** The payload the service worker reads (src/service-worker/push.ts): the words, the link, the tag to replace. */
export type PushPayload = { id: string; kind: NotificationKind; title: string; body: string; url: string; tag: string; icon: string };

const CLAIM_SQL = `
WITH claimed AS (
  UPDATE push_outbox o SET lease_until = $2, claimed_by = $3, attempts = o.attempts + 1
  WHERE o.id IN (
    SELECT id FROM push_outbox
    WHERE sent_at IS NULL AND given_up_at IS NULL AND due_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
    ORDER BY due_at, id LIMIT $4 FOR UPDATE SKIP LOCKED)
  RETURNING o.id, o.attempts, o.notification_id, o.endpoint)
SELECT c.id::text AS id, c.attempts, n.id AS notification, n.kind, n.topic, n.params, n.link, n.urgent, n.expires_at, n.worker_id, n.setting,
  s.endpoint, s.p256dh, s.auth, s.worker_id AS device_worker, (ss.revoked_at IS NULL AND ss.expires_at > $1) AS live, w.locale,
  st.topics_off, (st.worker_id IS NOT NULL) AS has_settings, st.quiet_start, st.quiet_end
FROM claimed c
  JOIN notifications n ON n.id = c.notification_id
  JOIN push_subscriptions s ON s.endpoint = c.endpoint
  JOIN sessions ss ON ss.token_hash = s.session_hash
  JOIN workers w ON w.id = n.worker_id
  LEFT JOIN notification_settings st ON st.worker_id = n.worker_id`;

const SETTLE_SQL = `
UPDATE push_outbox o SET
  sent_at = CASE WHEN u.state = 'sent' THEN $6::timestamptz END,
  given_up_at = CASE WHEN u.state = 'givenUp' THEN $6::timestamptz END,
  due_at = coalesce(u.due::timestamptz, o.due_at),
  attempts = CASE WHEN u.state = 'held' THEN o.attempts - 1 ELSE o.attempts END,
  lease_until = NULL, claimed_by = NULL, outcome = u.outcome
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS u(id, state, due, outcome)
WHERE o.id = u.id::bigint AND o.claimed_by = $5`;

export function createPushSender(db: Db, options: PushSenderOptions) {
  const { log } = options;
  const vapid = new Map<string, { header: string; until: number }>();
  const turn = turns();

  /** The VAPID Authorization of a push service (its origin), signed for 12 hours and kept while 1 hour remains. */
  function vapidHeader(audience: string): string {
    const kept = vapid.get(audience);
    if (kept && kept.until - Date.now() > 3_600_000) return kept.header;
    const expiration = Math.floor(Date.now() / 1000) + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(audience, options.subject, options.keys.publicKey, options.keys.privateKey, 'aes128gcm', expiration);
    vapid.set(audience, { header: Authorization, until: expiration * 1000 });
    return Authorization;
  }

  /** Why a claimed push must not go out now (or null): given up for good, or held until a later time. */
  function verdict(row: Claimed, now: Date): Omit<Settled, 'id' | 'endpoint'> | null {
    if (row.device_worker !== row.worker_id) return { state: 'givenUp', outcome: 'device moved to another worker' };
    if (!row.live) return { state: 'givenUp', outcome: 'session ended' };
    if (new Date(row.expires_at).getTime() <= now.getTime()) return { state: 'givenUp', outcome: 'expired' };
    if (row.setting && (row.topics_off ?? []).includes(row.setting)) return { state: 'givenUp', outcome: 'turned off' };
    const quiet = row.has_settings ? (row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null) : DEFAULT_QUIET_HOURS;
    if (!row.urgent && row.kind !== 'test' && quiet && inQuietHours(quiet, now))
      return { state: 'held', due: quietHoursEnd(quiet, now), outcome: 'quiet hours' };
    return null;
  }

  /** What the encryption thread needs of a push: its words for the device's worker, its headers. */
  function message(row: Claimed, now: Date): EncryptionInput {
    const text = notificationText(row.kind, row.params, row.locale);
    const payload: PushPayload = { id: row.notification, kind: row.kind, ...text, url: row.link, tag: row.topic, icon: ICON };
    const ttlMs = Math.min(new Date(row.expires_at).getTime() - now.getTime(), MAX_TTL_MS);
    return {
      endpoint: row.endpoint,
      p256dh: row.p256dh,
      auth: row.auth,
      payload: JSON.stringify(payload),
      authorization: vapidHeader(new URL(row.endpoint).origin),
      ttlSeconds: Math.max(0, Math.floor(ttlMs / 1000)),
      urgency: row.urgent ? 'high' : 'normal',
      topic: row.topic,
    };
  }

  /** The encrypted push to its push service, and what its answer means. */
  async function deliver(row: Claimed, encrypted: EncryptionOutput, now: Date): Promise<Omit<Settled, 'id' | 'endpoint'>> {
    if ('error' in encrypted) return retry(row, now, `not encrypted: ${encrypted.error}`, null);
    const origin = new URL(row.endpoint).origin;
    try {
      const { body } = encrypted;
      const answer = await options.transport({
        endpoint: row.endpoint,
        headers: encrypted.headers,
        body: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
        allowed: options.allowedOrigins.includes(origin),
      });
      if (answer.status === 201 || answer.status === 202 || answer.status === 200) return { state: 'sent', outcome: String(answer.status) };
      if (answer.status === 404 || answer.status === 410) return { state: 'gone', outcome: String(answer.status) };
      if (answer.status === 429 || answer.status >= 500) return retry(row, now, `${answer.status}`, answer.retryAfterMs);
      return { state: 'givenUp', outcome: `refused: ${answer.status}` };
    } catch (error) {
      log.warn({ event: 'push_not_sent', service: origin, err: loggableError(error) }, 'a push service could not be reached');
      return retry(row, now, 'unreachable', null);
    }
  }

  function retry(row: Claimed, now: Date, outcome: string, afterMs: number | null): Omit<Settled, 'id' | 'endpoint'> {
    if (row.attempts >= MAX_ATTEMPTS) return { state: 'givenUp', outcome: `${outcome} (${row.attempts} attempts)` };
    const due = new Date(now.getTime() + Math.max(backoffMs(row.attempts), afterMs ?? 0));
    if (due.getTime() >= new Date(row.expires_at).getTime()) return { state: 'givenUp', outcome: `${outcome} (no longer matters)` };
    return { state: 'retry', due, outcome };
  }

  /**
   * Settles every claimed row: those that must not go out at once; the others encrypted off the event loop
   * (push-encryption.ts), then sent, CONCURRENCY waiting for their push services at a time, each started in a turn of
   * the event loop of its own (turns.ts): the portal's requests are served between two, not after a whole round.
   */
  async function settleAll(rows: readonly Claimed[], now: Date): Promise<Settled[]> {
    const out: Settled[] = [];
    const due: Claimed[] = [];
    for (const row of rows) {
      const early = verdict(row, now);
      if (early) out.push({ id: row.id, endpoint: row.endpoint, ...early });
      else due.push(row);
    }
    const encrypted = await encryptPushes(due.map((row) => message(row, now)));
    let next = 0;
    const lane = async () => {
      while (next < due.length) {
        const i = next++;
        const row = due[i]!;
        await turn.next();
        out.push({ id: row.id, endpoint: row.endpoint, ...(await deliver(row, encrypted[i]!, now)) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, due.length) }, lane));
    return out;
  }

  async function settle(claim: string, settled: readonly Settled[], now: Date): Promise<void> {
    const gone = settled.filter((s) => s.state === 'gone').map((s) => s.endpoint);
    const kept = settled.filter((s) => s.state !== 'gone');
    await db.query(SETTLE_SQL, [
      kept.map((s) => s.id),
      kept.map((s) => s.state),
      kept.map((s) => s.due?.toISOString() ?? null),
      kept.map((s) => s.outcome),
      claim,
      now,
    ]);
    const sent = [...new Set(settled.filter((s) => s.state === 'sent').map((s) => s.endpoint))];
    if (sent.length) await db.query('UPDATE push_subscriptions SET last_sent_at = $2, last_failure = NULL WHERE endpoint = ANY($1::text[])', [sent, now]);
    const failed = settled.filter((s) => s.state === 'retry' || (s.state === 'givenUp' && s.outcome.startsWith('refused')));
    for (const f of failed) await db.query('UPDATE push_subscriptions SET last_failure = $2 WHERE endpoint = $1', [f.endpoint, f.outcome]);
    // The browser unsubscribed: the device goes, and with it what was queued for it.
    if (gone.length) await db.query('DELETE FROM push_subscriptions WHERE endpoint = ANY($1::text[])', [[...new Set(gone)]]);
  }

  return {
    /** Sends what is due, round after round, until nothing is left; answers what became of each push. */
    async runDue(): Promise<RoundTotals> {
      const totals: RoundTotals = { sent: 0, retry: 0, held: 0, givenUp: 0, gone: 0 };
      const claimNext = async () => {
        const now = options.now();
        const claim = randomId(16);
        return { now, claim, rows: await db.query<Claimed>(CLAIM_SQL, [now, new Date(now.getTime() + LEASE_MS), claim, BATCH]) };
      };
      // The next rows are claimed while these are sent: the database works while the push services answer.
      let next = claimNext();
      // A failed claim is thrown where it is awaited, not as an unhandled rejection meanwhile.
      void next.catch(() => undefined);
      for (;;) {
        const { now, claim, rows } = await next;
        if (rows.length === 0) return totals;
        const sending = settleAll(rows, now);
        next = rows.length < BATCH ? Promise.resolve({ now, claim, rows: [] }) : claimNext();
        void next.catch(() => undefined);
        const settled = await sending;
        await settle(claim, settled, now);
        for (const s of settled) totals[s.state]++;
      }
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
