/**
 * "I can't come": the worker reports an absence for one of their missions, then keeps its receipt (§16;
 * docs/decisions/200-absence-reports.md, 204-absence-report-machine.md).
 *
 * start → reason (and the message) → certificate (sickness only: a photo or a PDF now, or later) → confirming (the
 * summary names the mission) → sending → sent, or failed (retry, or back to the summary). sent is the receipt:
 * certificateDue (choose it, send it: uploadingCertificate) → certificateSent, or certificateLate, or noCertificate when none is
 * asked. From the receipt, before the mission starts, the report can be withdrawn after a confirmation → withdrawn,
 * from where a new report can begin.
 *
 * Invariants
 * - Nothing is sent before the worker confirms a summary that names the mission; a report is sent once per
 *   confirmation (`sending` ignores another Send), and a failed one keeps everything chosen for a retry.
 * - A certificate only goes with a sickness report: choosing another reason forgets a chosen certificate.
 * - The certificate is prepared (a photo made small and stripped of its metadata, a PDF checked) before it can be
 *   sent; a refused file says why and stays out.
 * - Which part of the receipt shows is decided in one place (`sent.deciding`), from the server's answer: the
 *   certificate's status and whether the report can still be withdrawn are the server's, never re-derived here.
 *
 * Input: `{ mission, report }`: the mission as the planning lists it, and its standing (or withdrawn) report when
 * the worker reopens it, or null for a new one.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/absence-report.md); named implementations read the
 * event or the context themselves, so every reference in the config is static (decision 071).
 */
import { assign, setup } from 'xstate';
import type {
  AbsenceMission,
  AbsenceReason,
  AbsenceReport,
  CertificateRefusal,
  CertificateStatus,
  ChosenCertificate,
  ReportRequest,
} from './absence-report.types.ts';
import { errorCodeOf, errorOf, notProvided, outputOf } from './invokes.ts';

export type AbsenceReportInput = { mission: AbsenceMission; report: AbsenceReport | null };

export type AbsenceReportContext = {
  mission: AbsenceMission;
  reason: AbsenceReason | null;
  message: string;
  /** The file the worker chose, while it is being prepared. */
  chosen: Blob | null;
  /** The prepared certificate, ready to send. */
  certificate: ChosenCertificate | null;
  /** Why the last chosen file was refused (a validation_* key), or null. */
  refusal: string | null;
  /** The receipt: what the server stored (null until sent, for a new report). */
  report: AbsenceReport | null;
  /** The code of the last failed call (ApiError `code`), or null. */
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
  | { type: 'absence.sendCertificate' }
  | { type: 'absence.withdraw' }
  | { type: 'absence.confirm' }
  | { type: 'absence.cancel' }
  | { type: 'absence.reportAgain' };

/** Refusals of a report that sending it again cannot change (the screen says what to do instead). */
const FINAL_REFUSALS = ['absence_mission_unknown', 'absence_mission_ended', 'absence_mission_cancelled', 'absence_already_reported'];

const certificateIs = (report: AbsenceReport | null, status: CertificateStatus) => report?.certificate.status === status;

export const absenceReportMachine = setup({
  types: {
    context: {} as AbsenceReportContext,
    events: {} as AbsenceReportEvent,
    input: {} as AbsenceReportInput,
    tags: {} as 'busy',
    children: {} as {
      prepareCertificate: 'prepareCertificate';
      sendReport: 'sendReport';
      uploadCertificate: 'uploadCertificate';
      withdrawReport: 'withdrawReport';
    },
  },
  actors: {
    /** Prepares a chosen file (src/actors/absence-report.ts): a photo as the personal file's images, a PDF checked. Input `{ file }`. Output `ChosenCertificate`; fails with `CertificateRefusal`. */
    prepareCertificate: notProvided<ChosenCertificate, { file: Blob | null }>('prepareCertificate'),
    /** POST /user/me/absences (multipart). Input `ReportRequest`. Output the receipt `AbsenceReport` (201, or 200 for the same report again). */
    sendReport: notProvided<AbsenceReport, ReportRequest>('sendReport'),
    /** POST /user/me/absences/{report}/certificate. Input `{ report, certificate }`. Output the receipt; fails with `absence_certificate_late` after the deadline. */
    uploadCertificate: notProvided<AbsenceReport, { report: string; certificate: ChosenCertificate | null }>('uploadCertificate'),
    /** POST /user/me/absences/{report}/withdraw. Input `{ report }`. Output the receipt, withdrawn; fails with `absence_mission_started` once it has started. */
    withdrawReport: notProvided<AbsenceReport, { report: string }>('withdrawReport'),
  },
  actions: {
    /** Keeps the reason chosen; another reason than sickness forgets a chosen certificate (none goes with it). */
    setReason: assign(({ event }) => {
      const reason = (event as Extract<AbsenceReportEvent, { type: 'absence.chooseReason' }>).reason;
      return reason === 'sick' ? { reason } : { reason, certificate: null, chosen: null, refusal: null };
    }),
    /** Keeps the message as typed (its length is the field's and the server's rule). */
    setMessage: assign({ message: ({ event }) => (event as Extract<AbsenceReportEvent, { type: 'absence.editMessage' }>).message }),
    /** Keeps the file chosen until it is prepared; a previous choice or refusal is dropped. */
    keepChosenFile: assign({
      chosen: ({ event }) => (event as Extract<AbsenceReportEvent, { type: 'absence.chooseFile' }>).file,
      certificate: null,
      refusal: null,
    }),
    /** Keeps the prepared certificate. */
    keepCertificate: assign({ certificate: ({ event }) => outputOf<ChosenCertificate>(event, 'prepareCertificate'), chosen: null }),
    /** Keeps why the chosen file was refused. */
    keepRefusal: assign({
      refusal: ({ event }) => (errorOf(event, 'prepareCertificate') as CertificateRefusal).key ?? 'validation_imageUnreadable',
      chosen: null,
    }),
    /** Forgets the chosen file (removed, or the certificate will come later). */
    forgetCertificate: assign({ certificate: null, chosen: null, refusal: null }),
    /** Keeps the receipt the server answered. */
    keepReport: assign({ report: ({ event }) => outputOf<AbsenceReport>(event, 'sendReport', 'uploadCertificate', 'withdrawReport'), error: null }),
    /** Keeps the code of the failed call (the API layer has told the worker already). */
    keepError: assign({ error: ({ event }) => errorCodeOf(errorOf(event, 'sendReport', 'uploadCertificate', 'withdrawReport')) ?? 'internal_error' }),
    /** The server refused the certificate as late: the receipt says so from now on (its status becomes `late`). */
    markCertificateLate: assign({
      report: ({ context }) => (context.report ? { ...context.report, certificate: { ...context.report.certificate, status: 'late' as const } } : null),
    }),
    /** A new report for the same mission, after a withdrawal: nothing of the old one is kept. */
    startOver: assign({ reason: null, message: '', chosen: null, certificate: null, refusal: null, report: null, error: null }),
    /** Clears the last failure's code. */
    clearError: assign({ error: null }),
  },
  guards: {
    /** The report the worker reopens was withdrawn. */
    reportWithdrawn: ({ context }) => context.report?.status === 'withdrawn',
    /** A report stands for this mission: its receipt shows. */
    reportStands: ({ context }) => context.report?.status === 'reported',
    /** The reason chosen is sickness: a medical certificate is asked. */
    sickChosen: ({ context }) => context.reason === 'sick',
    /** A reason is chosen. */
    reasonChosen: ({ context }) => context.reason !== null,
    /** A certificate is prepared and ready to send. */
    certificateReady: ({ context }) => context.certificate !== null,
    /** The receipt's certificate has this status (the server's). Params `{ status }`. */
    certificateIs: ({ context }, params: { status: CertificateStatus }) => certificateIs(context.report, params.status),
    /** The server says the report can still be withdrawn (it stands and the mission has not started). */
    withdrawable: ({ context }) => context.report?.withdrawable === true,
    /** The certificate came after its deadline (409 `absence_certificate_late`). */
    certificateTooLate: ({ event }) => errorCodeOf(errorOf(event, 'uploadCertificate')) === 'absence_certificate_late',
    /** Sending again may work: the refusal was not final (the mission ended or was cancelled, a report stands already, no such mission). */
    sendRetryable: ({ context }) => !FINAL_REFUSALS.includes(context.error ?? ''),
    /** Trying the withdrawal again may work: it was not refused because the mission has started. */
    withdrawalRetryable: ({ context }) => context.error !== 'absence_mission_started',
  },
}).createMachine({
  id: 'absenceReport',
  description: "I can't come: report an absence for a mission, with the medical certificate now or later, then keep its receipt.",
  context: ({ input }) => ({
    mission: input.mission,
    reason: null,
    message: '',
    chosen: null,
    certificate: null,
    refusal: null,
    report: input.report,
    error: null,
  }),
  initial: 'start',
  states: {
    start: {
      description: 'Transient: a reopened report shows its receipt (or that it was withdrawn); otherwise a new report begins.',
      always: [{ guard: 'reportWithdrawn', target: 'withdrawn' }, { guard: 'reportStands', target: 'sent' }, { target: 'reason' }],
    },

    reason: {
      description: 'Why the worker cannot come (sick, family emergency, transport, other), and an optional message to the agency.',
      initial: 'editing',
      states: {
        editing: { description: 'Choosing the reason and writing the message.' },
        incomplete: { description: 'Next was pressed without a reason: the screen says to choose one.' },
      },
      on: {
        'absence.chooseReason': { target: '.editing', actions: 'setReason' },
        'absence.editMessage': { actions: 'setMessage' },
        'absence.next': [
          { guard: 'certificateReady', target: 'certificate.chosen', description: 'Sickness, a certificate chosen before: it is shown again.' },
          { guard: 'sickChosen', target: 'certificate', description: 'Sickness: the medical certificate comes next.' },
          { guard: 'reasonChosen', target: 'confirming' },
          { target: '.incomplete' },
        ],
      },
    },

    certificate: {
      description: 'The medical certificate: a photo (camera or gallery) or a PDF, now, or later until its deadline.',
      initial: 'empty',
      states: {
        empty: { description: 'Nothing chosen yet: take or choose a photo, choose a PDF, or send it later.' },
        preparing: {
          description: 'The chosen file is being prepared (a photo made small and stripped of its metadata, a PDF checked).',
          tags: ['busy'],
          invoke: {
            id: 'prepareCertificate',
            src: 'prepareCertificate',
            input: ({ context }) => ({ file: context.chosen }),
            onDone: { target: 'chosen', actions: 'keepCertificate' },
            onError: { target: 'refused', actions: 'keepRefusal' },
          },
        },
        chosen: { description: 'The certificate is ready to go with the report: its name and size, a preview of a photo.' },
        refused: { description: 'The chosen file cannot be the certificate; the screen says why.' },
      },
      on: {
        'absence.chooseFile': { target: '.preparing', actions: 'keepChosenFile' },
        'absence.removeFile': { target: '.empty', actions: 'forgetCertificate' },
        'absence.later': { target: 'confirming', actions: 'forgetCertificate', description: 'The certificate will follow, until its deadline.' },
        'absence.next': { guard: 'certificateReady', target: 'confirming' },
        'absence.back': { target: 'reason' },
      },
    },

    confirming: {
      description: 'The summary before sending: the mission named, the reason, the message, the certificate or that it follows.',
      on: {
        'absence.send': { target: 'sending' },
        'absence.back': [
          { guard: 'certificateReady', target: 'certificate.chosen', description: 'Back to the certificate as chosen.' },
          { guard: 'sickChosen', target: 'certificate', description: 'Sickness, the certificate to follow: back to choosing it.' },
          { target: 'reason' },
        ],
      },
    },
    sending: {
      description: 'Sending the report (and the certificate with it).',
      tags: ['busy'],
      invoke: {
        id: 'sendReport',
        src: 'sendReport',
        input: ({ context }) => ({
          mission: context.mission.mission,
          reason: context.reason ?? 'other',
          message: context.message,
          certificate: context.certificate,
        }),
        onDone: { target: 'sent', actions: ['keepReport', 'forgetCertificate'] },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    failed: {
      description: 'The report was not stored; everything chosen is kept: try again, or go back to the summary.',
      on: {
        'absence.retry': { guard: 'sendRetryable', target: 'sending', actions: 'clearError' },
        'absence.back': { target: 'confirming', actions: 'clearError' },
      },
    },

    sent: {
      description: 'The receipt: what was sent and when, the certificate and its deadline, and the phone notice when the mission is close.',
      initial: 'deciding',
      states: {
        deciding: {
          description: 'Transient: the certificate status the server answered decides what the receipt asks for.',
          always: [
            { guard: { type: 'certificateIs', params: { status: 'due' } }, target: 'certificateDue' },
            { guard: { type: 'certificateIs', params: { status: 'received' } }, target: 'certificateSent' },
            { guard: { type: 'certificateIs', params: { status: 'late' } }, target: 'certificateLate' },
            { target: 'noCertificate' },
          ],
        },
        noCertificate: { description: 'Nothing more is asked (no certificate for this reason).' },
        certificateDue: {
          description: 'The certificate is awaited until its deadline: take or choose it here, then send it.',
          initial: 'empty',
          states: {
            empty: { description: 'The reminder and its deadline, and the button to take or choose the certificate.' },
            preparing: {
              description: 'The chosen file is being prepared.',
              tags: ['busy'],
              invoke: {
                id: 'prepareCertificate',
                src: 'prepareCertificate',
                input: ({ context }) => ({ file: context.chosen }),
                onDone: { target: 'chosen', actions: 'keepCertificate' },
                onError: { target: 'refused', actions: 'keepRefusal' },
              },
            },
            chosen: { description: 'Ready to send.' },
            refused: { description: 'The chosen file cannot be the certificate; the screen says why.' },
            uploadFailed: { description: 'The certificate did not arrive; it is kept: send it again.' },
          },
          on: {
            'absence.chooseFile': { target: '.preparing', actions: 'keepChosenFile' },
            'absence.removeFile': { target: '.empty', actions: 'forgetCertificate' },
            'absence.sendCertificate': { guard: 'certificateReady', target: '#absenceReport.uploadingCertificate', actions: 'clearError' },
          },
        },
        certificateSent: { description: 'The certificate is in.' },
        certificateLate: { description: 'The deadline passed without a certificate: the receipt says to contact the agency.' },
      },
      on: {
        'absence.withdraw': {
          guard: 'withdrawable',
          target: 'confirmingWithdrawal',
          actions: 'forgetCertificate',
          description: 'Only before the mission starts (the server says).',
        },
      },
    },
    uploadingCertificate: {
      description: 'Sending the certificate that follows the report; nothing else until it is over.',
      tags: ['busy'],
      invoke: {
        id: 'uploadCertificate',
        src: 'uploadCertificate',
        input: ({ context }) => ({ report: context.report?.id ?? '', certificate: context.certificate }),
        onDone: { target: 'sent.certificateSent', actions: ['keepReport', 'forgetCertificate'] },
        onError: [
          { guard: 'certificateTooLate', target: 'sent.certificateLate', actions: ['keepError', 'forgetCertificate', 'markCertificateLate'] },
          { target: 'sent.certificateDue.uploadFailed', actions: 'keepError' },
        ],
      },
    },
    confirmingWithdrawal: {
      description: 'Withdraw the report? The agency is told the worker comes after all.',
      on: {
        'absence.confirm': { target: 'withdrawing' },
        'absence.cancel': { target: 'sent', description: 'Back to the receipt as it was.' },
      },
    },
    withdrawing: {
      description: 'Withdrawing the report.',
      tags: ['busy'],
      invoke: {
        id: 'withdrawReport',
        src: 'withdrawReport',
        input: ({ context }) => ({ report: context.report?.id ?? '' }),
        onDone: { target: 'withdrawn', actions: 'keepReport' },
        onError: { target: 'withdrawFailed', actions: 'keepError' },
      },
    },
    withdrawFailed: {
      description: 'The report still stands: the withdrawal failed (try again) or the mission has started (phone the agency).',
      on: {
        'absence.retry': { guard: 'withdrawalRetryable', target: 'withdrawing', actions: 'clearError' },
        'absence.cancel': { target: 'sent', actions: 'clearError' },
      },
    },
    withdrawn: {
      description: 'The report is withdrawn: the worker comes to the mission (or reports again, if that changes).',
      on: { 'absence.reportAgain': { target: 'reason', actions: 'startOver' } },
    },
  },
});
