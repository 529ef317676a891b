/**
 * The absence report machine with the app's implementations (machines/absence-report.machine.ts header): preparing
 * the certificate (a photo through the personal file's image preparation, decision 120; a PDF checked by its first
 * bytes), and the three calls, each an ordinary contract operation through the shared API client (so the safe-retry
 * mechanism covers them). A failed call has already been told to the worker by the API layer (§8).
 */
import { fromPromise } from 'xstate';
import { absenceReceiptMachine } from '../../machines/absence-receipt.machine.ts';
import { absenceReportMachine } from '../../machines/absence-report.machine.ts';
import type { ReportRequest } from '../../machines/absence-report.types.ts';
import { pickerForParent, type CertificateRefusal, type ChosenCertificate } from '../../machines/certificate-picker.machine.ts';
import type { AbsenceReport } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';
import { ABSENCE_KEYS, checkChosenCertificate, isPdf } from '#domain/absence.ts';
import { V } from '#domain/validation-keys.ts';
import { preparedName } from './details-files.ts';
import type { ImagePreparer } from './image-prepare.ts';
import type { PrepareFailure } from './image-prepare-core.ts';

export type AbsenceReportDeps = {
  api: Api;
  /** The page's image preparer (src/actors/image-prepare.ts), started with the first photo chosen. */
  preparer: () => Promise<ImagePreparer>;
};

const REFUSAL: Record<PrepareFailure, string> = {
  type: ABSENCE_KEYS.certificateType,
  unreadable: V.imageUnreadable,
  heic: V.imageHeic,
  tooLarge: V.imageTooLarge,
};
const refuse = (key: string): CertificateRefusal => ({ key });

/** The certificate to send for a chosen file, or a rejection with the key of why not. */
export async function prepareCertificate(file: File, preparer: () => Promise<ImagePreparer>): Promise<ChosenCertificate> {
  const checked = checkChosenCertificate(file);
  if ('refused' in checked) throw refuse(checked.refused);
  if (checked.kind === 'pdf') {
    // A PDF is sent as chosen: only its first bytes are read, to refuse at once what the server would.
    if (!isPdf(new Uint8Array(await file.slice(0, 5).arrayBuffer()))) throw refuse(ABSENCE_KEYS.certificateType);
    return { file, name: file.name, size: file.size, kind: 'pdf' };
  }
  const outcome = await (await preparer()).prepare(file);
  if (!outcome.ok) throw refuse(REFUSAL[outcome.reason]);
  const prepared = new File([outcome.blob], preparedName(file.name), { type: 'image/jpeg' });
  return { file: prepared, name: file.name, size: prepared.size, kind: 'image' };
}

/** The certificate as a multipart part, under the name the server stores it by. */
const certificatePart = (form: FormData, certificate: ChosenCertificate) =>
  form.append('certificate', certificate.file, certificate.kind === 'image' ? preparedName(certificate.name) : certificate.name);

export function absenceReportActors({ api, preparer }: AbsenceReportDeps) {
  return {
    prepareCertificate: fromPromise<ChosenCertificate, { file: Blob | null }>(({ input }) => {
      if (!(input.file instanceof File)) return Promise.reject(refuse(ABSENCE_KEYS.certificateType));
      return prepareCertificate(input.file, preparer);
    }),
    sendReport: fromPromise<AbsenceReport, ReportRequest>(({ input, signal }) =>
      api.unwrap(
        api.client.POST('/user/me/absences', {
          body: { mission: input.mission, reason: input.reason, message: input.message },
          bodySerializer: () => {
            const form = new FormData();
            form.append('mission', input.mission);
            form.append('reason', input.reason);
            if (input.message.trim()) form.append('message', input.message);
            if (input.certificate) certificatePart(form, input.certificate);
            return form;
          },
          signal,
        }),
      ),
    ),
    uploadCertificate: fromPromise<AbsenceReport, { report: string; certificate: ChosenCertificate | null }>(({ input, signal }) =>
      api.unwrap(
        api.client.POST('/user/me/absences/{report}/certificate', {
          params: { path: { report: input.report } },
          body: { certificate: '' },
          bodySerializer: () => {
            const form = new FormData();
            if (input.certificate) certificatePart(form, input.certificate);
            return form;
          },
          signal,
        }),
      ),
    ),
    withdrawReport: fromPromise<AbsenceReport, { report: string }>(({ input, signal }) =>
      api.unwrap(api.client.POST('/user/me/absences/{report}/withdraw', { params: { path: { report: input.report } }, body: {}, signal })),
    ),
  };
}

/** The report with its children: the certificate picker (at the certificate step and on the receipt) and the receipt. */
export function createAbsenceReportLogic(deps: AbsenceReportDeps) {
  const { prepareCertificate, sendReport, uploadCertificate, withdrawReport } = absenceReportActors(deps);
  const certificatePicker = pickerForParent.provide({ actors: { prepareCertificate } });
  return absenceReportMachine.provide({
    actors: {
      certificatePicker,
      sendReport,
      absenceReceipt: absenceReceiptMachine.provide({ actors: { certificatePicker, uploadCertificate, withdrawReport } }),
    },
  });
}
