/**
 * Validation messages travel as message keys (of messages/*.json), never as text: the forms translate them
 * in the interface language and the server in the language of Accept-Language. Keep this list in step with
 * the messages files (tests/i18n/messages.test.ts checks that every key exists in both).
 */
export const V = {
  required: 'validation_required',
  email: 'validation_email',
  passwordMin: 'validation_passwordMin',
  passwordMax: 'validation_passwordMax',
  passwordsDiffer: 'validation_passwordsDiffer',
  tooLong: 'validation_tooLong',
  choice: 'validation_choice',
  numeric: 'validation_numeric',
  phone: 'validation_phone',
  zipBelgium: 'validation_zipBelgium',
  date: 'validation_date',
  dateInPast: 'validation_dateInPast',
  idExpired: 'validation_idExpired',
  registryNumber: 'validation_registryNumber',
  iban: 'validation_iban',
  bic: 'validation_bic',
  heightCm: 'validation_heightCm',
  shoeSize: 'validation_shoeSize',
  pantsLength: 'validation_pantsLength',
  pantsWidth: 'validation_pantsWidth',
  pictureRequired: 'validation_pictureRequired',
  imageRequired: 'validation_imageRequired',
  fileType: 'validation_fileType',
  fileSize: 'validation_fileSize',
  // A chosen image the browser cannot prepare (decision 120): broken, a HEIC this browser cannot decode, too many pixels.
  imageUnreadable: 'validation_imageUnreadable',
  imageHeic: 'validation_imageHeic',
  imageTooLarge: 'validation_imageTooLarge',
  policyRequired: 'validation_policyRequired',
  commentTooLong: 'validation_commentTooLong',
  periodOrder: 'validation_periodOrder',
  signingSelection: 'validation_signingSelection',
  // Server-side checks (§19): a clock time, a number out of its range, a day the month does not have,
  // a signature that is not a PNG image, a wizard step not saved before the file is submitted.
  time: 'validation_time',
  outOfRange: 'validation_outOfRange',
  dayOutsideMonth: 'validation_dayOutsideMonth',
  signatureImage: 'validation_signatureImage',
  stepIncomplete: 'validation_stepIncomplete',
  // Hours worked: an end equal to the start, a break as long as the shift, a contest's reason or the agency's note.
  hoursEndEqualsStart: 'validation_hoursEndEqualsStart',
  hoursBreakTooLong: 'validation_hoursBreakTooLong',
  hoursReasonRequired: 'validation_hoursReasonRequired',
  hoursNoteRequired: 'validation_hoursNoteRequired',
  hoursTextTooLong: 'validation_hoursTextTooLong',
  // An offer the agency sends (back-office): its deadline, its shifts, and who may receive it (approved workers only).
  offerDeadlinePast: 'validation_offerDeadlinePast',
  offerDeadlineAfterStart: 'validation_offerDeadlineAfterStart',
  offerShiftEmpty: 'validation_offerShiftEmpty',
  offerShiftsOverlap: 'validation_offerShiftsOverlap',
  offerWorkerUnknown: 'validation_offerWorkerUnknown',
  offerWorkerNotApproved: 'validation_offerWorkerNotApproved',
  // The agency's choice among the applicants of a selection offer (docs/decisions/260-two-ways-to-staff.md).
  offerWorkerNotApplicant: 'validation_offerWorkerNotApplicant',
  offerSelectionTooMany: 'validation_offerSelectionTooMany',
  offerPlacesFewer: 'validation_offerPlacesFewer',
  offerWorkerHasNoPlace: 'validation_offerWorkerHasNoPlace',
  // A push subscription: an endpoint the server may not call, a browser key that is not a P-256 point; quiet hours of no length.
  pushEndpoint: 'validation_pushEndpoint',
  pushKeys: 'validation_pushKeys',
  quietHoursEmpty: 'validation_quietHoursEmpty',
} as const;
export type ValidationKey = (typeof V)[keyof typeof V];
