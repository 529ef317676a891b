/** What the wizard's views read from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { STEP_IMAGES } from '#domain/details-images.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import type { detailsWizardMachine } from './details-wizard.machine.ts';
import {
  STEP_NAMES,
  stepName,
  type FieldProblem,
  type PersonalDetails,
  type StepIndex,
  type StepName,
  type StepValues,
  type UploadKind,
} from './details-wizard.types.ts';

/** The wizard's actor, as its route starts it and its views read it. */
export type WizardActor = ActorRefFrom<typeof detailsWizardMachine>;
export type WizardSnapshot = SnapshotFrom<typeof detailsWizardMachine>;

export const currentStep = (s: WizardSnapshot): { index: StepIndex; name: StepName } => ({ index: s.context.step, name: stepName(s.context.step) });
export const isBusy = (s: WizardSnapshot): boolean => s.hasTag('busy');
export const isReviewing = (s: WizardSnapshot): boolean => s.hasTag('review');
export const details = (s: WizardSnapshot): PersonalDetails | null => s.context.details;

/** Why the worker is stuck, if they are (the view shows the matching message and a retry button). */
export function failure(s: WizardSnapshot): 'load' | 'save' | 'upload' | 'submit' | null {
  if (s.matches('loadFailed')) return 'load';
  if (s.matches({ editing: 'saveFailed' })) return 'save';
  if (s.matches({ editing: 'uploadFailed' })) return 'upload';
  if (s.matches({ reviewing: 'submitFailed' })) return 'submit';
  return null;
}

/** Only a failed load or a failed submit has a retry of its own; a failed save or upload is retried with Next. */
export const canRetry = (s: WizardSnapshot): boolean => s.can({ type: 'wizard.retry' });

/** What the server refused in the last failed save or submit (shown at the fields, or in the review). */
export function problems(s: WizardSnapshot): readonly FieldProblem[] {
  const why = failure(s);
  return why === 'save' || why === 'submit' ? s.context.problems : [];
}

/** The image of an upload kind is on the server (loaded so, or uploaded during this visit). */
export const isOnFile = (s: WizardSnapshot, kind: UploadKind): boolean => s.context.details?.images[IMAGE_FIELDS[kind]] === true;
/** Back is shown when allowed (never on step 1). */
export const canGoBack = (s: WizardSnapshot): boolean => s.can({ type: 'wizard.back' });
/** Continue on an edited step leads back to the review (edit from the final step). */
export const returnsToReview = (s: WizardSnapshot): boolean => s.context.returnToReview;

/** The fields of this step show their errors ("marked as submitted"). */
export const isStepSubmitted = (s: WizardSnapshot, name: StepName): boolean => s.context.submittedSteps.includes(name);

/** The values the worker last typed on a step (null: take them from the loaded details). */
export const stepValues = (s: WizardSnapshot, name: StepName): StepValues | null => s.context.values[name] ?? null;
/** The values typed on every step (the review shows them over the loaded details). */
export const allValues = (s: WizardSnapshot): Partial<Record<StepName, StepValues>> => s.context.values;

/** One entry of the step list: whether the worker may go there now (the machine's guards say), and whether it is done. */
export type StepListItem = { index: StepIndex; name: StepName; current: boolean; reachable: boolean; complete: boolean };

/**
 * The step list (decision 123): a step is reachable when the machine would take the worker there now (back always,
 * forward through complete steps only; nothing while busy). Asked with the machine's own `can`, never re-derived.
 */
export function stepList(s: WizardSnapshot): StepListItem[] {
  return STEP_NAMES.map((name, i) => {
    const index = (i + 1) as StepIndex;
    const current = s.context.step === index && (index < 5 ? s.matches('editing') : s.hasTag('review'));
    const reachable = !current && s.can({ type: 'wizard.goTo', step: index, valid: true, values: {}, files: [], dirty: false });
    return { index, name, current, reachable, complete: index < 5 && s.context.completedSteps.includes(index as 1 | 2 | 3 | 4) };
  });
}

/** The optional image on file of `kind` can be removed now (on file, of this step, optional for this worker). */
export const canRemoveOnFile = (s: WizardSnapshot, kind: UploadKind): boolean => s.can({ type: 'wizard.removeImage', kind });
/** The images of the shown step that are on file and may be removed now. */
export const removableHere = (s: WizardSnapshot): UploadKind[] => STEP_IMAGES[s.context.step].filter((kind) => canRemoveOnFile(s, kind));

/** The removal under way, if any: asked (waiting for the confirmation), being sent, or failed. */
export function removal(s: WizardSnapshot): { kind: UploadKind; status: 'confirming' | 'removing' | 'failed' } | null {
  const kind = s.context.removing;
  if (!kind) return null;
  if (s.matches({ editing: { removal: 'confirming' } })) return { kind, status: 'confirming' };
  if (s.matches({ editing: { removal: 'failed' } })) return { kind, status: 'failed' };
  if (s.matches('removingImage')) return { kind, status: 'removing' };
  return null;
}
