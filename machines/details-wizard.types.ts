/**
 * The types and step rules of the employee-details wizard (machines/details-wizard.machine.ts): the file of
 * openapi.yaml (PersonalDetails), the steps and their uploads, the wizard's context and events.
 */
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

/** Where a step change leads (the before-change check's params): Continue, Back, or the step an event asks for. */
export type StepTarget = 'next' | 'previous' | 'asked';

/** The move a step change makes, `from` the step shown `to` the one it leads to (what `allowStepChange` judges). */
export function stepChangeOf(context: Pick<WizardContext, 'step' | 'returnToReview'>, event: WizardEvent, to: StepTarget): { from: StepIndex; to: StepIndex } {
  if (to === 'next') return { from: context.step, to: nextStepOf(context) };
  if (to === 'previous') return { from: context.step, to: previousStepOf(context.step) };
  return { from: context.step, to: 'step' in event ? event.step : context.step };
}

