/**
 * Words the wizard shows that are not a field's own label: validation messages (the schemas' errors are message
 * keys, src/domain/validation-keys.ts; a server refusal arrives as text already), and the label of every field
 * by its path, for the error summary ("Postcode: …") and the review.
 */
import { V, type ValidationKey } from '../../domain/validation-keys.ts';
import type { UploadKind } from '../../../machines/details-wizard.machine.ts';
import { m } from '../../paraglide/messages.js';
import { LANGUAGE } from './options.ts';

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
  [V.offerDeadlinePast]: m.validation_offerDeadlinePast,
  [V.offerDeadlineAfterStart]: m.validation_offerDeadlineAfterStart,
  [V.offerShiftEmpty]: m.validation_offerShiftEmpty,
  [V.offerShiftsOverlap]: m.validation_offerShiftsOverlap,
  [V.offerWorkerUnknown]: m.validation_offerWorkerUnknown,
  [V.offerWorkerNotApproved]: m.validation_offerWorkerNotApproved,
};

/** A validation key in the interface language; any other text (the server's words) as it is. */
export const errorText = (error: string): string => (error in VALIDATION ? VALIDATION[error as ValidationKey]() : error);

export const IMAGE_LABEL: Record<UploadKind, () => string> = {
  'id-front': m.details_image_idFront,
  'id-back': m.details_image_idBack,
  'driving-front': m.details_image_drivingFront,
  'driving-back': m.details_image_drivingBack,
  picture1: m.details_image_picture1,
  picture2: m.details_image_picture2,
};

const FIELD: Record<string, () => string> = {
  firstName: m.details_contact_firstName,
  lastName: m.details_contact_lastName,
  mobile: m.details_contact_mobile,
  email: m.details_contact_email,
  statute: m.details_legal_statute,
  sex: m.details_legal_sex,
  birthDate: m.details_legal_birthDate,
  birthPlace: m.details_legal_birthPlace,
  birthCountry: m.details_legal_birthCountry,
  nationality: m.details_legal_nationality,
  idNumber: m.details_legal_idNumber,
  registryNumber: m.details_legal_registryNumber,
  idExpiration: m.details_legal_idExpiration,
  civilStatus: m.details_legal_civilStatus,
  marriageDate: m.details_legal_marriageDate,
  spouseName: m.details_legal_spouseName,
  spouseBirthDate: m.details_legal_spouseBirthDate,
  spouseOccupation: m.details_legal_spouseOccupation,
  adultDependants: m.details_legal_adultDependants,
  childDependants: m.details_legal_childDependants,
  iban: m.details_legal_iban,
  bic: m.details_legal_bic,
  looks: m.details_general_looks,
  hairColour: m.details_general_hairColour,
  hairLength: m.details_general_hairLength,
  length: m.details_general_length,
  jacketSize: m.details_general_jacketSize,
  skirtSize: m.details_general_skirtSize,
  shoeSize: m.details_general_shoeSize,
  pantsLength: m.details_general_pantsLength,
  pantsWidth: m.details_general_pantsWidth,
  suitColours: m.details_general_suitColours,
  carLicense: m.details_general_carLicense,
  car: m.details_general_car,
  carDescription: m.details_general_carDescription,
  carPlate: m.details_general_carPlate,
};
const ADDRESS_PART: Record<string, () => string> = {
  street: m.details_address_street,
  number: m.details_address_number,
  zip: m.details_address_zip,
  city: m.details_address_city,
  country: m.details_address_country,
};

/** The label of a field by its form path (['mainAddress', 'zip'] → "Adresse principale, code postal"). */
export function fieldLabel(path: readonly (string | number)[]): string {
  const [head, part] = path.map(String);
  if ((head === 'mainAddress' || head === 'secondaryAddress') && part) {
    const group = head === 'mainAddress' ? m.details_mainAddress() : m.details_secondaryAddress();
    return `${group}, ${(ADDRESS_PART[part]?.() ?? part).toLowerCase()}`;
  }
  if (head === 'languages' && part) return LANGUAGE[part as keyof typeof LANGUAGE]?.() ?? part;
  return FIELD[head ?? '']?.() ?? path.join('.');
}

/** The id of a field's control (the error summary links to it). */
export const fieldId = (path: readonly (string | number)[]) => `details-${path.join('-')}`;
export const imageId = (kind: UploadKind) => `details-image-${kind}`;
