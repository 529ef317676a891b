/**
 * The data of the absence report machine, structurally the contract's (openapi.yaml AbsenceReport, AbsenceMission;
 * docs/decisions/150-each-decision-drawn-once.md): machines import no `src/` file, so the shapes are written here
 * and tests/machines/contract-types.test.ts keeps them equal to the generated ones.
 */
export type AbsenceReason = 'sick' | 'family_emergency' | 'transport' | 'other';
export type CertificateStatus = 'not-needed' | 'due' | 'received' | 'late';
export type CertificateMediaType = 'image/jpeg' | 'image/png' | 'application/pdf';

/** AbsenceMission: the mission as the receipt names it (`job` absent when it comes from the planning, which omits it). */
export type AbsenceMission = { mission: string; reference: string; job?: string; date: string; start: string; end: string; shortLocation: string };

/** AbsenceCertificate. */
export type AbsenceCertificate = {
  status: CertificateStatus;
  lastDay: string | null;
  dueBy: string | null;
  receivedAt: string | null;
  mediaType: CertificateMediaType | null;
  size: number | null;
};

/** AbsenceReport: the receipt. */
export type AbsenceReport = {
  id: string;
  mission: AbsenceMission;
  reason: AbsenceReason;
  message: string;
  reportedAt: string;
  status: 'reported' | 'withdrawn';
  withdrawnAt: string | null;
  certificate: AbsenceCertificate;
  mustPhoneAgency: boolean;
  agencyPhone: string;
  withdrawable: boolean;
};

/** A certificate ready to send: a prepared photo (a JPEG without metadata) or a PDF as chosen. */
export type ChosenCertificate = { file: Blob; name: string; size: number; kind: 'image' | 'pdf' };

/** What the report sends (the prepared certificate, if any, goes with it). */
export type ReportRequest = { mission: string; reason: AbsenceReason; message: string; certificate: ChosenCertificate | null };

/** Why a chosen file cannot be the certificate: a validation_* message key (domain/validation-keys.ts). */
export type CertificateRefusal = { key: string };
