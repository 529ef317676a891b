/**
 * Absence reports (docs/decisions/200-absence-reports.md): a worker reports that they cannot come to one of their
 * planned missions; for sickness, the medical certificate comes with the report or later, until a deadline fixed
 * when the report is made (the agency's setting at that moment, decision 201). One report stands per mission; a
 * withdrawn one stays for the record. Every change locks the mission's row first, so that two reports sent at once
 * (two tabs, a retried request) are decided one after the other: the second sees the first.
 *
 * The outcomes say what happened; server/api/absences.ts turns them into answers and mails.
 */
import type { AbsenceReason } from '#domain/api-schema.ts';
import { missionEnded, missionStarted } from '#domain/absence.ts';
import { certificateDeadline } from '#domain/working-days.ts';
import type { Db, Queryable } from '../storage/db.ts';
import type { StoredCertificate } from './certificate-file.ts';
import { randomId } from './crypto.ts';
import { ownMission } from './missions.ts';

/** A report with its mission, as the views need it (never the certificate's bytes). */
export type ReportRow = {
  id: string;
  worker_id: string;
  mission_id: string;
  reason: AbsenceReason;
  message: string;
  reported_at: Date;
  certificate_due_by: Date | null;
  withdrawn_at: Date | null;
  certificate_media_type: StoredCertificate['mediaType'] | null;
  certificate_size: number | null;
  certificate_sha256: string | null;
  certificate_received_at: Date | null;
  reference: string;
  job: string;
  date: string;
  start: string;
  end: string;
  short_location: string;
};

export const REPORT_SELECT = `SELECT r.id, r.worker_id, r.mission_id, r.reason, r.message, r.reported_at, r.certificate_due_by, r.withdrawn_at,
    r.certificate_media_type, octet_length(r.certificate) AS certificate_size, r.certificate_sha256, r.certificate_received_at,
    m.reference, m.job, to_char(m.day, 'YYYY-MM-DD') AS date, m.start_time AS start, m.end_time AS "end", m.short_location
  FROM absence_reports r JOIN missions m ON m.id = r.mission_id`;

const instant = (value: Date | string | null) => (value === null ? null : new Date(value));
/** Timestamps as Dates, whichever driver read them. */
export const reportRow = <T extends ReportRow>(r: T): T => ({
  ...r,
  reported_at: instant(r.reported_at)!,
  certificate_due_by: instant(r.certificate_due_by),
  withdrawn_at: instant(r.withdrawn_at),
  certificate_received_at: instant(r.certificate_received_at),
});

/** Reports with their missions, `where` (joins, conditions, order) after the FROM; `extra` columns before the others. */
export async function selectReports<T extends ReportRow = ReportRow>(db: Queryable, where: string, params: unknown[], extra = ''): Promise<T[]> {
  return (await db.query<T>(`${REPORT_SELECT.replace('SELECT ', `SELECT ${extra}`)} ${where}`, params)).map(reportRow);
}

/** One of the worker's reports; another worker's is simply not found. */
export async function ownReport(db: Queryable, workerId: string, reportId: string): Promise<ReportRow | null> {
  return (await selectReports(db, 'WHERE r.worker_id = $1 AND r.id = $2', [workerId, reportId]))[0] ?? null;
}

/** The worker's reports for missions from `fromDay` on, newest first. */
export function reportsOf(db: Queryable, workerId: string, fromDay: string): Promise<ReportRow[]> {
  return selectReports(db, 'WHERE r.worker_id = $1 AND m.day >= $2::date ORDER BY r.reported_at DESC, r.id LIMIT 200', [workerId, fromDay]);
}

export type ReportInput = { mission: string; reason: AbsenceReason; message: string; certificate: StoredCertificate | null };

export type ReportOutcome = { kind: 'created' | 'repeat'; report: ReportRow } | { kind: 'unknown' | 'ended' | 'cancelled' | 'exists' };

/** The mission's row, locked until the transaction ends, if it is the worker's. */
async function lockMission(tx: Queryable, workerId: string, missionId: string) {
  const locked = await tx.query('SELECT id FROM missions WHERE worker_id = $1 AND id = $2 FOR UPDATE', [workerId, missionId]);
  return locked.length ? ownMission(tx, workerId, missionId) : null;
}

const standingReport = async (tx: Queryable, missionId: string) =>
  (await selectReports(tx, 'WHERE r.mission_id = $1 AND r.withdrawn_at IS NULL', [missionId]))[0] ?? null;

/** The same report as one that stands: what a retried request (its answer lost) sends again. */
const sameReport = (r: ReportRow, input: ReportInput) =>
  r.reason === input.reason && r.message === input.message && (r.certificate_sha256 ?? null) === (input.certificate?.sha256 ?? null);

export async function createReport(db: Db, workerId: string, input: ReportInput, now: Date, workingDays: number): Promise<ReportOutcome> {
  return db.transaction(async (tx): Promise<ReportOutcome> => {
    const mission = await lockMission(tx, workerId, input.mission);
    if (!mission) return { kind: 'unknown' };
    const standing = await standingReport(tx, mission.id);
    if (standing) return sameReport(standing, input) ? { kind: 'repeat', report: standing } : { kind: 'exists' };
    if (mission.status === 'cancelled') return { kind: 'cancelled' };
    if (missionEnded(mission, now)) return { kind: 'ended' };
    const id = randomId(16);
    const dueBy = input.reason === 'sick' ? certificateDeadline(now, workingDays).dueBy : null;
    const certificate = input.certificate;
    await tx.query(
      `INSERT INTO absence_reports (id, worker_id, mission_id, reason, message, reported_at, certificate_due_by, certificate, certificate_media_type,
         certificate_sha256, certificate_received_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        workerId,
        mission.id,
        input.reason,
        input.message,
        now,
        dueBy,
        certificate?.bytes ?? null,
        certificate?.mediaType ?? null,
        certificate?.sha256 ?? null,
        certificate ? now : null,
      ],
    );
    return { kind: 'created', report: (await ownReport(tx, workerId, id))! };
  });
}

/** The report, locked with its mission. */
async function lockReport(tx: Queryable, workerId: string, reportId: string): Promise<ReportRow | null> {
  const report = await ownReport(tx, workerId, reportId);
  if (!report) return null;
  await tx.query('SELECT id FROM missions WHERE id = $1 FOR UPDATE', [report.mission_id]);
  return ownReport(tx, workerId, reportId);
}

export type CertificateOutcome = { kind: 'added' | 'repeat'; report: ReportRow } | { kind: 'unknown' | 'notExpected' | 'alreadySent' | 'late' };

/** Whether a certificate may be added now, before its file is even read (the cheap refusals first). */
export function certificateRefusal(report: ReportRow, now: Date): Exclude<CertificateOutcome['kind'], 'added' | 'repeat' | 'unknown'> | null {
  if (report.reason !== 'sick' || report.withdrawn_at) return 'notExpected';
  if (report.certificate_received_at) return null; // a repeat or another file: decided with the file
  return now.getTime() >= report.certificate_due_by!.getTime() ? 'late' : null;
}

export async function addCertificate(db: Db, workerId: string, reportId: string, certificate: StoredCertificate, now: Date): Promise<CertificateOutcome> {
  return db.transaction(async (tx): Promise<CertificateOutcome> => {
    const report = await lockReport(tx, workerId, reportId);
    if (!report) return { kind: 'unknown' };
    if (report.certificate_received_at) return report.certificate_sha256 === certificate.sha256 ? { kind: 'repeat', report } : { kind: 'alreadySent' };
    const refusal = certificateRefusal(report, now);
    if (refusal) return { kind: refusal };
    await tx.query(
      'UPDATE absence_reports SET certificate = $2, certificate_media_type = $3, certificate_sha256 = $4, certificate_received_at = $5 WHERE id = $1',
      [report.id, certificate.bytes, certificate.mediaType, certificate.sha256, now],
    );
    return { kind: 'added', report: (await ownReport(tx, workerId, reportId))! };
  });
}

export type WithdrawOutcome = { kind: 'withdrawn' | 'repeat'; report: ReportRow } | { kind: 'unknown' | 'started' };

export async function withdrawReport(db: Db, workerId: string, reportId: string, now: Date): Promise<WithdrawOutcome> {
  return db.transaction(async (tx): Promise<WithdrawOutcome> => {
    const report = await lockReport(tx, workerId, reportId);
    if (!report) return { kind: 'unknown' };
    if (report.withdrawn_at) return { kind: 'repeat', report };
    if (missionStarted(report, now)) return { kind: 'started' };
    await tx.query('UPDATE absence_reports SET withdrawn_at = $2 WHERE id = $1', [report.id, now]);
    return { kind: 'withdrawn', report: { ...report, withdrawn_at: now } };
  });
}

/** The certificate's bytes as stored, for the agency. */
export async function certificateBytes(
  db: Queryable,
  reportId: string,
): Promise<{ bytes: Uint8Array; mediaType: StoredCertificate['mediaType']; report: ReportRow } | null> {
  const [row] = await selectReports<ReportRow & { certificate: Uint8Array }>(
    db,
    'WHERE r.id = $1 AND r.certificate IS NOT NULL',
    [reportId],
    'r.certificate, ',
  );
  return row ? { bytes: new Uint8Array(row.certificate), mediaType: row.certificate_media_type!, report: row } : null;
}
