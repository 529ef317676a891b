/**
 * What the client, the worker and the agency do with a day's hours (docs/decisions/195-hours-worked.md). Each runs
 * in one transaction with the mission's row locked, so two calls on one day never both act on what they read; each
 * only adds rows (a version, an answer, a resolution), so the history stays as it was. Each is safe to repeat: the
 * same call after a lost answer finds its own work done and answers the day as it stands.
 */
import type { ErrorCode, HoursContestRequest, HoursDay, HoursDayVersion, HoursEntry, HoursStatus } from '#domain/api-schema.ts';
import { brusselsToday } from '#domain/period.ts';
import type { Db, Queryable } from '../storage/db.ts';
import { contestEntry, dayView, hoursRow, recordedEntry, statusOf, type HoursRow } from './hours.ts';
import type { Worker } from './workers.ts';

export type HoursOutcome = { kind: 'notFound' } | { kind: 'refused'; code: ErrorCode } | { kind: 'done'; day: HoursDay; changed: boolean };

/** Why a day in this state refuses the worker's answer or a new recording. */
const REFUSAL: Record<Exclude<HoursStatus, 'toConfirm'>, ErrorCode> = {
  confirmed: 'hours_confirmed',
  autoConfirmed: 'hours_auto_confirmed',
  contested: 'hours_contested',
  resolved: 'hours_resolved',
};

const sameEntry = (a: HoursEntry, b: HoursEntry) => a.start === b.start && a.end === b.end && a.breakMinutes === b.breakMinutes;

/** Locks the worker's missions (in id order, so two calls never wait for each other) and answers the ids found. */
async function lockMissions(tx: Queryable, workerId: string, ids: string[]): Promise<Set<string>> {
  const rows = await tx.query<{ id: string }>('SELECT id FROM missions WHERE worker_id = $1 AND id = ANY($2::text[]) ORDER BY id FOR UPDATE', [workerId, ids]);
  return new Set(rows.map((r) => r.id));
}

type Refusal = Exclude<HoursOutcome, { kind: 'done' }>;

/** The day's row for the worker's answer to `version` (the one they saw), or why there is none to answer. */
function answerable(row: HoursRow | null, version: number): { row: HoursRow } | { refusal: Refusal } {
  if (!row || version > row.version) return { refusal: { kind: 'notFound' } };
  if (version < row.version) return { refusal: { kind: 'refused', code: 'hours_changed' } };
  return { row };
}

/** Confirms every day named, or none: the first day that cannot be confirmed says why. */
export async function confirmDays(db: Db, worker: Worker, days: HoursDayVersion[], now: Date): Promise<{ kind: 'done'; days: HoursDay[] } | Refusal> {
  return db.transaction(async (tx) => {
    const owned = await lockMissions(
      tx,
      worker.id,
      days.map((d) => d.mission),
    );
    const rows: HoursRow[] = [];
    for (const wanted of days) {
      const found = answerable(owned.has(wanted.mission) ? await hoursRow(tx, worker.id, wanted.mission) : null, wanted.version);
      if ('refusal' in found) return found.refusal;
      const status = statusOf(found.row, now);
      // Confirmed by the worker already: the same call after a lost answer, answered as the day stands.
      if (status !== 'toConfirm' && status !== 'confirmed') return { kind: 'refused', code: REFUSAL[status] };
      rows.push(found.row);
    }
    for (const row of rows)
      if (statusOf(row, now) === 'toConfirm')
        await tx.query("INSERT INTO hours_answers (mission_id, version, kind, answered_at) VALUES ($1, $2, 'confirmed', $3)", [row.mission, row.version, now]);
    const after = await Promise.all(rows.map((row) => hoursRow(tx, worker.id, row.mission)));
    return { kind: 'done', days: after.map((row) => dayView(row!, now)) };
  });
}

/** The worker's hours and reason for a day to confirm; the same contest again is answered as the day stands. */
export async function contestDay(db: Db, worker: Worker, missionId: string, input: HoursContestRequest, now: Date): Promise<HoursOutcome> {
  return db.transaction(async (tx) => {
    const owned = await lockMissions(tx, worker.id, [missionId]);
    const found = answerable(owned.size ? await hoursRow(tx, worker.id, missionId) : null, input.version);
    if ('refusal' in found) return found.refusal;
    const { row } = found;
    const entry = { start: input.start, end: input.end, breakMinutes: input.breakMinutes };
    const reason = input.reason.trim();
    const status = statusOf(row, now);
    const contested = contestEntry(row);
    if (contested && sameEntry(contested, entry) && row.reason === reason) return { kind: 'done', day: dayView(row, now), changed: false };
    if (status !== 'toConfirm') return { kind: 'refused', code: REFUSAL[status] };
    await tx.query(
      "INSERT INTO hours_answers (mission_id, version, kind, start_time, end_time, break_minutes, reason, answered_at) VALUES ($1, $2, 'contested', $3, $4, $5, $6, $7)",
      [row.mission, row.version, entry.start, entry.end, entry.breakMinutes, reason, now],
    );
    return { kind: 'done', day: dayView((await hoursRow(tx, worker.id, missionId))!, now), changed: true };
  });
}

/**
 * The client's hours for a mission day: a first recording, or a correction while the day is to confirm (a new
 * version, a new deadline). The same hours as the current version change nothing.
 */
export async function recordHours(db: Db, worker: Worker, missionId: string, entry: HoursEntry, now: Date, windowMs: number): Promise<HoursOutcome> {
  return db.transaction(async (tx) => {
    const mission = (
      await tx.query<{ day: string; status: string }>(
        "SELECT to_char(day, 'YYYY-MM-DD') AS day, status FROM missions WHERE worker_id = $1 AND id = $2 FOR UPDATE",
        [worker.id, missionId],
      )
    )[0];
    if (!mission) return { kind: 'notFound' };
    if (mission.status === 'cancelled') return { kind: 'refused', code: 'mission_cancelled' };
    if (mission.day > brusselsToday(now)) return { kind: 'refused', code: 'hours_too_early' };
    const row = await hoursRow(tx, worker.id, missionId);
    if (row) {
      const status = statusOf(row, now);
      if (status !== 'toConfirm') return { kind: 'refused', code: REFUSAL[status] };
      if (sameEntry(recordedEntry(row), entry)) return { kind: 'done', day: dayView(row, now), changed: false };
    }
    await tx.query(
      'INSERT INTO hours_records (mission_id, version, start_time, end_time, break_minutes, recorded_at, confirm_by) VALUES ($1, $2, $3, $4, $5, $6, $7)',
      [missionId, (row?.version ?? 0) + 1, entry.start, entry.end, entry.breakMinutes, now, new Date(now.getTime() + windowMs)],
    );
    return { kind: 'done', day: dayView((await hoursRow(tx, worker.id, missionId))!, now), changed: true };
  });
}

/** The agency's decision on a contested day; the same decision again is answered as the day stands. */
export async function resolveContest(
  db: Db,
  worker: Worker,
  missionId: string,
  input: { outcome: 'worker' | 'client'; note: string },
  now: Date,
): Promise<HoursOutcome> {
  return db.transaction(async (tx) => {
    const owned = await lockMissions(tx, worker.id, [missionId]);
    if (!owned.size) return { kind: 'notFound' };
    const row = await hoursRow(tx, worker.id, missionId);
    const status = row ? statusOf(row, now) : null;
    if (row && status === 'resolved') {
      return row.outcome === input.outcome && row.note === input.note
        ? { kind: 'done', day: dayView(row, now), changed: false }
        : { kind: 'refused', code: 'hours_resolved' };
    }
    if (!row || status !== 'contested') return { kind: 'refused', code: 'hours_not_contested' };
    await tx.query('INSERT INTO hours_resolutions (mission_id, version, outcome, note, resolved_at) VALUES ($1, $2, $3, $4, $5)', [
      missionId,
      row.version,
      input.outcome,
      input.note,
      now,
    ]);
    return { kind: 'done', day: dayView((await hoursRow(tx, worker.id, missionId))!, now), changed: true };
  });
}
