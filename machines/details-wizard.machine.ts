/**
 * The employee-details wizard (spec §2 Employee details, §4 multi-step form, §5, §8; issue 5).
 *
 * loading → editing (steps 1–4: contactInfo, legal, generalInfo, pictures) → saving → uploading → advancing → …
 * → reviewing (step 5, final: every answer with links back) → submitting → submitted (info refreshed, /home).
 * `advancing` is transient: where Continue leads (the next step, or the review) is decided there once, whether
 * the step had files to upload or not.
 *
 * The step edited is `context.step` (bounded: 1–5), not one state per step: steps 1–4 behave alike and the chart
 * stays readable; step 5 is its own state (`reviewing`) because it behaves differently.
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
 * Edit from the review (issue 5 item 4): `wizard.edit { step }` opens that step with `returnToReview`; its Continue
 * saves it and comes back to the review. Back from there leaves that mode: the worker walks forward through the
 * following steps again (each saved), which keeps the second invariant without tracking more.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/details-wizard.md, decision 070); named
 * implementations read the event or the context themselves, so every reference in the config is static
 * (decision 071). Types and step rules: details-wizard.types.ts.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import { STEP_UPLOADS, UPLOAD_IMAGE, nextStepOf, previousStepOf, problemsOf, stepName, withName } from './details-wizard.types.ts';
import type { PersonalDetails, StepIndex, StepTarget, StepValues, UploadKind, WizardContext, WizardEvent } from './details-wizard.types.ts';
import { errorOf, notProvided, outputOf } from './invokes.ts';

// Declared in this file before: the wizard's views and actors still import them from here.
export { STEP_NAMES, STEP_UPLOADS, UPLOAD_IMAGE, stepChangeOf, stepName } from './details-wizard.types.ts';
export type { EditableStep, FieldProblem, PersonalDetails, StepIndex, StepName, StepTarget, StepValues, UploadKind, WizardContext, WizardEvent } from './details-wizard.types.ts';


export const detailsWizardMachine = setup({
  types: {
    context: {} as WizardContext,
    events: {} as WizardEvent,
    tags: {} as 'busy' | 'review',
    children: {} as { loadDetails: 'loadDetails'; saveStep: 'saveStep'; uploadFiles: 'uploadFiles'; submitDetails: 'saveStep' },
  },
  actors: {
    /** GET /user/me/details (with the defaults of §3). Output `PersonalDetails`. */
    loadDetails: notProvided<PersonalDetails>('loadDetails'),
    /** POST /user/me/update-details/{step} (multipart, nested keys flattened in brackets; steps 4 and 5 send no fields). Input `{ step, values }`. Output nothing. Invoked as `saveStep` for steps 1–4 and as `submitDetails` for step 5. Rejections may carry the 422 `fields`, which become `problems`. */
    saveStep: notProvided<void, { step: StepIndex; values: StepValues }>('saveStep'),
    /** POST /user/me/upload-file/{kind} for each chosen file. Input `{ step, kinds }` (never empty); the app keeps the File objects and looks them up by kind. Output nothing; rejects on the first refusal. */
    uploadFiles: notProvided<void, { step: StepIndex; kinds: UploadKind[] }>('uploadFiles'),
  },
  actions: {
    /** Provided by the app: a toast; warning `details_formInvalid` on an invalid advance (§5). Params `{ type, msg }`. */
    notify: (_, _params: { type: 'success' | 'danger' | 'warning' | 'info'; msg: string }) => {},
    /** Provided by the app: '/home' after step 5. Params `{ to }`. */
    navigate: (_, _params: { to: string }) => {},
    /** Provided by the app: after step 5 the app sends `session.detailsSubmitted` to the session. */
    refreshGeneralInfo: () => {},
    /** Keeps the file as read. */
    keepDetails: assign({ details: ({ event }) => outputOf<PersonalDetails>(event, 'loadDetails') }),
    /** Keeps the values the form sent (Next or Back) for the current step: never dropped on a failure. */
    keepValues: assign({
      values: ({ context, event }) => {
        const values = 'values' in event ? event.values : undefined;
        return context.step <= 4 && values !== undefined ? { ...context.values, [stepName(context.step)]: values } : context.values;
      },
    }),
    /** Marks the current step as submitted, so its fields show their errors. */
    markSubmitted: assign({ submittedSteps: ({ context }) => withName(context.submittedSteps, stepName(context.step)) }),
    /** Keeps the upload kinds the `wizard.next` event chose on this step (only kinds of this step). */
    rememberFiles: assign({ files: ({ context, event }) => (event.type === 'wizard.next' ? STEP_UPLOADS[context.step].filter((kind) => event.files.includes(kind)) : []) }),
    /** Moves to the step Continue leads to (the next one, or the review). */
    stepForward: assign({ step: ({ context }) => nextStepOf(context), files: [] }),
    /** Moves one step back and leaves "edit from the review". */
    stepBack: assign({ step: ({ context }) => previousStepOf(context.step), returnToReview: false }),
    /** Opens the step the `wizard.edit` event asks for, from the review; its Continue comes back to the review. */
    editFromReview: assign(({ event }) => {
      assertEvent(event, 'wizard.edit');
      return { step: event.step, returnToReview: true };
    }),
    /** Step 5: the review. */
    enterReview: assign({ step: 5, returnToReview: false, files: [] }),
    /** Keeps the server's per-field refusals of the failed save or submit. */
    rememberProblems: assign({ problems: ({ event }) => problemsOf(errorOf(event, 'saveStep', 'submitDetails')) }),
    /** Forgets the last refusals before sending again. */
    clearProblems: assign({ problems: [] }),
    /** The uploaded kinds count as on file (`details.images`). */
    markUploaded: assign({
      details: ({ context }) =>
        context.details && { ...context.details, images: { ...context.details.images, ...Object.fromEntries(context.files.map((kind) => [UPLOAD_IMAGE[kind], true])) } },
    }),
  },
  guards: {
    /** The optional before-change check of §4; the app may provide its own (false vetoes the move). Params `{ to: 'next' | 'previous' | 'asked' }`; `stepChangeOf(context, event, to)` gives the move `{ from, to }`. Default: allow. */
    allowStepChange: (_, _params: { to: StepTarget }) => true,
    /** The view reports the step invalid (`valid` of the `wizard.next` event). */
    stepInvalid: ({ event }) => event.type === 'wizard.next' && !event.valid,
    /** The current step is not the first. */
    hasPreviousStep: ({ context }) => context.step > 1,
    /** Back needs a previous step AND the consent of the before-change check (`allowStepChange`, evaluated at run time, so a provided one is consulted). */
    mayGoBack: and(['hasPreviousStep', { type: 'allowStepChange', params: { to: 'previous' as const } }]),
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
      invoke: { id: 'loadDetails', src: 'loadDetails', onDone: { target: 'editing', actions: 'keepDetails' }, onError: 'loadFailed' },
    },
    loadFailed: { description: 'The file could not be read; nothing can be edited until it is.', on: { 'wizard.retry': 'loading' } },

    editing: {
      description: 'The worker edits step `context.step` (1–4). Validation is live in the view; Next sends whether it is valid.',
      initial: 'idle',
      states: {
        idle: { description: 'Editing; nothing failed.' },
        saveFailed: { description: 'Saving the step failed: the step did not advance and every typed value is kept (`problems` lists what the server refused). Trying again is Next again, with what is on screen now.' },
        uploadFailed: { description: 'The fields are saved but a chosen file was refused or lost; the step did not advance and the chosen files are kept. Trying again is Next again (the app does not send a file twice that already arrived).' },
      },
      on: {
        'wizard.next': [
          {
            guard: 'stepInvalid',
            description: 'An invalid step does not advance: its errors show and the warning of §5 appears.',
            actions: ['keepValues', 'markSubmitted', { type: 'notify', params: { type: 'warning', msg: 'details_formInvalid' } }],
          },
          {
            guard: { type: 'allowStepChange', params: { to: 'next' } },
            target: 'saving',
            description: 'A valid step is sent before moving on (§4). Without this guard passing, the move is vetoed.',
            actions: ['keepValues', 'markSubmitted', 'rememberFiles'],
          },
        ],
        'wizard.back': {
          guard: 'mayGoBack',
          target: 'editing',
          reenter: true,
          description: 'Back is always allowed (valid or not, nothing is sent); the typed values are kept.',
          actions: ['keepValues', 'markSubmitted', 'stepBack'],
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
        onDone: [{ guard: 'hasFilesToUpload', target: 'uploading', description: 'Files were chosen on this step: upload them next.' }, { target: 'advancing' }],
        onError: { target: 'editing.saveFailed', actions: 'rememberProblems' },
      },
    },

    uploading: {
      description: "Uploading the step's chosen files (POST /user/me/upload-file/{kind}), only when some were chosen.",
      tags: ['busy'],
      invoke: {
        id: 'uploadFiles',
        src: 'uploadFiles',
        input: ({ context }) => ({ step: context.step, kinds: context.files }),
        onDone: { target: 'advancing', actions: 'markUploaded' },
        onError: { target: 'editing.uploadFailed' },
      },
    },

    advancing: {
      description: 'Transient: the step is saved (and its files uploaded); Continue leads to the review from step 4 or when editing from the review, else to the next step.',
      always: [{ guard: 'leadsToReview', target: 'reviewing' }, { target: 'editing', actions: 'stepForward' }],
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
          guard: { type: 'allowStepChange', params: { to: 'asked' } },
          target: 'editing',
          description: 'Change one step from the review; its Continue comes back here.',
          actions: ['markSubmitted', 'editFromReview'],
        },
        'wizard.back': { guard: { type: 'allowStepChange', params: { to: 'previous' } }, target: 'editing', actions: ['markSubmitted', 'stepBack'] },
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
        onDone: { target: 'submitted', actions: ['refreshGeneralInfo', { type: 'navigate', params: { to: '/home' } }] },
        onError: { target: 'reviewing.submitFailed', actions: 'rememberProblems' },
      },
    },

    submitted: { type: 'final', description: 'The file is under review; the general info is refreshed and the worker is home.' },
  },
});
