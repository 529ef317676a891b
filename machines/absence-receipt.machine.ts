/**
 * The receipt of an absence report (§16; docs/decisions/204-absence-report-machine.md, 227-certificate-picker-child.md):
 * the absence report machine invokes it once the report stands, and it ends when the report is withdrawn.
 *
 * Two parts go on side by side: the certificate (due: chosen in the picker, machines/certificate-picker.machine.ts,
 * then sent → received; late; or not needed) and the withdrawal (before the mission starts, after a confirmation →
 * withdrawn, the final state, whose output is the withdrawn receipt).
 *
 * Invariants
 * - What the receipt says of the certificate is decided in one place (`standing.certificate.deciding`), from the
 *   server's answer, and stays said while a withdrawal is asked: the two parts are apart.
 * - Whether the report can still be withdrawn is the server's word (`withdrawable`); a withdrawal and a certificate
 *   upload never run at once.
 *
 * Input: `{ report }`, the receipt as the server answered it. Output: the withdrawn receipt.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/absence-receipt.md, decision 070).
 */
import { and, assertEvent, assign, not, sendTo, setup, stateIn } from 'xstate';
import type { AbsenceCertificateStatus, AbsenceReport } from '#domain/api-schema.ts';
import { pickerForParent, type ChosenCertificate } from './certificate-picker.machine.ts';
import { errorCodeOf, errorOf, notProvided, outputOf, refusedWith } from './invokes.ts';

export type AbsenceReceiptInput = { report: AbsenceReport };
export type AbsenceReceiptContext = {
  report: AbsenceReport;
  /** The certificate the picker prepared, ready to send (null when none is). */
  certificate: ChosenCertificate | null;
  /** The code of the last failed withdrawal (ApiError `code`), or null. */
  error: string | null;
};
export type AbsenceReceiptEvent =
  | { type: 'absence.chooseFile'; file: Blob }
  | { type: 'absence.removeFile' }
  | { type: 'absence.sendCertificate' }
  | { type: 'absence.withdraw' }
  | { type: 'absence.confirm' }
  | { type: 'absence.cancel' }
  | { type: 'absence.retry' }
  /** From the certificate picker: a certificate is ready to go. */
  | { type: 'certificate.ready'; certificate: ChosenCertificate };

export const absenceReceiptMachine = setup({
  types: {
    context: {} as AbsenceReceiptContext,
    events: {} as AbsenceReceiptEvent,
    input: {} as AbsenceReceiptInput,
    output: {} as AbsenceReport,
    tags: {} as 'busy',
    children: {} as { certificatePicker: 'certificatePicker'; uploadCertificate: 'uploadCertificate'; withdrawReport: 'withdrawReport' },
  },
  actors: {
    /** The certificate picker (machines/certificate-picker.machine.ts). Input `{ certificate }`: the one ready already. */
    certificatePicker: pickerForParent,
    /** POST /user/me/absences/{report}/certificate. Input `{ report, certificate }`. Output the receipt; fails with `absence_certificate_late` after the deadline. */
    uploadCertificate: notProvided<AbsenceReport, { report: string; certificate: ChosenCertificate | null }>('uploadCertificate'),
    /** POST /user/me/absences/{report}/withdraw. Input `{ report }`. Output the receipt, withdrawn; fails with `absence_mission_started` once it has started. */
    withdrawReport: notProvided<AbsenceReport, { report: string }>('withdrawReport'),
  },
  actions: {
    /** Gives the picker the file the worker chose. */
    pickFile: sendTo('certificatePicker', ({ event }) => {
      assertEvent(event, 'absence.chooseFile');
      return { type: 'certificate.choose', file: event.file };
    }),
    /** Tells the picker the worker removed the file. */
    removeFile: sendTo('certificatePicker', { type: 'certificate.remove' }),
    /** Keeps the certificate the picker prepared. */
    keepCertificate: assign({
      certificate: ({ event }) => {
        assertEvent(event, 'certificate.ready');
        return event.certificate;
      },
    }),
    /** Forgets the certificate (another file chosen or removed, or sent). */
    forgetCertificate: assign({ certificate: null }),
    /** Keeps the receipt the server answered. */
    keepReport: assign({ report: ({ event }) => outputOf<AbsenceReport>(event, 'uploadCertificate', 'withdrawReport'), error: null }),
    /** The server refused the certificate as late: the receipt says so from now on (its status becomes `late`). */
    markCertificateLate: assign({ report: ({ context }) => ({ ...context.report, certificate: { ...context.report.certificate, status: 'late' as const } }) }),
    /** Keeps the code of the failed withdrawal (the API layer has told the worker already). */
    keepError: assign({ error: ({ event }) => errorCodeOf(errorOf(event, 'withdrawReport')) ?? 'internal_error' }),
    /** Clears the last failure's code. */
    clearError: assign({ error: null }),
  },
  guards: {
    /** The receipt's certificate has this status (the server's). Params `{ status }`. */
    certificateIs: ({ context }, params: { status: AbsenceCertificateStatus }) => context.report.certificate.status === params.status,
    /** A certificate is prepared and ready to send. */
    certificateReady: ({ context }) => context.certificate !== null,
    /** A certificate is ready, and no withdrawal is under way (the two never run at once). */
    mayUpload: and(['certificateReady', not(stateIn('#absenceReceipt.standing.withdrawal.withdrawing'))]),
    /** The server says the report can still be withdrawn: it stands and the mission has not started. */
    withdrawable: ({ context }) => context.report.withdrawable,
    /** No certificate is being sent (a withdrawal waits for it: the two never run at once). */
    notUploading: not(stateIn('#absenceReceipt.standing.certificate.due.uploading')),
    /** Withdrawable, and no certificate is being sent. */
    mayWithdraw: and(['withdrawable', 'notUploading']),
    /** The certificate came after its deadline (409 `absence_certificate_late`). */
    certificateTooLate: ({ event }) => refusedWith(event, ['uploadCertificate'], ['absence_certificate_late']),
    /** Trying the withdrawal again may work: it was not refused because the mission has started. */
    withdrawalRetryable: ({ context }) => context.error !== 'absence_mission_started',
    /** Worth trying again, and no certificate is being sent. */
    mayRetryWithdrawal: and(['withdrawalRetryable', 'notUploading']),
  },
}).createMachine({
  id: 'absenceReceipt',
  description: 'The receipt of a report: its certificate (that follows, or not needed) and its withdrawal, side by side.',
  context: ({ input }) => ({ report: input.report, certificate: null, error: null }),
  initial: 'standing',
  output: ({ context }) => context.report,
  states: {
    standing: {
      description: 'The report stands: what was sent and when, the certificate, and the phone notice when the mission is close.',
      type: 'parallel',
      states: {
        certificate: {
          description: 'What the receipt says of the certificate, and the certificate that follows while it is due.',
          initial: 'deciding',
          states: {
            deciding: {
              description: 'Transient: the certificate status the server answered decides what the receipt says and asks for.',
              always: [
                { guard: { type: 'certificateIs', params: { status: 'due' } }, target: 'due' },
                { guard: { type: 'certificateIs', params: { status: 'received' } }, target: 'received' },
                { guard: { type: 'certificateIs', params: { status: 'late' } }, target: 'late' },
                { target: 'notNeeded' },
              ],
            },
            notNeeded: { description: 'Nothing more is asked (no certificate for this reason).' },
            due: {
              description: 'The certificate is awaited until its deadline: chosen here in the picker, then sent.',
              invoke: { id: 'certificatePicker', src: 'certificatePicker', input: ({ context }) => ({ certificate: context.certificate }) },
              on: { 'certificate.ready': { actions: 'keepCertificate', description: 'The picker prepared a certificate.' } },
              initial: 'choosing',
              states: {
                choosing: {
                  description: 'The reminder and its deadline, the picker, and Send once a certificate is ready.',
                  on: {
                    'absence.chooseFile': { actions: ['pickFile', 'forgetCertificate'] },
                    'absence.removeFile': { actions: ['removeFile', 'forgetCertificate'] },
                    'absence.sendCertificate': { guard: 'mayUpload', target: 'uploading' },
                  },
                },
                uploading: {
                  description: 'Sending the certificate that follows the report; the picker waits meanwhile.',
                  tags: ['busy'],
                  invoke: {
                    id: 'uploadCertificate',
                    src: 'uploadCertificate',
                    input: ({ context }) => ({ report: context.report.id, certificate: context.certificate }),
                    onDone: { target: '#absenceReceipt.standing.certificate.received', actions: ['keepReport', 'forgetCertificate'] },
                    onError: [
                      {
                        guard: 'certificateTooLate',
                        target: '#absenceReceipt.standing.certificate.late',
                        actions: ['forgetCertificate', 'markCertificateLate'],
                      },
                      { target: 'uploadFailed' },
                    ],
                  },
                },
                uploadFailed: {
                  description: 'The certificate did not arrive; it is kept: send it again (or choose another).',
                  on: {
                    'absence.chooseFile': { target: 'choosing', actions: ['pickFile', 'forgetCertificate'] },
                    'absence.removeFile': { target: 'choosing', actions: ['removeFile', 'forgetCertificate'] },
                    'absence.sendCertificate': { guard: 'mayUpload', target: 'uploading' },
                  },
                },
              },
            },
            received: { description: 'The certificate is in.' },
            late: { description: 'The deadline passed without a certificate: the receipt says to contact the agency.' },
          },
        },
        withdrawal: {
          description: 'Withdrawing the report, before the mission starts (the server says until when).',
          initial: 'idle',
          states: {
            idle: {
              description: 'The report stands; Withdraw is offered while the server allows it.',
              on: { 'absence.withdraw': { guard: 'mayWithdraw', target: 'confirming' } },
            },
            confirming: {
              description: 'Withdraw the report? The agency is told the worker comes after all.',
              on: {
                'absence.confirm': { guard: 'notUploading', target: 'withdrawing', description: 'Once the certificate being sent has arrived or failed.' },
                'absence.cancel': { target: 'idle', description: 'The report stays as it was.' },
              },
            },
            withdrawing: {
              description: 'Withdrawing the report.',
              tags: ['busy'],
              invoke: {
                id: 'withdrawReport',
                src: 'withdrawReport',
                input: ({ context }) => ({ report: context.report.id }),
                onDone: { target: '#absenceReceipt.withdrawn', actions: 'keepReport' },
                onError: { target: 'failed', actions: 'keepError' },
              },
            },
            failed: {
              description: 'The report still stands: the withdrawal failed (try again) or the mission has started (phone the agency).',
              on: {
                'absence.retry': { guard: 'mayRetryWithdrawal', target: 'withdrawing', actions: 'clearError' },
                'absence.cancel': { target: 'idle', actions: 'clearError' },
              },
            },
          },
        },
      },
    },
    withdrawn: { type: 'final', description: 'The report is withdrawn: the receipt ends, and the report says so.' },
  },
});
