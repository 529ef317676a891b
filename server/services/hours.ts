/**
 * Reading recorded days (docs/decisions/195-hours-worked.md). A day's state is computed from the clock each time it
 * is read: a version without an answer is to confirm until its `confirm_by`, confirmed from then on. No job has to
 * run for a deadline to pass, and a server that was down meanwhile reads the same thing.
 */
import type { HoursDay, HoursOfDay, HoursStatus } from '#domain/api-schema.ts';
import { endsNextDay, grossCents, paidMinutes, type HoursEntry } from '#domain/hours.ts';
import type { Queryable } from '../storage/db.ts';

/** The latest version of a mission day's hours with the worker's answer and the agency's resolution, if any. */
export type HoursRow = {
  mission: string;
  date: string;
  reference: string;
  job: string;
  mission_status: string;
  wage: number | null;
  version: number;
  start_time: string;
  end_time: string;
  break_minutes: number;
  recorded_at: Date;
  confirm_by: Date;
  kind: 'confirmed' | 'contested' | null;
  a_start: string | null;
  a_end: string | null;
  a_break: number | null;
  reason: string | null;
  answered_at: Date | null;
  outcome: 'worker' | 'client' | null;
  note: string | null;
  resolved_at: Date | null;
};

const SELECT = `SELECT m.id AS mission, to_char(m.day, 'YYYY-MM-DD') AS date, m.reference, m.job, m.status AS mission_status,
    m.hourly_wage_cents AS wage, r.version, r.start_time, r.end_time, r.break_minutes, r.recorded_at, r.confirm_by,
    a.kind, a.start_time AS a_start, a.end_time AS a_end, a.break_minutes AS a_break, a.reason, a.answered_at,
    z.outcome, z.note, z.resolved_at
  FROM missions m
  JOIN LATERAL (SELECT * FROM hours_records h WHERE h.mission_id = m.id ORDER BY h.version DESC LIMIT 1) r ON true
  LEFT JOIN hours_answers a ON a.mission_id = r.mission_id AND a.version = r.version
  LEFT JOIN hours_resolutions z ON z.mission_id = r.mission_id AND z.version = r.version`;

export function statusOf(row: HoursRow, now: Date): HoursStatus {
  if (row.outcome) return 'resolved';
  if (row.kind) return row.kind;
  return now.getTime() < new Date(row.confirm_by).getTime() ? 'toConfirm' : 'autoConfirmed';
}

export const recordedEntry = (row: HoursRow): HoursEntry => ({ start: row.start_time, end: row.end_time, breakMinutes: row.break_minutes });
export const contestEntry = (row: HoursRow): HoursEntry | null =>
  row.kind === 'contested' ? { start: row.a_start!, end: row.a_end!, breakMinutes: row.a_break! } : null;
/** The hours that stand: the worker's once the agency took them, the client's otherwise. */
export const standingEntry = (row: HoursRow): HoursEntry => (row.outcome === 'worker' ? contestEntry(row)! : recordedEntry(row));

const hoursOf = (e: HoursEntry): HoursOfDay => ({
  start: e.start,
  end: e.end,
  breakMinutes: e.breakMinutes,
  endsNextDay: endsNextDay(e.start, e.end),
  paidMinutes: paidMinutes(e),
});
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function dayView(row: HoursRow, now: Date): HoursDay {
  const status = statusOf(row, now);
  const contest = contestEntry(row);
  const paid = paidMinutes(standingEntry(row));
  return {
    mission: row.mission,
    version: row.version,
    date: row.date,
    reference: row.reference,
    job: row.job,
    recorded: hoursOf(recordedEntry(row)),
    recordedAt: iso(row.recorded_at)!,
    confirmBy: iso(row.confirm_by)!,
    status,
    confirmedAt: status === 'confirmed' ? iso(row.answered_at) : status === 'autoConfirmed' ? iso(row.confirm_by) : null,
    contest: contest ? { hours: hoursOf(contest), reason: row.reason!, contestedAt: iso(row.answered_at)! } : null,
    resolution: row.outcome ? { outcome: row.outcome, note: row.note ?? '', resolvedAt: iso(row.resolved_at)! } : null,
    paidMinutes: paid,
    hourlyWageCents: row.wage,
    grossCents: row.wage === null ? null : grossCents(paid, row.wage),
  };
}

/** The worker's days whose mission falls in [from, to] (YYYY-MM-DD), latest first. */
export function hoursRows(db: Queryable, workerId: string, range: { from: string; to: string }, limit = 500): Promise<HoursRow[]> {
  return db.query<HoursRow>(
    `${SELECT} WHERE m.worker_id = $1 AND m.day BETWEEN $2::date AND $3::date ORDER BY m.day DESC, m.start_time DESC, m.reference LIMIT $4`,
    [workerId, range.from, range.to, limit],
  );
}

/** One mission day of the worker (null when the mission is not theirs or has no hours yet). */
export async function hoursRow(db: Queryable, workerId: string, missionId: string): Promise<HoursRow | null> {
  const rows = await db.query<HoursRow>(`${SELECT} WHERE m.worker_id = $1 AND m.id = $2`, [workerId, missionId]);
  return rows[0] ?? null;
}

/**
 * The earliest mission day still waiting for someone: to confirm (the worker) or contested (the agency). The list's
 * default period reaches back to it, so that nothing the worker must act on falls outside it.
 */
export async function oldestOpenDay(db: Queryable, workerId: string, now: Date): Promise<string | null> {
  const rows = await db.query<{ day: string | null }>(
    `SELECT to_char(min(m.day), 'YYYY-MM-DD') AS day FROM missions m
     JOIN LATERAL (SELECT * FROM hours_records h WHERE h.mission_id = m.id ORDER BY h.version DESC LIMIT 1) r ON true
     LEFT JOIN hours_answers a ON a.mission_id = r.mission_id AND a.version = r.version
     LEFT JOIN hours_resolutions z ON z.mission_id = r.mission_id AND z.version = r.version
     WHERE m.worker_id = $1 AND z.outcome IS NULL AND ((a.kind IS NULL AND r.confirm_by > $2) OR a.kind = 'contested')`,
    [workerId, now],
  );
  return rows[0]?.day ?? null;
}
