/**
 * Choosing the medical certificate of an absence report (docs/decisions/204-absence-report-machine.md,
 * 227-certificate-picker-child.md): one chart for both places it is chosen, the report's certificate step
 * (machines/absence-report.machine.ts) and the receipt's certificate that follows (machines/absence-receipt.machine.ts).
 * Each invokes it as `pickerForParent` and forwards the worker's choices to it (and forgets its own certificate with
 * each choice); the picker tells it when a certificate is ready to go (`certificate.ready`).
 *
 * start → empty | chosen (a certificate chosen before, shown again); choose → preparing (a photo made small and
 * stripped of its metadata, a PDF checked) → chosen | refused (why is said); remove → empty.
 *
 * Invariants
 * - The parent knows the certificate exactly when it is ready: `certificateReady` gives it the prepared certificate;
 *   the worker's choices (another file, remove) reach the picker through the parent, which drops it at once.
 * - A refused file stays out: nothing of it reaches the report.
 *
 * Input: `{ certificate }`: the certificate the report holds already (null when none).
 *
 * setup() entries carry their JSDoc (listed in docs/machines/certificate-picker.md, decision 070).
 */
import { assertEvent, assign, sendParent, setup } from 'xstate';
import { errorOf, notProvided, notProvidedAction, outputOf } from './invokes.ts';

/** A certificate ready to send: a prepared photo (a JPEG without metadata) or a PDF as chosen. */
export type ChosenCertificate = { file: Blob; name: string; size: number; kind: 'image' | 'pdf' };
/** Why a chosen file cannot be the certificate: a validation_* or absence_* message key (domain/validation-keys.ts, domain/absence.ts). */
export type CertificateRefusal = { key: string };

export type CertificatePickerInput = { certificate: ChosenCertificate | null };
export type CertificatePickerContext = {
  /** The file the worker chose, while it is being prepared. */
  chosen: Blob | null;
  /** The prepared certificate. */
  certificate: ChosenCertificate | null;
  /** Why the last chosen file was refused (a message key), or null. */
  refusal: string | null;
};
export type CertificatePickerEvent = { type: 'certificate.choose'; file: Blob } | { type: 'certificate.remove' };

export const certificatePickerMachine = setup({
  types: {
    context: {} as CertificatePickerContext,
    events: {} as CertificatePickerEvent,
    input: {} as CertificatePickerInput,
    tags: {} as 'busy',
    children: {} as { prepareCertificate: 'prepareCertificate' },
  },
  actors: {
    /** Prepares a chosen file (src/actors/absence-report.ts): a photo as the personal file's images, a PDF checked. Input `{ file }`. Output `ChosenCertificate`; fails with `CertificateRefusal`. */
    prepareCertificate: notProvided<ChosenCertificate, { file: Blob | null }>('prepareCertificate'),
  },
  actions: {
    /** Keeps the file chosen until it is prepared; a previous certificate or refusal is dropped. */
    keepChosenFile: assign({
      chosen: ({ event }) => {
        assertEvent(event, 'certificate.choose');
        return event.file;
      },
      certificate: null,
      refusal: null,
    }),
    /** Keeps the prepared certificate. */
    keepCertificate: assign({ certificate: ({ event }) => outputOf<ChosenCertificate>(event, 'prepareCertificate'), chosen: null }),
    /** Keeps why the chosen file was refused. */
    keepRefusal: assign({
      refusal: ({ event }) => (errorOf(event, 'prepareCertificate') as Partial<CertificateRefusal>).key ?? 'validation_imageUnreadable',
      chosen: null,
    }),
    /** Forgets the chosen file and the certificate. */
    forget: assign({ certificate: null, chosen: null, refusal: null }),
    /** Provided by the parent (`pickerForParent`): the certificate is ready to go (`context.certificate`). */
    certificateReady: notProvidedAction('certificateReady'),
  },
  guards: {
    /** The report holds a certificate already: it shows again as chosen. */
    hasCertificate: ({ context }) => context.certificate !== null,
  },
}).createMachine({
  id: 'certificatePicker',
  description: 'The medical certificate: a photo (camera or gallery) or a PDF, prepared before it can go.',
  context: ({ input }) => ({ chosen: null, certificate: input.certificate, refusal: null }),
  initial: 'start',
  on: {
    'certificate.choose': { target: '.preparing', actions: 'keepChosenFile' },
    'certificate.remove': { target: '.empty', actions: 'forget' },
  },
  states: {
    start: {
      description: 'Transient: a certificate chosen before shows again; otherwise nothing is chosen yet.',
      always: [{ guard: 'hasCertificate', target: 'chosen' }, { target: 'empty' }],
    },
    empty: { description: 'Nothing chosen yet: take or choose a photo, or choose a PDF.' },
    preparing: {
      description: 'The chosen file is being prepared (a photo made small and stripped of its metadata, a PDF checked).',
      tags: ['busy'],
      invoke: {
        id: 'prepareCertificate',
        src: 'prepareCertificate',
        input: ({ context }) => ({ file: context.chosen }),
        onDone: { target: 'chosen', actions: ['keepCertificate', 'certificateReady'] },
        onError: { target: 'refused', actions: 'keepRefusal' },
      },
    },
    chosen: { description: 'The certificate is ready: its name and size, a preview of a photo.' },
    refused: { description: 'The chosen file cannot be the certificate; the screen says why.' },
  },
});

/** The picker as the report and the receipt run it: it tells its parent when a certificate is ready. */
export const pickerForParent = certificatePickerMachine.provide({
  actions: { certificateReady: sendParent(({ context }) => ({ type: 'certificate.ready', certificate: context.certificate })) },
});
