/**
 * The employee-details rules of spec §5, one schema per wizard step, parsing what the form holds (strings)
 * into typed values. The wizard validates live with them; the server parses each `update-details/{step}`
 * body (after `unflattenBrackets`) with the very same schema, so both sides refuse the same input.
 *
 * Beyond the spec (issue 5): registry number mod-97 against the birth date, IBAN checksum and Belgian account
 * check, BIC format, 4-digit postcode in Belgium. Errors are message keys (validation-keys.ts).
 */
import * as v from 'valibot';
import {
  ADDRESS_COUNTRIES,
  CAR_LICENSES,
  CAR_OPTIONS,
  GENDERS,
  HAIR_COLOURS,
  HAIR_LENGTHS,
  JACKET_SIZES,
  LOOKS,
  NATIONALITIES,
  SKIRT_SIZES,
  STATUTE_OPTIONS,
  SUIT_COLOURS,
  CIVIL_STATUS_MARRIED,
  DETAILS_DEFAULTS,
  ISO_COUNTRIES,
  LANGUAGES,
} from './enums.ts';
import { isCalendarDay } from './calendar-day.ts';
import { compactCode, isValidBelgianZip, isValidBic, isValidIban, isValidRegistryNumber } from './belgian.ts';
import { decimalForApi } from './decimal-text.ts';
import { V } from './validation-keys.ts';
import { requiredText, emailField } from './auth-forms.ts';

/** What a step's rules depend on besides its own fields. */
export type DetailsContext = {
  /** A new account chooses its statute and types its registry number; an existing one cannot change it. */
  newAccount: boolean;
  /** Today as YYYY-MM-DD (passed in, so that tests and the server decide what "today" is). */
  today: string;
};

const optionalText = (max = 200) => v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max, V.tooLong));
const choice = <const T extends readonly string[]>(options: T) =>
  v.pipe(v.string(V.required), v.nonEmpty(V.required), v.picklist(options, V.choice));
const optionalChoice = <const T extends readonly string[]>(options: T) => v.optional(v.picklist(options, V.choice), '');

const requiredDate = v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.check(isCalendarDay, V.date));
const optionalDate = v.pipe(v.optional(v.string(), ''), v.trim(), v.check((s) => s === '' || isCalendarDay(s), V.date));

/** A whole number in a range, typed as digits. */
const integerIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(V.required),
    v.trim(),
    v.nonEmpty(V.required),
    v.regex(/^\d+$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
const codeIn = (max: number) =>
  v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.regex(/^\d$/, V.choice), v.transform(Number), v.maxValue(max, V.choice));

const phone = v.pipe(
  v.string(V.required),
  v.trim(),
  v.nonEmpty(V.required),
  v.check((s) => /^\+?[0-9 ()./-]{8,20}$/.test(s) && s.replace(/\D/g, '').length >= 8, V.phone),
);

const addressFields = {
  street: optionalText(200),
  number: optionalText(20),
  zip: optionalText(10),
  city: optionalText(100),
  country: v.optional(v.picklist(ADDRESS_COUNTRIES, V.choice), DETAILS_DEFAULTS.addressCountry),
};
const ADDRESS_PARTS = ['street', 'number', 'zip', 'city'] as const;

/** Checks an address: all four parts when `required` or when any part is filled; 4-digit postcode in Belgium. */
const addressSchema = (required: boolean) =>
  v.pipe(
    v.object(addressFields),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const address = dataset.value;
      const started = ADDRESS_PARTS.some((part) => address[part] !== '');
      if (!required && !started) return;
      for (const part of ADDRESS_PARTS)
        if (address[part] === '') addIssue({ message: V.required, path: [pathItem(address, part)] });
      if (address.zip !== '' && address.country === 'BE' && !isValidBelgianZip(address.zip))
        addIssue({ message: V.zipBelgium, path: [pathItem(address, 'zip')] });
    }),
  );

/** valibot wants issue paths as path items; this builds one for an object key. */
function pathItem(input: Record<string, unknown>, key: string) {
  return { type: 'object' as const, origin: 'value' as const, input, key, value: input[key] };
}

/** Step 1, contactInfo. */
export const contactInfoSchema = v.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  mobile: phone,
  email: emailField,
  mainAddress: addressSchema(true),
  secondaryAddress: addressSchema(false),
});

/** Step 2, legal. Spouse fields are required only for civil status 2 (married). */
export function legalSchema(ctx: DetailsContext) {
  return v.pipe(
    v.object({
      statute: ctx.newAccount ? choice(STATUTE_OPTIONS) : v.optional(v.string(), ''),
      sex: choice(GENDERS),
      birthDate: v.pipe(requiredDate, v.check((s) => s < ctx.today, V.dateInPast)),
      birthPlace: requiredText(100),
      birthCountry: choice(ISO_COUNTRIES),
      nationality: choice(NATIONALITIES),
      idNumber: requiredText(30),
      // Existing accounts cannot change it: the field is disabled and the server ignores it (spec §5).
      registryNumber: ctx.newAccount
        ? v.pipe(v.string(V.required), v.nonEmpty(V.required), v.transform(compactCode), v.regex(/^\d+$/, V.numeric), v.length(11, V.registryNumber))
        : v.optional(v.string(), ''),
      idExpiration: v.pipe(requiredDate, v.check((s) => s >= ctx.today, V.idExpired)),
      civilStatus: codeIn(5),
      marriageDate: optionalDate,
      spouseName: optionalText(200),
      spouseBirthDate: optionalDate,
      spouseOccupation: v.optional(v.string(), ''),
      adultDependants: codeIn(4),
      childDependants: codeIn(4),
      iban: v.pipe(v.string(V.required), v.nonEmpty(V.required), v.transform(compactCode), v.check(isValidIban, V.iban)),
      bic: v.pipe(v.string(V.required), v.nonEmpty(V.required), v.transform(compactCode), v.check(isValidBic, V.bic)),
    }),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const legal = dataset.value;
      if (ctx.newAccount && legal.registryNumber.length === 11 && !isValidRegistryNumber(legal.registryNumber, legal.birthDate))
        addIssue({ message: V.registryNumber, path: [pathItem(legal, 'registryNumber')] });
      if (legal.civilStatus !== CIVIL_STATUS_MARRIED) return;
      for (const key of ['marriageDate', 'spouseName', 'spouseBirthDate', 'spouseOccupation'] as const)
        if (legal[key] === '') addIssue({ message: V.required, path: [pathItem(legal, key)] });
      if (legal.spouseOccupation !== '' && !/^\d$/.test(legal.spouseOccupation))
        addIssue({ message: V.choice, path: [pathItem(legal, 'spouseOccupation')] });
    }),
  );
}

const languageLevels = Object.fromEntries(LANGUAGES.map((language) => [language, codeIn(4)])) as Record<
  (typeof LANGUAGES)[number],
  ReturnType<typeof codeIn>
>;

/** Step 3, generalInfo (looks, sizes, car, languages). Skirt size only matters for gender f; the form hides it otherwise. */
export const generalInfoSchema = v.object({
  looks: choice(LOOKS),
  hairColour: choice(HAIR_COLOURS),
  hairLength: choice(HAIR_LENGTHS),
  length: integerIn(100, 250, V.heightCm),
  jacketSize: optionalChoice(JACKET_SIZES),
  skirtSize: optionalChoice(SKIRT_SIZES),
  shoeSize: v.pipe(
    v.string(V.required),
    v.trim(),
    v.nonEmpty(V.required),
    v.transform(decimalForApi),
    v.regex(/^\d{2}(\.5|\.0)?$/, V.shoeSize),
    v.transform(Number),
    v.minValue(30, V.shoeSize),
    v.maxValue(52, V.shoeSize),
  ),
  pantsLength: integerIn(20, 45, V.pantsLength),
  pantsWidth: integerIn(20, 60, V.pantsWidth),
  suitColours: v.pipe(v.optional(v.array(v.picklist(SUIT_COLOURS, V.choice)), []), v.maxLength(3, V.choice)),
  carLicense: v.optional(v.picklist(CAR_LICENSES, V.choice), DETAILS_DEFAULTS.carLicense),
  car: v.optional(v.picklist(CAR_OPTIONS, V.choice), DETAILS_DEFAULTS.car),
  carDescription: optionalText(200),
  carPlate: optionalText(20),
  languages: v.object(languageLevels),
});

export type ContactInfoInput = v.InferInput<typeof contactInfoSchema>;
export type LegalInput = v.InferInput<ReturnType<typeof legalSchema>>;
export type GeneralInfoInput = v.InferInput<typeof generalInfoSchema>;
