/** What the absence report's views read from its snapshot (views never re-derive these rules). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AbsenceReason, AbsenceReport } from '#domain/api-schema.ts';
import type { AbsenceReceiptActor } from './absence-receipt.selectors.ts';
import type { absenceReportMachine } from './absence-report.machine.ts';
import type { AbsenceMission } from './absence-report.types.ts';
import type { ChosenCertificate } from './certificate-picker.machine.ts';
import type { CertificatePickerActor } from './certificate-picker.selectors.ts';

/** The actor the route starts and the views read (docs/decisions/171-actors-start-in-routes.md). */
export type AbsenceReportActor = ActorRefFrom<typeof absenceReportMachine>;
export type AbsenceReportSnapshot = SnapshotFrom<typeof absenceReportMachine>;

/** Which screen of the flow shows. */
export type AbsenceStep = 'reason' | 'certificate' | 'confirming' | 'sending' | 'failed' | 'receipt' | 'withdrawn';

export function absenceStep(s: AbsenceReportSnapshot): AbsenceStep {
  for (const step of ['reason', 'certificate', 'confirming', 'sending', 'failed', 'withdrawn'] as const) if (s.matches(step)) return step;
  return 'receipt';
}

/** The mission the report is about (named at the top of every step). */
export const absenceMission = (s: AbsenceReportSnapshot): AbsenceMission => s.context.mission;
/** The reason chosen so far (null before one is chosen). */
export const chosenReason = (s: AbsenceReportSnapshot): AbsenceReason | null => s.context.reason;
/** The worker's message as typed (may be empty). */
export const absenceMessage = (s: AbsenceReportSnapshot): string => s.context.message;
/** The reason step's "choose a reason" message: Next was pressed without one. */
export const reasonMissing = (s: AbsenceReportSnapshot): boolean => s.matches({ reason: 'incomplete' });

/** The certificate picker of the certificate step. */
export const stepPicker = (s: AbsenceReportSnapshot): CertificatePickerActor | undefined => s.children.certificatePicker;
/** The certificate ready to go with the report (null when none is). */
export const chosenCertificate = (s: AbsenceReportSnapshot): ChosenCertificate | null => s.context.certificate;
/** The receipt's actor, once the report stands. */
export const receiptOf = (s: AbsenceReportSnapshot): AbsenceReceiptActor | undefined => s.children.receipt;
/** The report as last known: the receipt the server answered, or the withdrawn one. */
export const reportOf = (s: AbsenceReportSnapshot): AbsenceReport | null => s.context.report;

export const isBusy = (s: AbsenceReportSnapshot): boolean => s.hasTag('busy');
/** The code of the last refused send (ApiError `code`), to say what to do next. */
export const failureCode = (s: AbsenceReportSnapshot): string | null => s.context.error;

export const canNext = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.next' });
export const canRetry = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.retry' });
export const canReportAgain = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.reportAgain' });
