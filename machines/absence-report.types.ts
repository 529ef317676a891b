/**
 * The absence report machine's input, context and events. The receipt and the mission are the contract's
 * (#domain/api-schema.ts: AbsenceReport, AbsenceMission, AbsenceReason); the mission as the planning lists it has
 * no job (the receipt's has).
 */
import type { AbsenceMission as ReceiptMission, AbsenceReason, AbsenceReport } from '#domain/api-schema.ts';
import type { ChosenCertificate } from './certificate-picker.machine.ts';

/** The mission the report is about: the receipt's, or the planning's (which omits the job). */
export type AbsenceMission = Omit<ReceiptMission, 'job'> & { job?: string };

export type AbsenceReportInput = { mission: AbsenceMission; report: AbsenceReport | null };

/** What the report sends (the prepared certificate, if any, goes with it). */
export type ReportRequest = { mission: string; reason: AbsenceReason; message: string; certificate: ChosenCertificate | null };

export type AbsenceReportContext = {
  mission: AbsenceMission;
  reason: AbsenceReason | null;
  message: string;
  /** The certificate the picker prepared, ready to send with the report or after it (null when none is ready). */
  certificate: ChosenCertificate | null;
  /** The receipt: what the server stored (null until sent, for a new report). */
  report: AbsenceReport | null;
  /** The code of the last failed send or withdrawal (ApiError `code`), or null. */
  error: string | null;
};

export type AbsenceReportEvent =
  | { type: 'absence.chooseReason'; reason: AbsenceReason }
  | { type: 'absence.editMessage'; message: string }
  | { type: 'absence.next' }
  | { type: 'absence.back' }
  | { type: 'absence.chooseFile'; file: Blob }
  | { type: 'absence.removeFile' }
  | { type: 'absence.later' }
  | { type: 'absence.send' }
  | { type: 'absence.retry' }
  | { type: 'absence.reportAgain' }
  /** From the certificate picker: a certificate is ready to go. */
  | { type: 'certificate.ready'; certificate: ChosenCertificate };
