/**
 * The employee-details wizard (§2.12, §4 multi-step form, §5.3, §8; docs/decisions/040-details-wizard-machine.md).
 *
 * loading → resuming → editing (steps 1–4) → saving → uploading → advancing → … → reviewing (step 5) → submitting →
 * submitted (/home); `resuming` and `advancing` are transient. The step edited is `context.step` (1–5).
 * Invariants (decisions 040, 041, 123): `completedSteps` are the steps whose data on the server meets their rules,
 * unchanged since (a step left with unsaved changes drops out); forward goes only through complete steps (§4), Next
 * or a step of the list saving the step shown first. Nothing typed is dropped (`values`), whatever fails; trying
 * again is a new Next (041). An image on file goes only once confirmed. `wizard.edit` from the review sets
 * `returnToReview`: that step's Continue comes back. setup() entries carry their JSDoc (070); implementations read
 * event and context (071).
 */
import { and, assign, setup } from 'xstate';
import { askedStep, firstIncompleteOf, keptValues, leftChanged, mayRemoveOnFile, nextStepOf, previousStepOf, problemsOf } from './details-wizard.types.ts';
import { reachableFrom, removalAsked, saveStartOf, sentInvalid, stepName, withImages, withName, withStep } from './details-wizard.types.ts';
import type { LoadedDetails, StepIndex, StepTarget, StepValues, UploadKind, WizardChildren, WizardContext, WizardEvent } from './details-wizard.types.ts';
import { errorOf, notProvided, notProvidedAction, outputOf } from './invokes.ts';
import type { NotifyParams } from './notify.ts';

export const detailsWizardMachine = setup({
  types: {} as { context: WizardContext; events: WizardEvent; tags: 'busy' | 'review'; children: WizardChildren },
  actors: {
    /** GET /user/me/details (with the defaults of §3). Output `{ details, completedSteps }`: the file, and the steps 1–4 whose rules it meets (step schemas and required images, domain). */
    loadDetails: notProvided<LoadedDetails>('loadDetails'),
    /** POST /user/me/update-details/{step} (multipart, nested keys flattened in brackets; steps 4 and 5 send no fields). Input `{ step, values }`. Output nothing. Invoked as `saveStep` for steps 1–4 and as `submitDetails` for step 5. Rejections may carry the 422 `fields`, which become `problems`. */
    saveStep: notProvided<void, { step: StepIndex; values: StepValues }>('saveStep'),
    /** POST /user/me/upload-file/{kind} for each chosen file. Input `{ step, kinds }` (never empty); the app keeps the File objects and looks them up by kind. Output nothing; rejects on the first refusal. */
    uploadFiles: notProvided<void, { step: StepIndex; kinds: UploadKind[] }>('uploadFiles'),
    /** DELETE /user/me/uploaded-file/{kind} (an optional image on file). Input `{ kind }`. Output nothing. */
    removeImage: notProvided<void, { kind: UploadKind }>('removeImage'),
  },
  actions: {
    /** Provided by the app: a toast; warning `details_formInvalid` on an invalid advance (§5). Params `{ type, msg }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
    /** Provided by the app: '/home' after step 5. Params `{ to }`. */
    navigate: notProvidedAction<{ to: string }>('navigate'),
    /** Provided by the app: after step 5 the app sends `session.detailsSubmitted` to the session. */
    refreshGeneralInfo: notProvidedAction('refreshGeneralInfo'),
    /** Keeps the file as read, and which steps it already completes. */
    keepDetails: assign(({ event }) => outputOf<LoadedDetails>(event, 'loadDetails')),
    /** Opens the first step the file does not complete yet. */
    resumeAtFirstIncomplete: assign({ step: ({ context }) => firstIncompleteOf(context.completedSteps) }),
    /** Keeps the values the form sent (Next, Back or a step of the list) for the current step: never dropped on a failure. */
    keepValues: assign({ values: ({ context, event }) => keptValues(context, event) }),
    /** Marks the current step as submitted, so its fields show their errors. */
    markSubmitted: assign({ submittedSteps: ({ context }) => withName(context.submittedSteps, stepName(context.step)) }),
    /** A step left with changes not saved no longer counts as complete: forward passes through it (and saves it) again. */
    dropIfChanged: assign({ completedSteps: ({ context, event }) => context.completedSteps.filter((step) => step !== context.step || !leftChanged(event)) }),
    /** Starts a save (§4: a valid step is sent before moving on): the upload kinds the event chose on this step (only this step's), and where it leads (a step of the list, or Continue's). */
    startSave: assign(({ context, event }) => saveStartOf(context, event)),
    /** The step just saved (and uploaded) is complete. */
    markCompleted: assign({ completedSteps: ({ context }) => withStep(context.completedSteps, context.step) }),
    /** Moves to the step the save leads to (the next one, or the one asked for). */
    stepForward: assign({ step: ({ context }) => nextStepOf(context), files: [], jumpTo: null }),
    /** Moves one step back (valid or not, nothing is sent; the typed values are kept) and leaves "edit from the review". */
    stepBack: assign({ step: ({ context }) => previousStepOf(context.step), returnToReview: false }),
    /** Opens the earlier step the step list asks for (like Back, nothing is sent), and leaves "edit from the review". */
    goToAsked: assign({ step: ({ event }) => askedStep(event), returnToReview: false }),
    /** Opens the step the `wizard.edit` event asks for, from the review; its Continue comes back to the review. */
    editFromReview: assign({ step: ({ event }) => askedStep(event), returnToReview: true }),
    /** Step 5: the review. */
    enterReview: assign({ step: 5, returnToReview: false, files: [], jumpTo: null }),
    /** Keeps the server's per-field refusals of the failed save or submit. */
    rememberProblems: assign({ problems: ({ event }) => problemsOf(errorOf(event, 'saveStep', 'submitDetails')) }),
    /** Forgets the last refusals before sending again. */
    clearProblems: assign({ problems: [] }),
    /** The uploaded kinds count as on file (`details.images`). */
    markUploaded: assign({ details: ({ context }) => withImages(context.details, context.files, true) }),
    /** Notes which image on file the worker asked to remove. */
    askRemoval: assign({ removing: ({ event }) => removalAsked(event) }),
    /** The removal is cancelled (or done): nothing is being removed. */
    forgetRemoval: assign({ removing: null }),
    /** The removed image is no longer on file. */
    markRemoved: assign({ details: ({ context }) => withImages(context.details, context.removing ? [context.removing] : [], false), removing: null }),
  },
  guards: {
    /** The optional before-change check of §4; the app may provide its own (false vetoes the move). Params `{ to: 'next' | 'previous' | 'asked' }`; `stepChangeOf(context, event, to)` gives the move `{ from, to }`. Default: allow. */
    allowStepChange: (_, _params: { to: StepTarget }) => true,
    /** The view reports the step invalid (`valid` of the `wizard.next` or `wizard.goTo` event). */
    stepInvalid: ({ event }) => sentInvalid(event),
    /** The current step is not the first. */
    hasPreviousStep: ({ context }) => context.step > 1,
    /** Back needs a previous step AND the consent of the before-change check (`allowStepChange`, evaluated at run time, so a provided one is consulted). */
    mayGoBack: and(['hasPreviousStep', { type: 'allowStepChange', params: { to: 'previous' as const } }]),
    /** The step list asks for an earlier step. */
    asksEarlierStep: ({ context, event }) => askedStep(event) < context.step,
    /** The step list asks for a later step with every step in between complete (the one shown is saved on the way). */
    asksReachableStep: ({ context, event }) => askedStep(event) > context.step && reachableFrom(context.step, askedStep(event), context.completedSteps),
    /** An earlier step of the list, with the consent of the before-change check. */
    mayGoBackTo: and(['asksEarlierStep', { type: 'allowStepChange', params: { to: 'asked' as const } }]),
    /** A reachable later step of the list, but the step shown is invalid: it stays and warns, as Next does. */
    invalidJump: and(['asksReachableStep', 'stepInvalid']),
    /** A reachable later step of the list (every step in between complete), with the consent of the before-change check. */
    mayJump: and(['asksReachableStep', { type: 'allowStepChange', params: { to: 'asked' as const } }]),
    /** Files were chosen on this step. */
    hasFilesToUpload: ({ context }) => context.files.length > 0,
    /** The save leads to the review (Continue from step 4 or when editing from the review, or the review asked for). */
    leadsToReview: ({ context }) => nextStepOf(context) === 5,
    /** Every step 1–4 is complete: the wizard opens at the review. */
    allStepsComplete: ({ context }) => firstIncompleteOf(context.completedSteps) === 5,
    /** The image of the `wizard.removeImage` event is on file, of this step, and optional for this worker. */
    mayRemoveImage: ({ context, event }) => mayRemoveOnFile(context, removalAsked(event)),
  },
}).createMachine({
  id: 'detailsWizard',
  description: 'The five steps of the employee details file, saved step by step, then submitted for review; it reopens where the worker stopped.',
  context: {
    details: null,
    completedSteps: [],
    step: 1,
    values: {},
    files: [],
    jumpTo: null,
    submittedSteps: [],
    returnToReview: false,
    problems: [],
    removing: null,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'Reading the file (GET /user/me/details) to prefill the steps and find where to resume.',
      tags: ['busy'],
      invoke: { id: 'loadDetails', src: 'loadDetails', onDone: { target: 'resuming', actions: 'keepDetails' }, onError: 'loadFailed' },
    },
    loadFailed: { description: 'The file could not be read; nothing can be edited until it is.', on: { 'wizard.retry': 'loading' } },
    resuming: {
      description: 'Transient: the wizard opens at the first step the file does not complete, or at the review when every step is complete.',
      always: [
        { guard: 'allStepsComplete', target: 'reviewing' },
        { target: 'editing', actions: 'resumeAtFirstIncomplete' },
      ],
    },
    editing: {
      description: 'The worker edits step `context.step` (1–4). Validation is live in the view; Next and the step list send whether it is valid.',
      initial: 'idle',
      states: {
        idle: { description: 'Editing; nothing failed.' },
        saveFailed: { description: 'Saving failed: the step stays, every typed value kept (`problems`: what the server refused); trying again is Next.' },
        uploadFailed: { description: 'The fields are saved, a chosen file refused or lost: the step stays, the files kept; trying again is Next.' },
        removal: {
          description: 'The worker asked to remove an optional image on file (`removing`): it goes only once confirmed; cancel keeps it.',
          initial: 'confirming',
          states: {
            confirming: { description: 'Asking the worker to confirm.' },
            failed: { description: 'Removing the image failed: it is still on file and the form is as it was; confirming again tries again.' },
          },
          on: { 'wizard.confirmRemoval': { target: '#detailsWizard.removingImage' }, 'wizard.cancelRemoval': { target: 'idle', actions: 'forgetRemoval' } },
        },
      },
      on: {
        'wizard.next': [
          {
            guard: 'stepInvalid',
            description: 'An invalid step does not advance: its errors show and the warning of §5 appears.',
            actions: ['keepValues', 'markSubmitted', { type: 'notify', params: { type: 'warning', msg: 'details_formInvalid' } }],
          },
          { guard: { type: 'allowStepChange', params: { to: 'next' } }, target: 'saving', actions: ['keepValues', 'markSubmitted', 'startSave'] },
        ],
        'wizard.back': { guard: 'mayGoBack', target: 'editing', reenter: true, actions: ['keepValues', 'markSubmitted', 'dropIfChanged', 'stepBack'] },
        'wizard.goTo': [
          { guard: 'mayGoBackTo', target: 'editing', reenter: true, actions: ['keepValues', 'markSubmitted', 'dropIfChanged', 'goToAsked'] },
          {
            guard: 'invalidJump',
            description: 'A later step while this one is invalid: it stays and warns, as Next does.',
            actions: ['keepValues', 'markSubmitted', { type: 'notify', params: { type: 'warning', msg: 'details_formInvalid' } }],
          },
          { guard: 'mayJump', target: 'saving', description: 'Saved first, then on there.', actions: ['keepValues', 'markSubmitted', 'startSave'] },
        ],
        'wizard.removeImage': { guard: 'mayRemoveImage', target: '.removal', actions: 'askRemoval' },
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
      description: 'Transient: the step is saved, so complete; on to the review (after step 4, from the review, or asked), else the next or asked step.',
      entry: 'markCompleted',
      always: [
        { guard: 'leadsToReview', target: 'reviewing' },
        { target: 'editing', actions: 'stepForward' },
      ],
    },
    removingImage: {
      description: 'Removing the optional image on file the worker confirmed (DELETE /user/me/uploaded-file/{kind}).',
      tags: ['busy'],
      invoke: {
        id: 'removeImage',
        src: 'removeImage',
        input: ({ context }) => ({ kind: context.removing ?? 'driving-front' }),
        onDone: { target: 'editing', actions: 'markRemoved' },
        onError: { target: 'editing.removal.failed' },
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
        'wizard.edit': { guard: { type: 'allowStepChange', params: { to: 'asked' } }, target: 'editing', actions: ['markSubmitted', 'editFromReview'] },
        'wizard.back': { guard: { type: 'allowStepChange', params: { to: 'previous' } }, target: 'editing', actions: ['markSubmitted', 'stepBack'] },
        'wizard.goTo': { guard: 'mayGoBackTo', target: 'editing', description: 'Continue walks on from there.', actions: ['markSubmitted', 'goToAsked'] },
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
