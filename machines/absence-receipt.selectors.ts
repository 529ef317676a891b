/** What the receipt's views read from its snapshot (views never re-derive these rules). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AbsenceReport } from '#domain/api-schema.ts';
import type { absenceReceiptMachine } from './absence-receipt.machine.ts';
import type { CertificatePickerActor } from './certificate-picker.selectors.ts';

/** The receipt's actor, invoked by the absence report (machines/absence-report.selectors.ts `receiptOf`). */
export type AbsenceReceiptActor = ActorRefFrom<typeof absenceReceiptMachine>;
export type AbsenceReceiptSnapshot = SnapshotFrom<typeof absenceReceiptMachine>;

/** The receipt as the server last answered it. */
export const receiptReport = (s: AbsenceReceiptSnapshot): AbsenceReport => s.context.report;

/** What the receipt says of the certificate (whatever the withdrawal part is doing). */
export function certificateState(s: AbsenceReceiptSnapshot): 'due' | 'sent' | 'late' | 'none' {
  if (s.matches({ standing: { certificate: 'due' } })) return 'due';
  if (s.matches({ standing: { certificate: 'received' } })) return 'sent';
  if (s.matches({ standing: { certificate: 'late' } })) return 'late';
  return 'none';
}
/** The picker of the certificate that follows, while it is due. */
export const receiptPicker = (s: AbsenceReceiptSnapshot): CertificatePickerActor | undefined => s.children.certificatePicker;
export const uploading = (s: AbsenceReceiptSnapshot): boolean => s.matches({ standing: { certificate: { due: 'uploading' } } });
export const uploadFailed = (s: AbsenceReceiptSnapshot): boolean => s.matches({ standing: { certificate: { due: 'uploadFailed' } } });
export const canSendCertificate = (s: AbsenceReceiptSnapshot): boolean => s.can({ type: 'absence.sendCertificate' });

/** The worker must also phone the agency now (the server's answer: the mission starts within 24 hours, or has started). */
export const mustPhone = (s: AbsenceReceiptSnapshot): boolean => s.context.report.mustPhoneAgency;
export const canWithdraw = (s: AbsenceReceiptSnapshot): boolean => s.can({ type: 'absence.withdraw' });
export const confirmingWithdrawal = (s: AbsenceReceiptSnapshot): boolean => s.matches({ standing: { withdrawal: 'confirming' } });
export const withdrawing = (s: AbsenceReceiptSnapshot): boolean => s.matches({ standing: { withdrawal: 'withdrawing' } });
export const withdrawFailed = (s: AbsenceReceiptSnapshot): boolean => s.matches({ standing: { withdrawal: 'failed' } });
/** The code of the last refused withdrawal (ApiError `code`), to say what to do next. */
export const withdrawalCode = (s: AbsenceReceiptSnapshot): string | null => s.context.error;
export const isBusy = (s: AbsenceReceiptSnapshot): boolean => s.hasTag('busy');
