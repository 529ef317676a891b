/** What the absence report's views read from its snapshot (views never re-derive these rules). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { absenceReportMachine } from './absence-report.machine.ts';
import type { AbsenceMission, AbsenceReason, AbsenceReport, ChosenCertificate } from './absence-report.types.ts';

/** The actor the route starts and the views read (docs/decisions/171-actors-start-in-routes.md). */
export type AbsenceReportActor = ActorRefFrom<typeof absenceReportMachine>;
export type AbsenceReportSnapshot = SnapshotFrom<typeof absenceReportMachine>;

/** Which screen of the flow shows. */
export type AbsenceStep = 'reason' | 'certificate' | 'confirming' | 'sending' | 'failed' | 'receipt' | 'withdrawn';

export function absenceStep(s: AbsenceReportSnapshot): AbsenceStep {
  if (s.matches('reason')) return 'reason';
  if (s.matches('certificate')) return 'certificate';
  if (s.matches('confirming')) return 'confirming';
  if (s.matches('sending')) return 'sending';
  if (s.matches('failed')) return 'failed';
  if (s.matches('withdrawn')) return 'withdrawn';
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

/** The certificate picker's state, in the flow or on the receipt. */
export type CertificatePicker = 'empty' | 'preparing' | 'chosen' | 'refused' | 'uploading' | 'uploadFailed';
export function certificatePicker(s: AbsenceReportSnapshot): CertificatePicker | null {
  for (const state of ['empty', 'preparing', 'chosen', 'refused'] as const) {
    if (s.matches({ certificate: state }) || s.matches({ sent: { certificateDue: state } })) return state;
  }
  if (s.matches('uploadingCertificate')) return 'uploading';
  if (s.matches({ sent: { certificateDue: 'uploadFailed' } })) return 'uploadFailed';
  return null;
}

export const chosenCertificate = (s: AbsenceReportSnapshot): ChosenCertificate | null => s.context.certificate;
/** Why the chosen file was refused (a validation_* key). */
export const refusal = (s: AbsenceReportSnapshot): string | null => (certificatePicker(s) === 'refused' ? s.context.refusal : null);

/** The receipt (null before the report is sent). */
export const receipt = (s: AbsenceReportSnapshot): AbsenceReport | null => s.context.report;

/** What the receipt says of the certificate. */
export function certificateState(s: AbsenceReportSnapshot): 'due' | 'sent' | 'late' | 'none' | null {
  if (s.matches({ sent: 'certificateDue' }) || s.matches('uploadingCertificate')) return 'due';
  if (s.matches({ sent: 'certificateSent' })) return 'sent';
  if (s.matches({ sent: 'certificateLate' })) return 'late';
  if (s.matches({ sent: 'noCertificate' })) return 'none';
  return null;
}

/** The worker must also phone the agency now (the server's answer: the mission starts within 24 hours, or has started). */
export const mustPhone = (s: AbsenceReportSnapshot): boolean => s.context.report?.mustPhoneAgency === true && !s.matches('withdrawn');

export const isBusy = (s: AbsenceReportSnapshot): boolean => s.hasTag('busy');
/** The code of the last refusal (ApiError `code`), to say what to do next. */
export const failureCode = (s: AbsenceReportSnapshot): string | null => s.context.error;

export const canNext = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.next' });
export const canRetry = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.retry' });
export const canSendCertificate = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.sendCertificate' });
export const canReportAgain = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.reportAgain' });
export const canWithdraw = (s: AbsenceReportSnapshot): boolean => s.can({ type: 'absence.withdraw' });
export const confirmingWithdrawal = (s: AbsenceReportSnapshot): boolean => s.matches('confirmingWithdrawal');
export const withdrawing = (s: AbsenceReportSnapshot): boolean => s.matches('withdrawing');
export const withdrawFailed = (s: AbsenceReportSnapshot): boolean => s.matches('withdrawFailed');
