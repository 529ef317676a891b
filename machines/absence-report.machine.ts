/**
 * "I can't come": the worker reports an absence for one of their missions, then keeps its receipt (§16;
 * docs/decisions/200-absence-reports.md, 204-absence-report-machine.md, 227-certificate-picker-child.md).
 *
 * start → reason (and the message) → certificate (sickness only: a photo or a PDF now, or later) → confirming (the
 * summary names the mission) → sending → sent, or failed (retry, or back to the summary). sent runs the receipt
 * (machines/absence-receipt.machine.ts: the certificate that follows, the withdrawal) until the report is withdrawn →
 * withdrawn, from where a new report can begin. The certificate is chosen in one child machine
 * (machines/certificate-picker.machine.ts), here at the certificate step and on the receipt while it is due.
 *
 * Invariants
 * - Nothing is sent before the worker confirms a summary that names the mission; a report is sent once per
 *   confirmation (`sending` ignores another Send), and a failed one keeps everything chosen for a retry.
 * - A certificate only goes with a sickness report: choosing another reason forgets a chosen certificate.
 * - The certificate is prepared (by the picker) before it can be sent; a refused file says why and stays out.
 *
 * Input: `{ mission, report }`: the mission as the planning lists it, and its standing (or withdrawn) report when
 * the worker reopens it, or null for a new one.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/absence-report.md); named implementations read the
 * event or the context themselves, so every reference in the config is static (decision 071).
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import type { AbsenceReport } from '#domain/api-schema.ts';
import { ABSENCE_FINAL_REFUSALS } from '#domain/refusals.ts';
import { absenceReceiptMachine } from './absence-receipt.machine.ts';
import type { AbsenceReportContext, AbsenceReportEvent, AbsenceReportInput, ReportRequest } from './absence-report.types.ts';
import { pickerForParent } from './certificate-picker.machine.ts';
import { errorCodeOf, errorOf, notProvided, outputOf } from './invokes.ts';

export const absenceReportMachine = setup({
  types: {
    context: {} as AbsenceReportContext,
    events: {} as AbsenceReportEvent,
    input: {} as AbsenceReportInput,
    tags: {} as 'busy',
    children: {} as { certificatePicker: 'certificatePicker'; sendReport: 'sendReport'; receipt: 'absenceReceipt' },
  },
  actors: {
    /** The certificate picker (machines/certificate-picker.machine.ts). Input `{ certificate }`: the one ready already. */
    certificatePicker: pickerForParent,
    /** POST /user/me/absences (multipart). Input `ReportRequest`. Output the receipt `AbsenceReport` (201, or 200 for the same report again). */
    sendReport: notProvided<AbsenceReport, ReportRequest>('sendReport'),
    /** The receipt (machines/absence-receipt.machine.ts). Input `{ report }`. Output the receipt once withdrawn (its final state). */
    absenceReceipt: absenceReceiptMachine,
  },
  actions: {
    /** Keeps the reason chosen; another reason than sickness forgets a chosen certificate (none goes with it). */
    setReason: assign(({ event }) => {
      assertEvent(event, 'absence.chooseReason');
      return event.reason === 'sick' ? { reason: event.reason } : { reason: event.reason, certificate: null };
    }),
    /** Keeps the message as typed (its length is the field's and the server's rule). */
    setMessage: assign({
      message: ({ event }) => {
        assertEvent(event, 'absence.editMessage');
        return event.message;
      },
    }),
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
    /** Forgets the certificate (another file chosen or removed, sent, or to follow later). */
    forgetCertificate: assign({ certificate: null }),
    /** Keeps the receipt the server answered (sent), or the receipt once withdrawn. */
    keepReport: assign({ report: ({ event }) => outputOf<AbsenceReport>(event, 'sendReport', 'receipt'), error: null }),
    /** Keeps the code of the failed send (the API layer has told the worker already). */
    keepError: assign({ error: ({ event }) => errorCodeOf(errorOf(event, 'sendReport')) ?? 'internal_error' }),
    /** A new report for the same mission, after a withdrawal: nothing of the old one is kept. */
    startOver: assign({ reason: null, message: '', certificate: null, report: null, error: null }),
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
    /** Sending again may work: the refusal was not final (the mission ended or was cancelled, a report stands already, no such mission). */
    sendRetryable: ({ context }) => !(ABSENCE_FINAL_REFUSALS as readonly string[]).includes(context.error ?? ''),
  },
}).createMachine({
  id: 'absenceReport',
  description: "I can't come: report an absence for a mission, with the medical certificate now or later, then keep its receipt.",
  context: ({ input }) => ({ mission: input.mission, reason: null, message: '', certificate: null, report: input.report, error: null }),
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
          { guard: 'sickChosen', target: 'certificate', description: 'Sickness: the medical certificate comes next (one chosen before shows again).' },
          { guard: 'reasonChosen', target: 'confirming' },
          { target: '.incomplete' },
        ],
      },
    },
    certificate: {
      description: 'The medical certificate, chosen in the picker: a photo or a PDF now, or later until its deadline.',
      invoke: { id: 'certificatePicker', src: 'certificatePicker', input: ({ context }) => ({ certificate: context.certificate }) },
      on: {
        'absence.chooseFile': { actions: ['pickFile', 'forgetCertificate'] },
        'absence.removeFile': { actions: ['removeFile', 'forgetCertificate'] },
        'certificate.ready': { actions: 'keepCertificate', description: 'The picker prepared a certificate.' },
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
          { guard: 'sickChosen', target: 'certificate', description: 'Sickness: back to the certificate (as chosen, if it was).' },
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
      description: 'The receipt (machines/absence-receipt.machine.ts): the certificate that follows, and the withdrawal before the mission starts.',
      invoke: {
        id: 'receipt',
        src: 'absenceReceipt',
        input: ({ context }) => ({ report: context.report! }),
        onDone: { target: 'withdrawn', actions: 'keepReport', description: 'The worker withdrew the report.' },
      },
    },
    withdrawn: {
      description: 'The report is withdrawn: the worker comes to the mission (or reports again, if that changes).',
      on: { 'absence.reportAgain': { target: 'reason', actions: 'startOver' } },
    },
  },
});
