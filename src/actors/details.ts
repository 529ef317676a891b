/**
 * The details wizard machine (machines/details-wizard.machine.ts) with the app's implementations: the file is
 * read and each step sent through the one API client (errors already told to the worker, §8), the chosen images
 * uploaded with progress (details-uploader.ts) from the store the views fill (details-files.ts).
 */
import { fromPromise } from 'xstate';
import { detailsWizardMachine } from '../../machines/details-wizard.machine.ts';
import { type EditableStep, type LoadedDetails, type StepIndex, type StepValues, type UploadKind } from '../../machines/details-wizard.types.ts';
import type { NotifyParams } from '../../machines/notify.ts';
import type { PersonalDetails as DetailsResponse } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';
import { isApiRequestError } from '../api/errors.ts';
import { describedStep } from '#domain/details-steps/steps.ts';
import { stepEntries } from '#domain/details-values.ts';
import { createChosenImages, type ChosenImages } from './details-files.ts';
import type { uploadImage } from './details-uploader.ts';
import type { ImagePreparer } from './image-prepare.ts';
import { afterFirstPaint } from '../prerender/after-first-paint.ts';

/**
 * Resolves once the frame answering the tap has painted (at once outside a browser): Next shows the step busy in that
 * frame, and the request (its body, its retry key) is built after it (docs/decisions/223-tap-answered-first.md).
 */
const painted = () => new Promise<void>((resolve) => (typeof window === 'undefined' ? resolve() : afterFirstPaint(resolve)));

/**
 * What `update-details/{step}` receives: the step's form input in the contract's shape (openapi.yaml DetailsStep*),
 * nested keys flattened in brackets, as the step's description places them (domain/details-values.ts).
 */
export function stepBody(step: StepIndex, values: StepValues): FormData {
  const body = new FormData();
  for (const [key, value] of stepEntries(describedStep(step), values)) body.append(key, value);
  return body;
}

export type DetailsWizardDeps = {
  api: Api;
  /** Shows a toast (the machine's `notify`: the warning of an invalid step). */
  notify: (toast: NotifyParams) => void;
  navigate: (to: string) => void;
  /** Step 5 went through: the session reads the general info again (`session.detailsSubmitted`). */
  onSubmitted: () => void;
  /** The steps the file already completes (src/features/details/step-progress.ts): where the wizard opens. */
  completedSteps: (details: DetailsResponse) => EditableStep[];
  /** Injectable for tests (jsdom has no network). */
  upload?: typeof uploadImage;
  images?: ChosenImages;
};

export function createDetailsWizard(deps: DetailsWizardDeps) {
  const { api } = deps;
  const images = deps.images ?? browserImages(api);
  // Loaded with the first upload, like the image preparation (the route's chunk stays in §7's budget).
  const upload: typeof uploadImage = deps.upload ?? (async (...args) => (await import('./details-uploader.ts')).uploadImage(...args));
  const logic = detailsWizardMachine.provide({
    actors: {
      loadDetails: fromPromise<LoadedDetails>(async ({ signal }) => {
        const details = await api.unwrap(api.client.GET('/user/me/details', { signal }));
        return { details, completedSteps: deps.completedSteps(details) };
      }),
      saveStep: fromPromise<void, { step: StepIndex; values: StepValues }>(async ({ input, signal }) => {
        await painted();
        await api.unwrap(
          api.client.POST('/user/me/update-details/{step}', {
            params: { path: { step: input.step } },
            body: {},
            bodySerializer: () => stepBody(input.step, input.values),
            signal,
          }),
        );
      }),
      uploadFiles: fromPromise<void, { step: StepIndex; kinds: UploadKind[] }>(async ({ input, signal }) => {
        // One at a time, in the step's order; a file that already arrived (an earlier try) is not sent again.
        for (const kind of input.kinds) {
          // A choice still being prepared (Next came first) is waited for; one the browser could not read stops here.
          await images.ready(kind);
          const image = images.get(kind).image;
          if (!image?.prepared) throw new Error(`the image ${kind} could not be prepared`);
          if (image.status === 'uploaded') continue;
          images.uploading(kind);
          try {
            await upload(api.transport, kind, image.prepared, { signal, onProgress: (fraction) => images.progress(kind, fraction) });
          } catch (error) {
            // The server's words for a refusal (415, 413…) are for the worker; a 5xx or a lost connection is not.
            images.failed(kind, isApiRequestError(error) && error.kind === 'client' ? error.message : '');
            throw error;
          }
          images.uploaded(kind);
        }
      }),
      removeImage: fromPromise<void, { kind: UploadKind }>(async ({ input, signal }) => {
        await api.unwrap(api.client.POST('/user/me/remove-uploaded-file', { body: { kind: input.kind }, signal }));
        images.forgetOnFile(input.kind);
      }),
    },
    actions: {
      notify: (_, params) => deps.notify(params),
      navigate: (_, params) => deps.navigate(params.to),
      refreshGeneralInfo: () => deps.onSubmitted(),
    },
  });
  return { logic, images };
}

/**
 * The store of the browser: chosen images prepared off the main thread where possible (image-prepare.ts), images
 * on file read with the worker's token through the API client (never a token in an <img> URL).
 */
function browserImages(api: Api): ChosenImages {
  // Loaded at the first choice: a worker who only reads the wizard never fetches it (the route's chunk stays in §7's budget).
  let preparer: Promise<ImagePreparer> | undefined;
  const loaded = () => (preparer ??= import('./image-prepare.ts').then(({ createImagePreparer }) => createImagePreparer()));
  return createChosenImages({
    prepare: async (file) => (await loaded()).prepare(file),
    loadOnFile: (kind, signal) =>
      api.unwrap(api.client.GET('/user/me/uploaded-file/{kind}', { params: { path: { kind } }, parseAs: 'blob', signal })).then((blob) => blob as Blob),
    onDispose: () => void preparer?.then((p) => p.dispose()),
  });
}
