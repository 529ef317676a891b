/**
 * Words the wizard shows that are not a field's own label: validation messages (the schemas' errors are message
 * keys, domain/validation-keys.ts; a server refusal arrives as text already), the images' labels, and the
 * label of every field by its path, for the error summary ("Postcode: …") and a refusal of the submit.
 */
import { V, type ValidationKey } from '#domain/validation-keys.ts';
import type { UploadKind } from '../../../machines/details-wizard.types.ts';
import { m } from '../../paraglide/messages.js';
import { ADDRESS_PART_LABEL, fieldsOfStep } from '#domain/details-fields.ts';
import { IMAGE_MESSAGE } from '#domain/details-images.ts';
import { DETAILS_STEPS } from '#domain/details-steps/steps.ts';
import { say } from './labels.ts';

const VALIDATION: Record<ValidationKey, () => string> = {
  [V.required]: m.validation_required,
  [V.email]: m.validation_email,
  [V.passwordMin]: m.validation_passwordMin,
  [V.passwordMax]: m.validation_passwordMax,
  [V.passwordsDiffer]: m.validation_passwordsDiffer,
  [V.tooLong]: m.validation_tooLong,
  [V.choice]: m.validation_choice,
  [V.numeric]: m.validation_numeric,
  [V.phone]: m.validation_phone,
  [V.zipBelgium]: m.validation_zipBelgium,
  [V.date]: m.validation_date,
  [V.dateInPast]: m.validation_dateInPast,
  [V.idExpired]: m.validation_idExpired,
  [V.registryNumber]: m.validation_registryNumber,
  [V.iban]: m.validation_iban,
  [V.bic]: m.validation_bic,
  [V.heightCm]: m.validation_heightCm,
  [V.shoeSize]: m.validation_shoeSize,
  [V.pantsLength]: m.validation_pantsLength,
  [V.pantsWidth]: m.validation_pantsWidth,
  [V.pictureRequired]: m.validation_pictureRequired,
  [V.imageRequired]: m.validation_imageRequired,
  [V.fileType]: m.validation_fileType,
  [V.fileSize]: m.validation_fileSize,
  [V.imageUnreadable]: m.validation_imageUnreadable,
  [V.imageHeic]: m.validation_imageHeic,
  [V.imageTooLarge]: m.validation_imageTooLarge,
  [V.policyRequired]: m.validation_policyRequired,
  [V.commentTooLong]: m.validation_commentTooLong,
  [V.periodOrder]: m.validation_periodOrder,
  [V.signingSelection]: m.validation_signingSelection,
  [V.time]: m.validation_time,
  [V.outOfRange]: m.validation_outOfRange,
  [V.dayOutsideMonth]: m.validation_dayOutsideMonth,
  [V.signatureImage]: m.validation_signatureImage,
  [V.stepIncomplete]: m.validation_stepIncomplete,
  [V.hoursEndEqualsStart]: m.validation_hoursEndEqualsStart,
  [V.hoursBreakTooLong]: m.validation_hoursBreakTooLong,
  [V.hoursReasonRequired]: m.validation_hoursReasonRequired,
  [V.hoursNoteRequired]: m.validation_hoursNoteRequired,
  [V.hoursTextTooLong]: m.validation_hoursTextTooLong,
  [V.offerDeadlinePast]: m.validation_offerDeadlinePast,
  [V.offerDeadlineAfterStart]: m.validation_offerDeadlineAfterStart,
  [V.offerShiftEmpty]: m.validation_offerShiftEmpty,
  [V.offerShiftsOverlap]: m.validation_offerShiftsOverlap,
  [V.offerWorkerUnknown]: m.validation_offerWorkerUnknown,
  [V.offerWorkerNotApproved]: m.validation_offerWorkerNotApproved,
  [V.offerWorkerNotApplicant]: m.validation_offerWorkerNotApplicant,
  [V.offerSelectionTooMany]: m.validation_offerSelectionTooMany,
  [V.offerPlacesFewer]: m.validation_offerPlacesFewer,
  [V.offerWorkerHasNoPlace]: m.validation_offerWorkerHasNoPlace,
  [V.pushEndpoint]: m.validation_pushEndpoint,
  [V.pushKeys]: m.validation_pushKeys,
  [V.quietHoursEmpty]: m.validation_quietHoursEmpty,
};

/** A validation key in the interface language; any other text (the server's words) as it is. */
export const errorText = (error: string): string => (error in VALIDATION ? VALIDATION[error as ValidationKey]() : error);

/** An image's label in the interface language. */
export const imageLabel = (kind: UploadKind): string => say(IMAGE_MESSAGE[kind]);

/**
 * The label of a field by its form path, as its step describes it (["mainAddress", "zip"] → "Adresse principale,
 * code postal"; ["languages", "dutch"] → "Néerlandais"). Field names are unique across the steps (the contract's).
 */
export function fieldLabel(path: readonly (string | number)[]): string {
  const [name, part] = path.map(String);
  const field = DETAILS_STEPS.flatMap(fieldsOfStep).find((candidate) => candidate.name === name);
  if (!field) return path.join('.');
  if (field.kind === 'address' && part)
    return `${say(field.label)}, ${(part in ADDRESS_PART_LABEL ? say(ADDRESS_PART_LABEL[part as keyof typeof ADDRESS_PART_LABEL]) : part).toLowerCase()}`;
  if (field.kind === 'levels' && part) return field.partLabels[part] ? say(field.partLabels[part]) : part;
  return say(field.label);
}

/** The id of a field's control (the error summary links to it). */
export const fieldId = (path: readonly (string | number)[]) => `details-${path.join('-')}`;
export const imageId = (kind: UploadKind) => `details-image-${kind}`;
