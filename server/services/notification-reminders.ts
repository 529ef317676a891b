/**
 * Reminders are found, not scheduled (docs/decisions/253-what-is-pushed.md): each round of the push loop looks for
 * hours still to confirm whose deadline is a few hours away, and certificates still due whose last day has come,
 * so that a correction of the hours, an answer or a certificate sent meanwhile simply leaves nothing to find. Each
 * reminder has a key of the thing and its version: however many scans (and instances) find it, it is one row.
 */
import { CERTIFICATE_REMINDER_LEAD_MS, HOURS_REMINDER_LEAD_MS } from '#domain/notifications.ts';
import { brusselsToday } from '#domain/brussels-day.ts';
import type { Queryable } from '../storage/db.ts';
import { recordNotifications, type NotificationEvent } from './notifications.ts';

const LIMIT = 500;

async function hoursReminders(db: Queryable, now: Date): Promise<NotificationEvent[]> {
  const rows = await db.query<{ mission_id: string; version: number; confirm_by: Date; worker_id: string; reference: string; date: string }>(
    `SELECT r.mission_id, r.version, r.confirm_by, m.worker_id, m.reference, to_char(m.day, 'YYYY-MM-DD') AS date
     FROM hours_records r JOIN missions m ON m.id = r.mission_id
     WHERE r.confirm_by > $1 AND r.confirm_by <= $1 + make_interval(secs => $2) AND r.recorded_at < r.confirm_by - make_interval(secs => $2)
       AND r.version = (SELECT max(x.version) FROM hours_records x WHERE x.mission_id = r.mission_id)
       AND NOT EXISTS (SELECT 1 FROM hours_answers a WHERE a.mission_id = r.mission_id AND a.version = r.version)
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.dedupe_key = 'hoursReminder:' || r.mission_id || ':' || r.version)
     ORDER BY r.confirm_by LIMIT ${LIMIT}`,
    [now, HOURS_REMINDER_LEAD_MS / 1000],
  );
  return rows.map((r) => ({
    workerId: r.worker_id,
    kind: 'hoursReminder',
    about: `hours:${r.mission_id}`,
    params: { reference: r.reference, date: r.date, confirmBy: new Date(r.confirm_by).toISOString() },
    link: '/hours',
    expiresAt: new Date(r.confirm_by),
    urgent: false,
    dedupeKey: `hoursReminder:${r.mission_id}:${r.version}`,
  }));
}

async function certificateReminders(db: Queryable, now: Date): Promise<NotificationEvent[]> {
  const rows = await db.query<{ id: string; worker_id: string; mission_id: string; due_by: Date; reference: string; date: string }>(
    `SELECT a.id, a.worker_id, a.mission_id, a.certificate_due_by AS due_by, m.reference, to_char(m.day, 'YYYY-MM-DD') AS date
     FROM absence_reports a JOIN missions m ON m.id = a.mission_id
     WHERE a.reason = 'sick' AND a.withdrawn_at IS NULL AND a.certificate_received_at IS NULL
       AND a.certificate_due_by > $1 AND a.certificate_due_by <= $1 + make_interval(secs => $2)
       AND a.reported_at < a.certificate_due_by - make_interval(secs => $2)
       AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.dedupe_key = 'certificateDue:' || a.id)
     ORDER BY a.certificate_due_by LIMIT ${LIMIT}`,
    [now, CERTIFICATE_REMINDER_LEAD_MS / 1000],
  );
  return rows.map((r) => ({
    workerId: r.worker_id,
    kind: 'certificateDue',
    about: `absence:${r.id}`,
    params: { reference: r.reference, date: r.date, lastDay: brusselsToday(new Date(new Date(r.due_by).getTime() - 1)) },
    link: `/absence?mission=${r.mission_id}`,
    expiresAt: new Date(r.due_by),
    urgent: false,
    dedupeKey: `certificateDue:${r.id}`,
  }));
}

/** Finds the reminders that have come and records them (list and outbox); answers how many pushes were queued. */
export async function recordReminders(db: Queryable, now: Date): Promise<number> {
  const events = [...(await hoursReminders(db, now)), ...(await certificateReminders(db, now))];
  return (await recordNotifications(db, events, now)).queued;
}
