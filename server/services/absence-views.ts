/**
 * What the contract shows of absence reports: the worker's receipt (AbsenceReport), the mark on a planning item
 * (AbsenceMark), the agency's list (BackofficeAbsence), and what the calendars need to mark an event (decision 203).
 * The certificate's status and the phone notice are worked out against the clock of each answer.
 */
import type { AbsenceCertificate, AbsenceCertificateStatus, AbsenceMark, AbsenceReport, BackofficeAbsence } from '#domain/api-schema.ts';
import { missionStarted, mustPhoneAgency } from '#domain/absence.ts';
import { brusselsToday } from '#domain/period.ts';
import type { Queryable } from '../storage/db.ts';
import { selectReports, type ReportRow } from './absences.ts';

export function certificateStatus(r: ReportRow, now: Date): AbsenceCertificateStatus {
  if (r.certificate_received_at) return 'received';
  if (r.reason !== 'sick' || r.withdrawn_at) return 'not-needed';
  return now.getTime() >= r.certificate_due_by!.getTime() ? 'late' : 'due';
}

/** The last day the certificate may be sent: the day that ends at `dueBy` (Brussels). */
const lastDayOf = (r: ReportRow) => (r.certificate_due_by ? brusselsToday(new Date(r.certificate_due_by.getTime() - 1)) : null);

export const certificateView = (r: ReportRow, now: Date): AbsenceCertificate => ({
  status: certificateStatus(r, now),
  lastDay: lastDayOf(r),
  dueBy: r.certificate_due_by?.toISOString() ?? null,
  receivedAt: r.certificate_received_at?.toISOString() ?? null,
  mediaType: r.certificate_media_type,
  size: r.certificate_size,
});

const missionView = (r: ReportRow) => ({
  mission: r.mission_id,
  reference: r.reference,
  job: r.job,
  date: r.date,
  start: r.start,
  end: r.end,
  shortLocation: r.short_location,
});

export function reportView(r: ReportRow, now: Date, agencyPhone: string): AbsenceReport {
  const standing = r.withdrawn_at === null;
  return {
    id: r.id,
    mission: missionView(r),
    reason: r.reason,
    message: r.message,
    reportedAt: r.reported_at.toISOString(),
    status: standing ? 'reported' : 'withdrawn',
    withdrawnAt: r.withdrawn_at?.toISOString() ?? null,
    certificate: certificateView(r, now),
    mustPhoneAgency: standing && mustPhoneAgency(r, now),
    agencyPhone,
    withdrawable: standing && !missionStarted(r, now),
  };
}

export const backofficeView = (r: ReportRow & { email: string; name: string }, now: Date): BackofficeAbsence => ({
  id: r.id,
  worker: { email: r.email, name: r.name },
  mission: missionView(r),
  reason: r.reason,
  message: r.message,
  reportedAt: r.reported_at.toISOString(),
  status: r.withdrawn_at === null ? 'reported' : 'withdrawn',
  withdrawnAt: r.withdrawn_at?.toISOString() ?? null,
  certificate: certificateView(r, now),
});

/** The standing report of each of the worker's missions that has one, by mission id (the planning's marks). */
export async function absenceMarks(db: Queryable, workerId: string, now: Date): Promise<Map<string, AbsenceMark>> {
  const rows = await selectReports(db, 'WHERE r.worker_id = $1 AND r.withdrawn_at IS NULL', [workerId]);
  return new Map(
    rows.map((r) => [
      r.mission_id,
      { report: r.id, reportedAt: r.reported_at.toISOString(), certificate: certificateStatus(r, now), certificateLastDay: lastDayOf(r) },
    ]),
  );
}

/**
 * What a mission's calendar event owes to absence reports (decision 203): `revisions` to add to its SEQUENCE (one per
 * report, one per withdrawal: the rows are never deleted, so it only goes up), when the last of those happened (its
 * LAST-MODIFIED at least), and since when a report stands (null when none does).
 */
export type CalendarAbsence = { revisions: number; changedAt: Date; reportedAt: Date | null };

export async function calendarAbsences(db: Queryable, workerId: string): Promise<Map<string, CalendarAbsence>> {
  const rows = await db.query<{ mission_id: string; revisions: number; changed_at: Date | string; reported_at: Date | string | null }>(
    `SELECT mission_id, (count(*) + count(withdrawn_at))::int AS revisions, max(greatest(reported_at, coalesce(withdrawn_at, reported_at))) AS changed_at,
       max(reported_at) FILTER (WHERE withdrawn_at IS NULL) AS reported_at
     FROM absence_reports WHERE worker_id = $1 GROUP BY mission_id`,
    [workerId],
  );
  return new Map(
    rows.map((r) => [
      r.mission_id,
      { revisions: r.revisions, changedAt: new Date(r.changed_at), reportedAt: r.reported_at === null ? null : new Date(r.reported_at) },
    ]),
  );
}
