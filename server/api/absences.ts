/**
 * Absence reports (tag absences; docs/decisions/200-absence-reports.md): the worker reports, reads the receipt,
 * adds the certificate, withdraws; the agency is mailed each time something reaches it. The certificate is checked
 * and stripped (services/certificate-file.ts) before any row is locked.
 */
import type { AbsenceReason, AbsenceReport, ErrorCode } from '#domain/api-schema.ts';
import { addDays } from '../services/clock.ts';
import { brusselsToday } from '#domain/period.ts';
import { ABSENCE_KEYS } from '#domain/absence.ts';
import { agencyOf } from '../config.ts';
import { mailAgency } from '../services/absence-mails.ts';
import { reportView } from '../services/absence-views.ts';
import { addCertificate, certificateRefusal, createReport, ownReport, reportsOf, withdrawReport, type ReportRow } from '../services/absences.ts';
import { prepareCertificate, type CertificateRefusal, type StoredCertificate } from '../services/certificate-file.ts';
import { ownMission } from '../services/missions.ts';
import { isShapeError } from './contract.ts';
import { ApiFailure, badRequest, invalid, notFound } from './errors.ts';
import { approvedAccount, me } from './guards.ts';
import { issueFromAjv } from './issues.ts';
import { readMultipart } from './multipart.ts';
import type { AnyRequest, Operations } from './operation.ts';

/** How far back the worker's list of reports goes (by the mission's day). */
const LIST_DAYS = 60;

const conflict = (code: ErrorCode) => new ApiFailure(409, code);

/** The multipart form's text fields and its one file field (`file`); anything else is malformed. */
async function readForm(req: AnyRequest, file: string): Promise<{ fields: Record<string, string>; file: File | null }> {
  const form = await readMultipart(req);
  const fields: Record<string, string> = {};
  let upload: File | null = null;
  for (const [key, value] of form.entries()) {
    if (key in fields || (key === file && upload)) throw badRequest();
    if (key === file) {
      if (typeof value === 'string') throw badRequest();
      upload = value;
    } else if (typeof value !== 'string' || value.includes('\u0000')) throw badRequest();
    else fields[key] = value;
  }
  return { fields, file: upload };
}

/** How each refusal of a certificate's file is answered: its own codes, and the personal file's for a photo's pixels. */
const CERTIFICATE_REFUSALS: Record<CertificateRefusal, () => ApiFailure> = {
  tooLarge: () => new ApiFailure(413, 'absence_certificate_too_large'),
  type: () => new ApiFailure(415, 'absence_certificate_type'),
  damaged: () => new ApiFailure(415, 'image_damaged'),
  tooManyPixels: () => new ApiFailure(413, 'image_too_large'),
  tooComplex: () => new ApiFailure(413, 'file_too_complex'),
};

/** The certificate as it will be stored, or the refusal of its file. */
async function certificateOf(req: AnyRequest, file: File): Promise<StoredCertificate> {
  const prepared = await prepareCertificate(new Uint8Array(await file.arrayBuffer()), req.deps.config.imageMaxEdge);
  if (typeof prepared === 'string') throw CERTIFICATE_REFUSALS[prepared]();
  return prepared;
}

const receipt = (req: AnyRequest, report: ReportRow, status: 200 | 201 = 200) =>
  req.c.json<AbsenceReport>(reportView(report, req.now, agencyOf(req.deps.config).phone), status);

async function reportOr404(req: AnyRequest & { params: { report: string } }): Promise<ReportRow> {
  const report = await ownReport(req.deps.db, me(req).id, req.params.report);
  if (!report) throw notFound();
  return report;
}

export const absenceOperations = {
  listAbsenceReports: {
    guard: approvedAccount,
    async handle(req) {
      const reports = await reportsOf(req.deps.db, me(req).id, addDays(brusselsToday(req.now), -LIST_DAYS));
      const phone = agencyOf(req.deps.config).phone;
      return req.c.json<AbsenceReport[]>(reports.map((r) => reportView(r, req.now, phone)));
    },
  },
  reportAbsence: {
    guard: approvedAccount,
    async handle(req) {
      const { fields, file } = await readForm(req, 'certificate');
      const validate = req.deps.contract.schema('AbsenceReportForm');
      if (!validate(fields)) {
        const errors = validate.errors ?? [];
        if (errors.some(isShapeError)) throw badRequest();
        throw invalid(errors.map((e) => issueFromAjv(e, 'reportAbsence')));
      }
      const reason = fields.reason as AbsenceReason;
      if (file && reason !== 'sick') throw invalid([{ path: 'certificate', key: ABSENCE_KEYS.certificateOnlyForSickness }]);
      const worker = me(req);
      // An unknown mission is refused before a certificate is read (another worker's answers the same).
      if (!(await ownMission(req.deps.db, worker.id, fields.mission!))) throw notFound('absence_mission_unknown');
      const certificate = file ? await certificateOf(req, file) : null;
      const agency = agencyOf(req.deps.config);
      const outcome = await createReport(
        req.deps.db,
        worker.id,
        { mission: fields.mission!, reason, message: (fields.message ?? '').trim(), certificate },
        req.now,
        agency.certificateWorkingDays,
      );
      switch (outcome.kind) {
        case 'unknown':
          throw notFound('absence_mission_unknown');
        case 'ended':
          throw conflict('absence_mission_ended');
        case 'cancelled':
          throw conflict('absence_mission_cancelled');
        case 'exists':
          throw conflict('absence_already_reported');
        case 'repeat':
          return receipt(req, outcome.report);
        case 'created':
          await mailAgency(req.deps.mailer, agency, 'absenceReported', worker, outcome.report, req.now);
          return receipt(req, outcome.report, 201);
      }
    },
  },
  getAbsenceReport: {
    guard: approvedAccount,
    async handle(req) {
      return receipt(req, await reportOr404(req));
    },
  },
  addAbsenceCertificate: {
    guard: approvedAccount,
    async handle(req) {
      const { fields, file } = await readForm(req, 'certificate');
      if (Object.keys(fields).length > 0 || !file) throw badRequest();
      const worker = me(req);
      const before = await reportOr404(req);
      // Refused before the file is read when nothing could change that (a repeat is decided with the file).
      const refusal = certificateRefusal(before, req.now);
      if (refusal === 'notExpected') throw conflict('absence_certificate_not_expected');
      if (refusal === 'late') throw conflict('absence_certificate_late');
      const certificate = await certificateOf(req, file);
      const outcome = await addCertificate(req.deps.db, worker.id, before.id, certificate, req.now);
      switch (outcome.kind) {
        case 'unknown':
          throw notFound();
        case 'notExpected':
          throw conflict('absence_certificate_not_expected');
        case 'late':
          throw conflict('absence_certificate_late');
        case 'alreadySent':
          throw conflict('absence_certificate_already_sent');
        case 'repeat':
          return receipt(req, outcome.report);
        case 'added':
          await mailAgency(req.deps.mailer, agencyOf(req.deps.config), 'absenceCertificate', worker, outcome.report, req.now);
          return receipt(req, outcome.report);
      }
    },
  },
  withdrawAbsenceReport: {
    guard: approvedAccount,
    async handle(req) {
      const worker = me(req);
      const outcome = await withdrawReport(req.deps.db, worker.id, req.params.report, req.now);
      switch (outcome.kind) {
        case 'unknown':
          throw notFound();
        case 'started':
          throw conflict('absence_mission_started');
        case 'repeat':
          return receipt(req, outcome.report);
        case 'withdrawn':
          await mailAgency(req.deps.mailer, agencyOf(req.deps.config), 'absenceWithdrawn', worker, outcome.report, req.now);
          return receipt(req, outcome.report);
      }
    },
  },
} satisfies Partial<Operations>;
