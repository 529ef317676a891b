/**
 * What the home card and the top of the hours page say: the days waiting for the worker and the nearest deadline,
 * and for a student the paid hours of the calendar year at this agency against the year's quota.
 */
import type { HoursSummary, StudentYear } from '#domain/api-schema.ts';
import { Statute } from '#domain/enums.ts';
import { paidMinutes, studentQuota, type StudentQuotas } from '#domain/hours.ts';
import type { Queryable } from '../storage/db.ts';
import { hoursRows, standingEntry } from './hours.ts';
import type { Worker } from './workers.ts';

async function waiting(db: Queryable, workerId: string, now: Date): Promise<{ count: number; next: Date | null }> {
  const rows = await db.query<{ count: number; next: Date | null }>(
    `SELECT count(*)::int AS count, min(r.confirm_by) AS next FROM missions m
     JOIN LATERAL (SELECT * FROM hours_records h WHERE h.mission_id = m.id ORDER BY h.version DESC LIMIT 1) r ON true
     LEFT JOIN hours_answers a ON a.mission_id = r.mission_id AND a.version = r.version
     WHERE m.worker_id = $1 AND a.kind IS NULL AND r.confirm_by > $2`,
    [workerId, now],
  );
  return { count: rows[0]?.count ?? 0, next: rows[0]?.next ?? null };
}

/**
 * The paid minutes of every recorded day of `year` (the hours that stand: the client's, or the worker's once the
 * agency took them; days still to confirm or contested count as recorded, as the agency declares them until told
 * otherwise). Only this agency's days: the portal cannot know the others, and says so.
 */
export async function studentYear(db: Queryable, workerId: string, year: number, quotas: StudentQuotas): Promise<StudentYear> {
  const rows = await hoursRows(db, workerId, { from: `${year}-01-01`, to: `${year}-12-31` }, 10_000);
  return { year, paidMinutes: rows.reduce((sum, row) => sum + paidMinutes(standingEntry(row)), 0), quotaHours: studentQuota(year, quotas) };
}

export async function hoursSummary(
  db: Queryable,
  worker: Worker,
  now: Date,
  settings: { quotas: StudentQuotas; windowMs: number },
  thisYear: number,
): Promise<HoursSummary> {
  const due = await waiting(db, worker.id, now);
  const { quotas, windowMs } = settings;
  return {
    toConfirm: due.count,
    nextDeadline: due.next ? new Date(due.next).toISOString() : null,
    confirmWindowHours: windowMs / 3_600_000,
    studentYear: worker.statute === Statute.Student ? await studentYear(db, worker.id, thisYear, quotas) : null,
  };
}
