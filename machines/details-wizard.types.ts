/**
 * The types and step rules of the employee-details wizard (machines/details-wizard.machine.ts): the steps and
 * their uploads, the wizard's context and events; the file and the upload kinds are the contract's
 * (#domain/api-schema.ts PersonalDetails, UploadKind).
 */
import { assertEvent } from 'xstate';
import type { FieldError, PersonalDetails, UploadKind } from '#domain/api-schema.ts';
import { STEP_IMAGES } from '#domain/details-images.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';

export type StepIndex = 1 | 2 | 3 | 4 | 5;
export type EditableStep = 1 | 2 | 3 | 4;
export type StepName = 'contactInfo' | 'legal' | 'generalInfo' | 'pictures' | 'final';
export type { UploadKind };
/** The values of one step as the form holds them; the machine keeps and forwards them untouched. */
export type StepValues = Record<string, unknown>;

export const STEP_NAMES: readonly StepName[] = ['contactInfo', 'legal', 'generalInfo', 'pictures', 'final'];

/** The file on record (the contract's PersonalDetails); the nested groups are read by the views, not by the machine. */
export type { PersonalDetails };

/** One refusal of the server (the contract's FieldError): a flattened key such as `mainAddress[zip]`. */
export type FieldProblem = FieldError;

/** The wizard's invokes by id, and the actor each runs (step 5 is submitted through `saveStep`). */
export type WizardChildren = {
  loadDetails: 'loadDetails';
  saveStep: 'saveStep';
  uploadFiles: 'uploadFiles';
  submitDetails: 'saveStep';
  removeImage: 'removeImage';
};
/** What `loadDetails` answers: the file, and the steps (1–4) whose rules it already meets (the resume point). */
export type LoadedDetails = { details: PersonalDetails; completedSteps: EditableStep[] };

export type WizardContext = {
  details: PersonalDetails | null;
  /** Steps 1–4 whose data on file meets their rules (loaded so, or saved in this visit) and was not changed since. */
  completedSteps: EditableStep[];
  /** Where the save under way leads when the worker asked for a step of the list (null: Continue). */
  jumpTo: StepIndex | null;
  /** The optional image on file the worker asked to remove (confirming, removing, or failed). */
  removing: UploadKind | null;
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
  /** `dirty`: the step left holds changes not saved (typed, or images chosen and not sent). */
  | { type: 'wizard.back'; values?: StepValues; dirty?: boolean }
  /** A step of the step list: what Next would send for the step shown, and whether it changed. */
  | { type: 'wizard.goTo'; step: StepIndex; valid: boolean; values: StepValues; files: UploadKind[]; dirty: boolean }
  | { type: 'wizard.edit'; step: EditableStep }
  | { type: 'wizard.submit' }
  | { type: 'wizard.retry' }
  | { type: 'wizard.removeImage'; kind: UploadKind }
  | { type: 'wizard.confirmRemoval' }
  | { type: 'wizard.cancelRemoval' };

export const stepName = (step: StepIndex): StepName => STEP_NAMES[step - 1]!;
/** Where Continue (or the step asked for in the list) leads from the step being edited. */
export const nextStepOf = (context: Pick<WizardContext, 'step' | 'returnToReview'> & { jumpTo?: StepIndex | null }): StepIndex =>
  context.jumpTo ?? (context.returnToReview || context.step >= 4 ? 5 : ((context.step + 1) as StepIndex));
export const previousStepOf = (step: StepIndex): StepIndex => (step > 1 ? ((step - 1) as StepIndex) : 1);
export const withName = (names: StepName[], name: StepName): StepName[] => (names.includes(name) ? names : [...names, name]);
/** The `fields` of a rejection, when it carries well-formed ones. */
export function problemsOf(error: unknown): FieldProblem[] {
  const fields = typeof error === 'object' && error !== null && 'fields' in error ? (error as { fields: unknown }).fields : undefined;
  if (!Array.isArray(fields)) return [];
  return fields
    .filter((f): f is FieldProblem => typeof f === 'object' && f !== null && typeof f.path === 'string' && typeof f.message === 'string')
    .map(({ path, message }) => ({ path, message }));
}

const EDITABLE: readonly EditableStep[] = [1, 2, 3, 4];
/** The first step (1–4) whose rules the file does not meet yet; 5 (the review) when all do. */
export const firstIncompleteOf = (completed: readonly EditableStep[]): StepIndex => EDITABLE.find((step) => !completed.includes(step)) ?? 5;
/**
 * Whether the step list may lead from `from` to `to`: back always; forward when every step in between (the one
 * shown excepted: it is checked and saved on the way) meets its rules (§4: no skipping an incomplete step).
 */
export const reachableFrom = (from: StepIndex, to: StepIndex, completed: readonly EditableStep[]): boolean =>
  to < from || (to > from && EDITABLE.every((step) => step <= from || step >= to || completed.includes(step)));
export const withStep = (steps: EditableStep[], step: StepIndex): EditableStep[] =>
  step > 4 || steps.includes(step as EditableStep) ? steps : [...steps, step as EditableStep].sort((a, b) => a - b);
/**
 * The images a worker may remove once on file (docs/decisions/121-image-picker.md): the driving licence always, the pictures for an existing
 * account (a new one needs one, §5, so the picture stays until replaced); never the ID card (required, §5). The
 * server refuses the ID card too (400); openapi.yaml `RemovableUploadKind`.
 */
export function mayRemoveOnFile(context: Pick<WizardContext, 'details' | 'step'>, kind: UploadKind): boolean {
  const details = context.details;
  if (!details || !STEP_IMAGES[context.step].includes(kind) || !details.images[IMAGE_FIELDS[kind]]) return false;
  return kind === 'driving-front' || kind === 'driving-back' || !details.newAccount;
}

/** Where a step change leads (the before-change check's params): Continue, Back, or the step an event asks for. */
export type StepTarget = 'next' | 'previous' | 'asked';

/** The step a step of the list (`wizard.goTo`) or an edit from the review (`wizard.edit`) asks for. */
export function askedStep(event: WizardEvent): StepIndex {
  assertEvent(event, ['wizard.goTo', 'wizard.edit']);
  return event.step;
}

/** The view reports the step it sends invalid (`valid` of `wizard.next` or `wizard.goTo`). */
export function sentInvalid(event: WizardEvent): boolean {
  assertEvent(event, ['wizard.next', 'wizard.goTo']);
  return !event.valid;
}

/** The step left (Back, or an earlier step of the list) holds changes not saved. */
export function leftChanged(event: WizardEvent): boolean {
  assertEvent(event, ['wizard.back', 'wizard.goTo']);
  return event.dirty === true;
}

/** The image on file a `wizard.removeImage` asks to remove. */
export function removalAsked(event: WizardEvent): UploadKind {
  assertEvent(event, 'wizard.removeImage');
  return event.kind;
}

/** The move a step change makes, `from` the step shown `to` the one it leads to (what `allowStepChange` judges). */
export function stepChangeOf(context: Pick<WizardContext, 'step' | 'returnToReview'>, event: WizardEvent, to: StepTarget): { from: StepIndex; to: StepIndex } {
  if (to === 'next') return { from: context.step, to: nextStepOf(context) };
  if (to === 'previous') return { from: context.step, to: previousStepOf(context.step) };
  return { from: context.step, to: askedStep(event) };
}

/** The values kept per step once the form sent the current step's (Next, Back or a step of the list). */
export function keptValues(context: Pick<WizardContext, 'step' | 'values'>, event: WizardEvent): WizardContext['values'] {
  assertEvent(event, ['wizard.next', 'wizard.back', 'wizard.goTo']);
  const { values } = event;
  return context.step <= 4 && values !== undefined ? { ...context.values, [stepName(context.step)]: values } : context.values;
}

/** The file with the images of `kinds` marked on file (uploaded) or not (removed). */
export const withImages = (details: PersonalDetails | null, kinds: readonly UploadKind[], onFile: boolean): PersonalDetails | null =>
  details && { ...details, images: { ...details.images, ...Object.fromEntries(kinds.map((kind) => [IMAGE_FIELDS[kind], onFile])) } };

/** A save starts: the upload kinds the event chose on this step (only this step's), and where it leads (a step of the list, or Continue's). */
export function saveStartOf(context: Pick<WizardContext, 'step'>, event: WizardEvent): Pick<WizardContext, 'files' | 'jumpTo'> {
  assertEvent(event, ['wizard.next', 'wizard.goTo']);
  return { files: STEP_IMAGES[context.step].filter((kind) => event.files.includes(kind)), jumpTo: event.type === 'wizard.goTo' ? event.step : null };
}
