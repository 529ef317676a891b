/**
 * The employee-details wizard (spec §2 Employee details, §4 multi-step form, §5, §8; issue 5).
 *
 * loading → editing (steps 1–4: contactInfo, legal, generalInfo, pictures) → saving → uploading → … → reviewing
 * (step 5, final: every answer with links back) → submitting → submitted (info refreshed, /home).
 *
 * The step being edited is `context.step` (bounded: 1–5), not one state per step: the five steps behave alike and
 * the chart stays readable. Step 5 is its own state (`reviewing`) because it behaves differently.
 *
 * Invariants
 * - Forward moves one step at a time and only from a valid step that saved (and uploaded) without error: every
 *   step before the current one is valid and saved. The one exception keeps it: "edit from the review" (below).
 * - `reviewing` is reached only when steps 1–4 were all saved in this visit, so step 5 submits a complete file.
 * - A failure never drops what the worker typed: `values` keeps the last values of every step (sent with
 *   `wizard.next` or `wizard.back`); failure sub-states say why (`saveFailed`, `uploadFailed`, `submitFailed`),
 *   and `problems` holds the server's per-field refusals of the last save or submit (a 422), for the view.
 * - Trying again after a failed save or upload IS a new Next (docs/decisions/041-details-wizard-ui.md): what is on
 *   screen then is validated, saved and uploaded, so nothing typed or chosen after the failure is left behind.
 * - `submittedSteps` (the steps whose fields show their errors, "marked as submitted") holds at most the 5 names.
 *
 * Edit from the review (issue 5 item 4): `wizard.edit { step }` opens that step with `returnToReview`; its
 * Continue saves it and comes back to the review. Going back from there leaves that mode: the worker then walks
 * forward through the following steps again (each saved), which keeps the second invariant without tracking more.
 *
 * Actors, actions and guards are described by the JSDoc on their setup() entries, which `npm run machines:docs`
 * lists in docs/machines/details-wizard.md (docs/decisions/070-machine-docs-generation.md).
 */
import { and, assign, fromPromise, setup } from 'xstate';

export type StepIndex = 1 | 2 | 3 | 4 | 5;
export type EditableStep = 1 | 2 | 3 | 4;
export type StepName = 'contactInfo' | 'legal' | 'generalInfo' | 'pictures' | 'final';
export type UploadKind = 'id-front' | 'id-back' | 'driving-front' | 'driving-back' | 'picture1' | 'picture2';
/** The values of one step as the form holds them; the machine keeps and forwards them untouched. */
export type StepValues = Record<string, unknown>;

export const STEP_NAMES: readonly StepName[] = ['contactInfo', 'legal', 'generalInfo', 'pictures', 'final'];
/** Which uploads belong to which step (docs/decisions/003-api-shapes.md). */
export const STEP_UPLOADS: Readonly<Record<StepIndex, readonly UploadKind[]>> = {
  1: [],
  2: ['id-front', 'id-back'],
  3: ['driving-front', 'driving-back'],
  4: ['picture1', 'picture2'],
  5: [],
};

export type Address = { street: string | null; number: string | null; zip: string | null; city: string | null; country: 'BE' | 'FR' | 'LU' };
export type ImagesOnFile = { idFront: boolean; idBack: boolean; drivingFront: boolean; drivingBack: boolean; picture1: boolean; picture2: boolean };
/** PersonalDetails of openapi.yaml; the nested groups are read by the views, not by the machine. */
export type PersonalDetails = {
  firstName: string | null;
  lastName: string | null;
  mobile: string | null;
  email: string | null;
  mainAddress: Address;
  secondaryAddress: Address;
  legalInformation: Record<string, unknown>;
  generalInformation: Record<string, unknown>;
  languages: Record<string, number | null>;
  images: ImagesOnFile;
  status: 0 | 1 | 2;
  newAccount: boolean;
};

/** One refusal of the server (FieldError of openapi.yaml): a flattened key such as `mainAddress[zip]`. */
export type FieldProblem = { path: string; message: string };

/** Which `images` flag each upload fills (docs/decisions/003-api-shapes.md). */
export const UPLOAD_IMAGE: Readonly<Record<UploadKind, keyof ImagesOnFile>> = {
  'id-front': 'idFront',
  'id-back': 'idBack',
  'driving-front': 'drivingFront',
  'driving-back': 'drivingBack',
  picture1: 'picture1',
  picture2: 'picture2',
};

export type WizardContext = {
  details: PersonalDetails | null;
  /** The step shown: 1–4 while editing, 5 while reviewing or submitting. */
  step: StepIndex;
  /** The last values of each step with fields (never dropped on a failure). */
  values: Partial<Record<StepName, StepValues>>;
  /** The upload kinds chosen on the step being saved (only kinds of that step). */
  files: UploadKind[];
  submittedSteps: StepName[];
  /** Continue goes back to the review (edit from the final step). */
  returnToReview: boolean;
  /** The server's per-field refusals of the last failed save or submit (empty otherwise). */
  problems: FieldProblem[];
};

export type WizardEvent =
  | { type: 'wizard.next'; valid: boolean; values: StepValues; files: UploadKind[] }
  | { type: 'wizard.back'; values?: StepValues }
  | { type: 'wizard.edit'; step: EditableStep }
  | { type: 'wizard.submit' }
  | { type: 'wizard.retry' };

export const stepName = (step: StepIndex): StepName => STEP_NAMES[step - 1]!;
/** Where Continue leads from the step being edited. */
export const nextStepOf = (context: Pick<WizardContext, 'step' | 'returnToReview'>): StepIndex =>
  context.returnToReview || context.step >= 4 ? 5 : ((context.step + 1) as StepIndex);
const previousStepOf = (step: StepIndex): StepIndex => (step > 1 ? ((step - 1) as StepIndex) : 1);
const withName = (names: StepName[], name: StepName): StepName[] => (names.includes(name) ? names : [...names, name]);
/** The `fields` of a rejection, when it carries well-formed ones. */
export function problemsOf(error: unknown): FieldProblem[] {
  const fields = typeof error === 'object' && error !== null && 'fields' in error ? (error as { fields: unknown }).fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields
    .filter((f): f is FieldProblem => typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.message === 'string')
    .map(({ path, message }) => ({ path, message }));
}

export const detailsWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    tags: {} as 'busy' | 'review',
    children: {} as { loadDetails: 'loadDetails'; saveStep: 'saveStep'; uploadFiles: 'uploadFiles'; submitDetails: 'saveStep' },
  },
  actors: {
    /** GET /user/me/details (with the defaults of §3). Output `PersonalDetails`. */
    loadDetails: fromPromise<PersonalDetails>(async () => {
      throw new Error('not provided: loadDetails');
    }),
    /** POST /user/me/update-details/{step} (multipart, nested keys flattened in brackets; steps 4 and 5 send no fields). Input `{ step, values }`. Output nothing. Invoked as `saveStep` for steps 1–4 and as `submitDetails` for step 5. Rejections may carry the 422 `fields`, which become `problems`. */
    saveStep: fromPromise<void, { step: StepIndex; values: StepValues }>(async () => {
      throw new Error('not provided: saveStep');
    }),
    /** POST /user/me/upload-file/{kind} for each chosen file. Input `{ step, kinds }` (never empty); the app keeps the File objects and looks them up by kind. Output nothing; rejects on the first refusal. */
    uploadFiles: fromPromise<void, { step: StepIndex; kinds: UploadKind[] }>(async () => {
      throw new Error('not provided: uploadFiles');
    }),
  },
  actions: {
    // Provided by the app.
    /** Provided by the app: a toast; warning `details_formInvalid` on an invalid advance (§5). Params `{ type, msg }`. */
    notify: (_, _params: { type: 'success' | 'danger' | 'warning' | 'info'; msg: string }) => {},
    /** Provided by the app: '/home' after step 5. Params `{ to }`. */
    navigate: (_, _params: { to: string }) => {},
    /** Provided by the app: after step 5 the app sends `session.detailsSubmitted` to the session. */
    refreshGeneralInfo: () => {},
    // Internal.
    /** Keeps the file as read. */
    setDetails: assign({ details: (_, params: { details: PersonalDetails }) => params.details }),
    /** Keeps the values the form sent for the current step (never dropped on a failure). Params `{ values }`. */
    keepValues: assign({
      values: ({ context }, params: { values: StepValues | undefined }) =>
        context.step <= 4 && params.values !== undefined ? { ...context.values, [stepName(context.step)]: params.values } : context.values,
    }),
    /** Marks the current step as submitted, so its fields show their errors. */
    markSubmitted: assign({ submittedSteps: ({ context }) => withName(context.submittedSteps, stepName(context.step)) }),
    /** Keeps the upload kinds chosen on this step (only kinds of this step). Params `{ files }`. */
    rememberFiles: assign({
      files: ({ context }, params: { files: UploadKind[] }) => STEP_UPLOADS[context.step].filter((kind) => params.files.includes(kind)),
    }),
    /** Forgets the chosen upload kinds. */
    clearFiles: assign({ files: [] }),
    /** Moves to the step Continue leads to (the next one, or the review). */
    stepForward: assign({ step: ({ context }) => nextStepOf(context) }),
    /** Moves one step back and leaves "edit from the review". */
    stepBack: assign({ step: ({ context }) => previousStepOf(context.step), returnToReview: false }),
    /** Opens a step from the review; its Continue comes back to the review. Params `{ step }`. */
    editFromReview: assign({ step: (_, params: { step: EditableStep }) => params.step, returnToReview: true }),
    /** Step 5: the review. */
    enterReview: assign({ step: 5, returnToReview: false, files: [] }),
    /** Keeps the server's per-field refusals of the failed save or submit. Params `{ error }`. */
    rememberProblems: assign({ problems: (_, params: { error: unknown }) => problemsOf(params.error) }),
    /** Forgets the last refusals before sending again. */
    clearProblems: assign({ problems: [] }),
    /** The uploaded kinds count as on file (`details.images`). */
    markUploaded: assign({
      details: ({ context }) =>
        context.details && {
          ...context.details,
          images: { ...context.details.images, ...Object.fromEntries(context.files.map((kind) => [UPLOAD_IMAGE[kind], true])) },
        },
    }),
  },
  guards: {
    /** The optional before-change check of §4; the app may provide its own (false vetoes next, back and edit). Params `{ from, to }`; default: allow. */
    allowStepChange: (_, _params: { from: StepIndex; to: StepIndex }) => true,
    /** The view reports the step invalid. Params `{ valid }`. */
    stepInvalid: (_, params: { valid: boolean }) => !params.valid,
    /** The current step is not the first. */
    hasPreviousStep: ({ context }) => context.step > 1,
    /** Back needs a previous step AND the consent of the before-change check (`allowStepChange`). */
    // `and` evaluates the named guards at run time (so a provided `allowStepChange` is the one consulted); its
    // static type cannot express dynamic params, hence the cast to the plain guard signature.
    mayGoBack: and([
      'hasPreviousStep',
      { type: 'allowStepChange', params: ({ context }: { context: WizardContext }) => ({ from: context.step, to: previousStepOf(context.step) }) },
    ]) as unknown as (args: { context: WizardContext }) => boolean,
    /** Files were chosen on this step. */
    hasFilesToUpload: ({ context }) => context.files.length > 0,
    /** Continue from this step leads to the review (step 4, or editing from the review). */
    leadsToReview: ({ context }) => nextStepOf(context) === 5,
  },
}).createMachine({
  id: 'detailsWizard',
  description: 'The five steps of the employee details file, saved step by step, then submitted for review.',
  context: { details: null, step: 1, values: {}, files: [], submittedSteps: [], returnToReview: false, problems: [] },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the file (GET /user/me/details) to prefill the steps.',
      tags: ['busy'],
      invoke: {
        id: 'loadDetails',
        src: 'loadDetails',
        onDone: { target: 'editing', actions: { type: 'setDetails', params: ({ event }) => ({ details: event.output }) } },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'The file could not be read; nothing can be edited until it is.',
      on: { 'wizard.retry': 'loading' },
    },

    editing: {
      description: 'The worker edits step `context.step` (1–4). Validation is live in the view; Next sends whether it is valid.',
      initial: 'idle',
      states: {
        idle: { description: 'Editing; nothing failed.' },
        saveFailed: {
          description: 'Saving the step failed: the step did not advance and every typed value is kept (`problems` lists what the server refused). Trying again is Next again, with what is on screen now.',
        },
        uploadFailed: {
          description: 'The fields are saved but a chosen file was refused or lost; the step did not advance and the chosen files are kept. Trying again is Next again (the app does not send a file twice that already arrived).',
        },
      },
      on: {
        'wizard.next': [
          {
            guard: { type: 'stepInvalid', params: ({ event }) => ({ valid: event.valid }) },
            description: 'An invalid step does not advance: its errors show and the warning of §5 appears.',
            actions: [
              { type: 'keepValues', params: ({ event }) => ({ values: event.values }) },
              'markSubmitted',
              { type: 'notify', params: { type: 'warning', msg: 'details_formInvalid' } },
            ],
          },
          {
            guard: { type: 'allowStepChange', params: ({ context }) => ({ from: context.step, to: nextStepOf(context) }) },
            target: 'saving',
            description: 'A valid step is sent before moving on (§4). Without this guard passing, the move is vetoed.',
            actions: [
              { type: 'keepValues', params: ({ event }) => ({ values: event.values }) },
              'markSubmitted',
              { type: 'rememberFiles', params: ({ event }) => ({ files: event.files }) },
            ],
          },
        ],
        'wizard.back': {
          guard: 'mayGoBack',
          target: 'editing',
          reenter: true,
          description: 'Back is always allowed (valid or not, nothing is sent); the typed values are kept.',
          actions: [{ type: 'keepValues', params: ({ event }) => ({ values: event.values }) }, 'markSubmitted', 'stepBack'],
        },
      },
    },

    saving: {
      description: 'Sending the step (POST /user/me/update-details/{step}).',
      tags: ['busy'],
      entry: 'clearProblems',
      invoke: {
        id: 'saveStep',
        src: 'saveStep',
        input: ({ context }) => ({ step: context.step, values: context.values[stepName(context.step)] ?? {} }),
        onDone: [
          { guard: 'hasFilesToUpload', target: 'uploading', description: 'Files were chosen on this step: upload them next.' },
          { guard: 'leadsToReview', target: 'reviewing' },
          { target: 'editing', actions: 'stepForward' },
        ],
        onError: { target: 'editing.saveFailed', actions: { type: 'rememberProblems', params: ({ event }) => ({ error: event.error }) } },
      },
    },

    uploading: {
      description: "Uploading the step's chosen files (POST /user/me/upload-file/{kind}), only when some were chosen.",
      tags: ['busy'],
      invoke: {
        id: 'uploadFiles',
        src: 'uploadFiles',
        input: ({ context }) => ({ step: context.step, kinds: context.files }),
        onDone: [
          { guard: 'leadsToReview', target: 'reviewing', actions: 'markUploaded' },
          { target: 'editing', actions: ['markUploaded', 'clearFiles', 'stepForward'] },
        ],
        onError: { target: 'editing.uploadFailed' },
      },
    },

    reviewing: {
      description: 'Step 5 (final): every answer, with links back to its step, and the submit button (Next is hidden).',
      tags: ['review'],
      entry: 'enterReview',
      initial: 'idle',
      states: {
        idle: { description: 'Checking the answers.' },
        submitFailed: {
          description: 'Submitting failed (e.g. the server found the file incomplete); the answers are unchanged.',
          on: { 'wizard.retry': { target: '#detailsWizard.submitting' } },
        },
      },
      on: {
        'wizard.submit': { target: 'submitting' },
        'wizard.edit': {
          guard: { type: 'allowStepChange', params: ({ event }) => ({ from: 5, to: event.step }) },
          target: 'editing',
          description: 'Change one step from the review; its Continue comes back here.',
          actions: ['markSubmitted', { type: 'editFromReview', params: ({ event }) => ({ step: event.step }) }],
        },
        'wizard.back': {
          guard: { type: 'allowStepChange', params: { from: 5, to: 4 } },
          target: 'editing',
          actions: ['markSubmitted', 'stepBack'],
        },
      },
    },

    submitting: {
      description: 'Submitting the file for review (step 5 of update-details).',
      tags: ['busy', 'review'],
      entry: 'clearProblems',
      invoke: {
        id: 'submitDetails',
        src: 'saveStep',
        input: { step: 5, values: {} },
        onDone: {
          target: 'submitted',
          actions: ['refreshGeneralInfo', { type: 'navigate', params: { to: '/home' } }],
        },
        onError: { target: 'reviewing.submitFailed', actions: { type: 'rememberProblems', params: ({ event }) => ({ error: event.error }) } },
      },
    },

    submitted: {
      type: 'final',
      description: 'The file is under review; the general info is refreshed and the worker is home.',
    },
  },
});
