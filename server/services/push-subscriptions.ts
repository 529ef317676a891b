/**
 * The devices a worker receives pushes on (docs/decisions/251-push-devices.md). The endpoint is the device: one per
 * browser (and service worker) on a phone or a computer. It belongs to the worker and the session that last sent it:
 *  - sending it again from another session (another worker signed in on the same phone) moves it there, and drops
 *    what was still waiting to be pushed to it for the previous worker;
 *  - pushes go to it only while that session lasts (not revoked, not expired); logging out removes it;
 *  - a push service that answers 404 or 410 (the browser unsubscribed) removes it (push-sender.ts).
 */
import type { PushDevice, PushSubscriptionJson } from '#domain/api-schema.ts';
import type { Queryable } from '../storage/db.ts';
import { sha256Hex } from './crypto.ts';

export async function subscribe(db: Queryable, workerId: string, token: string, sub: PushSubscriptionJson, now: Date): Promise<void> {
  const sessionHash = sha256Hex(token);
  // What was queued for another worker on this device is never pushed to it now.
  await db.query(
    `DELETE FROM push_outbox o USING notifications n
     WHERE o.endpoint = $1 AND n.id = o.notification_id AND n.worker_id <> $2 AND o.sent_at IS NULL`,
    [sub.endpoint, workerId],
  );
  await db.query(
    `INSERT INTO push_subscriptions (endpoint, worker_id, session_hash, p256dh, auth, subscribed_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (endpoint) DO UPDATE SET
       subscribed_at = CASE WHEN push_subscriptions.worker_id = EXCLUDED.worker_id THEN push_subscriptions.subscribed_at ELSE EXCLUDED.subscribed_at END,
       last_sent_at = CASE WHEN push_subscriptions.worker_id = EXCLUDED.worker_id THEN push_subscriptions.last_sent_at END,
       last_failure = NULL,
       worker_id = EXCLUDED.worker_id, session_hash = EXCLUDED.session_hash, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth`,
    [sub.endpoint, workerId, sessionHash, sub.keys.p256dh, sub.keys.auth, now],
  );
}

/** Removes the worker's subscription of this endpoint (nothing when it is not theirs). */
export async function unsubscribe(db: Queryable, workerId: string, endpoint: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE endpoint = $1 AND worker_id = $2', [endpoint, workerId]);
}

/** Logout: the devices this session subscribed stop receiving anything. */
export async function removeSessionDevices(db: Queryable, token: string): Promise<void> {
  await db.query('DELETE FROM push_subscriptions WHERE session_hash = $1', [sha256Hex(token)]);
}

/** A device as the back-office sees it: its push service and a digest, never the endpoint (a capability URL). */
export async function devicesOf(db: Queryable, workerId: string, now: Date): Promise<PushDevice[]> {
  const rows = await db.query<{
    endpoint: string;
    subscribed_at: Date;
    live: boolean;
    last_sent_at: Date | null;
    last_failure: string | null;
  }>(
    `SELECT s.endpoint, s.subscribed_at, (ss.revoked_at IS NULL AND ss.expires_at > $2) AS live, s.last_sent_at, s.last_failure
     FROM push_subscriptions s JOIN sessions ss ON ss.token_hash = s.session_hash
     WHERE s.worker_id = $1 ORDER BY s.subscribed_at DESC, s.endpoint LIMIT 100`,
    [workerId, now],
  );
  return rows.map((r) => ({
    id: sha256Hex(r.endpoint).slice(0, 12),
    service: new URL(r.endpoint).origin,
    subscribedAt: new Date(r.subscribed_at).toISOString(),
    sessionActive: r.live,
    lastSentAt: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
    lastFailure: r.last_failure,
  }));
}
