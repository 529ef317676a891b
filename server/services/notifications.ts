/**
 * The worker's notifications: every event is kept in the list (read in the portal, pushed or not) and queued in the
 * push outbox once per device that may receive it, in the transaction of the change it tells of
 * (docs/decisions/252-push-outbox.md). The settings a worker changed are kept apart; no row means the defaults.
 */
import type { Locale, NotificationKind, NotificationList, NotificationSettings, Notification as NotificationView } from '#domain/api-schema.ts';
import { DEFAULT_NOTIFICATION_SETTINGS, NOTIFICATION_TOPICS, TOPIC_OF, type NotificationTopic } from '#domain/notifications.ts';
import type { Queryable } from '../storage/db.ts';
import { randomId, sha256Hex } from './crypto.ts';
import { notificationText, type NotificationParams } from './notification-texts.ts';

/** A push service keeps a message four weeks at most; a longer TTL is cut to this. */
export const MAX_TTL_MS = 28 * 24 * 60 * 60 * 1000;
/** The list shows this long back; older notifications are deleted (`purgeNotificationHistory`). */
export const LIST_DAYS = 60;
/** A push settled (sent, or given up) stays this long in the outbox, for the back office to read why; then it goes. */
export const PUSH_OUTBOX_KEEP_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export type NotificationEvent = {
  workerId: string;
  kind: NotificationKind;
  /** What the news is about (`mission:<id>`): later news of the same thing replaces it on the phone (the Topic). */
  about: string;
  params: NotificationParams;
  /** The portal's page it is about (a path). */
  link: string;
  /** When it stops mattering: the push's TTL ends then, and it is not pushed after. */
  expiresAt: Date;
  /** Pushed at once, quiet hours or not (Urgency: high). */
  urgent: boolean;
  /** A reminder found by a scan: one row whoever finds it first. */
  dedupeKey?: string;
};

/** The Web Push Topic of a thing: at most 32 characters of the URL-safe base64 alphabet. */
export const topicOf = (about: string): string => Buffer.from(sha256Hex(about), 'hex').toString('base64url').slice(0, 32);

/**
 * Keeps the events in the list and queues each for every device of its worker that may receive it (a live session,
 * the kind turned on, news still fresh). Answers how many pushes were queued. `db` is the caller's transaction.
 */
export async function recordNotifications(db: Queryable, events: readonly NotificationEvent[], now: Date): Promise<{ ids: string[]; queued: number }> {
  if (events.length === 0) return { ids: [], queued: 0 };
  const rows = events.map((e) => ({ ...e, id: randomId(16) }));
  const inserted = await db.query<{ id: string }>(
    `INSERT INTO notifications (id, worker_id, kind, topic, setting, params, link, urgent, created_at, expires_at, dedupe_key)
     SELECT u.id, u.worker_id, u.kind, u.topic, u.setting, u.params::jsonb, u.link, u.urgent, $12, u.expires_at::timestamptz, u.dedupe_key
     FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[], $9::text[], $10::text[], $11::int[])
       AS u(id, worker_id, kind, topic, setting, params, link, urgent, expires_at, dedupe_key, position)
     ORDER BY u.position
     ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
    [
      rows.map((r) => r.id),
      rows.map((r) => r.workerId),
      rows.map((r) => r.kind),
      rows.map((r) => topicOf(r.about)),
      rows.map((r) => TOPIC_OF[r.kind]),
      rows.map((r) => JSON.stringify(r.params)),
      rows.map((r) => r.link),
      rows.map((r) => r.urgent),
      rows.map((r) => r.expiresAt.toISOString()),
      rows.map((r) => r.dedupeKey ?? null),
      rows.map((_, i) => i),
      now,
    ],
  );
  const ids = inserted.map((r) => r.id);
  if (ids.length === 0) return { ids, queued: 0 };
  const queued = await db.query(
    `INSERT INTO push_outbox (notification_id, endpoint, due_at)
     SELECT n.id, s.endpoint, $2 FROM notifications n
       JOIN push_subscriptions s ON s.worker_id = n.worker_id
       JOIN sessions ss ON ss.token_hash = s.session_hash AND ss.revoked_at IS NULL AND ss.expires_at > $2
       LEFT JOIN notification_settings st ON st.worker_id = n.worker_id
     WHERE n.id = ANY($1::text[]) AND n.expires_at > $2 AND (n.setting IS NULL OR NOT (n.setting = ANY(coalesce(st.topics_off, '{}'))))
     ON CONFLICT (notification_id, endpoint) DO NOTHING RETURNING id`,
    [ids, now],
  );
  return { ids, queued: queued.length };
}

type Row = { id: string; kind: NotificationKind; params: NotificationParams; link: string; created_at: Date; read_at: Date | null };

const view = (r: Row, locale: Locale): NotificationView => ({
  id: r.id,
  kind: r.kind,
  ...notificationText(r.kind, r.params, locale),
  link: r.link,
  createdAt: new Date(r.created_at).toISOString(),
  readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
});

const since = (now: Date) => new Date(now.getTime() - LIST_DAYS * DAY_MS);

export async function unreadCount(db: Queryable, workerId: string, now: Date): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM notifications WHERE worker_id = $1 AND read_at IS NULL AND created_at > $2',
    [workerId, since(now)],
    { name: 'notifications_unread' },
  );
  return row?.n ?? 0;
}

export async function notificationList(db: Queryable, workerId: string, locale: Locale, now: Date): Promise<NotificationList> {
  const rows = await db.query<Row>(
    `SELECT id, kind, params, link, created_at, read_at FROM notifications
     WHERE worker_id = $1 AND created_at > $2 ORDER BY created_at DESC, seq DESC LIMIT 50`,
    [workerId, since(now)],
  );
  return { unread: await unreadCount(db, workerId, now), items: rows.map((r) => view(r, locale)) };
}

export async function markRead(db: Queryable, workerId: string, ids: readonly string[], now: Date): Promise<number> {
  await db.query('UPDATE notifications SET read_at = $3 WHERE worker_id = $1 AND id = ANY($2::text[]) AND read_at IS NULL', [workerId, ids, now]);
  return unreadCount(db, workerId, now);
}

export async function settingsOf(db: Queryable, workerId: string): Promise<NotificationSettings> {
  const [row] = await db.query<{ topics_off: string[]; quiet_start: string | null; quiet_end: string | null }>(
    'SELECT topics_off, quiet_start, quiet_end FROM notification_settings WHERE worker_id = $1',
    [workerId],
  );
  if (!row) return DEFAULT_NOTIFICATION_SETTINGS;
  const topics = Object.fromEntries(NOTIFICATION_TOPICS.map((t) => [t, !row.topics_off.includes(t)])) as Record<NotificationTopic, boolean>;
  return { topics, quietHours: row.quiet_start && row.quiet_end ? { start: row.quiet_start, end: row.quiet_end } : null };
}

/** Keeps the settings; a push still queued for a kind turned off since is given up when its turn comes (push-sender.ts). */
export async function saveSettings(db: Queryable, workerId: string, settings: NotificationSettings): Promise<NotificationSettings> {
  const off = NOTIFICATION_TOPICS.filter((t) => !settings.topics[t]);
  await db.query(
    `INSERT INTO notification_settings (worker_id, topics_off, quiet_start, quiet_end) VALUES ($1, $2, $3, $4)
     ON CONFLICT (worker_id) DO UPDATE SET topics_off = EXCLUDED.topics_off, quiet_start = EXCLUDED.quiet_start, quiet_end = EXCLUDED.quiet_end`,
    [workerId, off, settings.quietHours?.start ?? null, settings.quietHours?.end ?? null],
  );
  return settingsOf(db, workerId);
}

/**
 * The push loop's scan keeps the history short (docs/decisions/252-push-outbox.md): a notification past the list's
 * window is no longer shown anywhere, so it goes, with what was queued of it; a push settled more than
 * PUSH_OUTBOX_KEEP_DAYS ago goes from the outbox. Strictly older: at the limit itself, it is still kept.
 */
export async function purgeNotificationHistory(db: Queryable, now: Date): Promise<{ notifications: number; pushes: number }> {
  const notifications = await db.query('DELETE FROM notifications WHERE created_at < $1 RETURNING id', [new Date(now.getTime() - LIST_DAYS * DAY_MS)]);
  const pushes = await db.query('DELETE FROM push_outbox WHERE coalesce(sent_at, given_up_at) < $1 RETURNING id', [
    new Date(now.getTime() - PUSH_OUTBOX_KEEP_DAYS * DAY_MS),
  ]);
  return { notifications: notifications.length, pushes: pushes.length };
}
