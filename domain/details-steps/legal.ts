/**
 * Step 2, legal: statute (new accounts only), gender, birth, nationality, the ID card (number, expiry, front and
 * back images), the registry number (locked for an existing account), family (spouse fields only when married,
 * §5) and the bank account.
 */
import * as v from 'valibot';
import type { LegalInformation } from '../api-schema.ts';
import { requiredText } from '../auth-forms.ts';
import { compactCode, formatIban, formatRegistryNumber, isValidBic, isValidIban, isValidRegistryNumber } from '../belgian.ts';
import { fieldsOf, group, images, labelled, row, type DetailsContext, type DetailsMessage, type StepDescription } from '../details-fields.ts';
import { anyText, choice, codeIn, optionalDate, optionalText, required, requiredDate } from '../details-rules.ts';
import { CIVIL_STATUS_MARRIED, GENDERS, ISO_COUNTRIES, NATIONALITIES, STATUTE_OPTIONS } from '../enums.ts';
import { V } from '../validation-keys.ts';

const f = fieldsOf<LegalInformation>();
const married = { field: 'civilStatus', equals: String(CIVIL_STATUS_MARRIED) } as const;
/** An IBAN or a BIC: required, checked without its separators. */
const bankCode = (valid: (code: string) => boolean, message: string) =>
  v.pipe(v.string(V.required), v.nonEmpty(V.required), v.transform(compactCode), v.check(valid, message));
const BANK_INPUT = { spellCheck: false, autoComplete: 'off' } as const;
const dependants = { values: ['0', '1', '2', '3', '4'], labels: 'value' } as const;
const NATIONALITY = {
  B: 'details_nationalityB',
  D: 'details_nationalityD',
  E: 'details_nationalityE',
  F: 'details_nationalityF',
  G: 'details_nationalityG',
  I: 'details_nationalityI',
  L: 'details_nationalityL',
  M: 'details_nationalityM',
  N: 'details_nationalityN',
  P: 'details_nationalityP',
  T: 'details_nationalityT',
  '9': 'details_nationality9',
  K: 'details_nationalityK',
  X: 'details_nationalityX',
} as const satisfies Record<(typeof NATIONALITIES)[number], DetailsMessage>;
const CIVIL_STATUS = {
  '1': 'details_civilStatus1',
  '2': 'details_civilStatus2',
  '3': 'details_civilStatus3',
  '4': 'details_civilStatus4',
  '5': 'details_civilStatus5',
} as const;
/** The spec gives no words for 0–9: a common Belgian payroll reading (decision 041). */
const SPOUSE_OCCUPATION = {
  '0': 'details_spouseOccupation0',
  '1': 'details_spouseOccupation1',
  '2': 'details_spouseOccupation2',
  '3': 'details_spouseOccupation3',
  '4': 'details_spouseOccupation4',
  '5': 'details_spouseOccupation5',
  '6': 'details_spouseOccupation6',
  '7': 'details_spouseOccupation7',
  '8': 'details_spouseOccupation8',
  '9': 'details_spouseOccupation9',
} as const;

export const legal: StepDescription = {
  index: 2,
  name: 'legal',
  group: 'legalInformation',
  blocks: [
    f.select('statute', {
      label: 'details_legal_statute',
      options: labelled({ '1': 'details_statute1', E: 'details_statuteE', '3': 'details_statute3' }),
      rule: choice(STATUTE_OPTIONS),
      newAccountOnly: { hidden: true },
    }),
    f.select('sex', { label: 'details_legal_sex', options: labelled({ m: 'details_genderM', f: 'details_genderF' }), rule: choice(GENDERS) }),
    group('details_birth', [
      f.date('birthDate', {
        label: 'details_legal_birthDate',
        autoComplete: 'bday',
        rule: (ctx: DetailsContext) =>
          v.pipe(
            requiredDate,
            v.check((s) => s < ctx.today, V.dateInPast),
          ),
      }),
      f.text('birthPlace', { label: 'details_legal_birthPlace', rule: requiredText(100) }),
      f.select('birthCountry', {
        label: 'details_legal_birthCountry',
        options: { values: ISO_COUNTRIES, labels: 'country', sorted: true },
        rule: choice(ISO_COUNTRIES),
        fallback: 'BE',
      }),
      f.select('nationality', { label: 'details_legal_nationality', options: labelled(NATIONALITY), rule: choice(NATIONALITIES), fallback: 'B' }),
    ]),
    group('details_idCard', [
      f.text('idNumber', { label: 'details_legal_idNumber', rule: requiredText(30), input: { spellCheck: false } }),
      f.date('idExpiration', {
        label: 'details_legal_idExpiration',
        rule: (ctx: DetailsContext) =>
          v.pipe(
            requiredDate,
            v.check((s) => s >= ctx.today, V.idExpired),
          ),
      }),
      f.text('registryNumber', {
        label: 'details_legal_registryNumber',
        hint: 'details_legal_registryNumberHint',
        rule: v.pipe(v.string(V.required), v.nonEmpty(V.required), v.transform(compactCode), v.regex(/^\d+$/, V.numeric), v.length(11, V.registryNumber)),
        newAccountOnly: { locked: 'details_legal_registryNumberLocked' },
        input: { inputMode: 'numeric', spellCheck: false },
        format: formatRegistryNumber,
        shownAs: formatRegistryNumber,
      }),
      images,
    ]),
    group('details_family', [
      f.select('civilStatus', { label: 'details_legal_civilStatus', options: labelled(CIVIL_STATUS), rule: codeIn(5), stored: 'number' }),
      f.date('marriageDate', { label: 'details_legal_marriageDate', rule: optionalDate, shown: married, whenShown: required }),
      f.text('spouseName', { label: 'details_legal_spouseName', rule: optionalText(200), shown: married, whenShown: required }),
      f.date('spouseBirthDate', { label: 'details_legal_spouseBirthDate', rule: optionalDate, shown: married, whenShown: required }),
      f.select('spouseOccupation', {
        label: 'details_legal_spouseOccupation',
        options: labelled(SPOUSE_OCCUPATION),
        rule: anyText,
        stored: 'number',
        shown: married,
        whenShown: codeIn(9),
      }),
      row(
        f.select('adultDependants', {
          label: 'details_legal_adultDependants',
          hint: 'details_dependantsHint',
          options: dependants,
          rule: codeIn(4),
          stored: 'number',
        }),
        f.select('childDependants', {
          label: 'details_legal_childDependants',
          hint: 'details_dependantsHint',
          options: dependants,
          rule: codeIn(4),
          stored: 'number',
        }),
      ),
    ]),
    group('details_payment', [
      f.text('iban', {
        label: 'details_legal_iban',
        hint: 'details_legal_ibanHint',
        rule: bankCode(isValidIban, V.iban),
        input: BANK_INPUT,
        format: formatIban,
        shownAs: formatIban,
      }),
      f.text('bic', {
        label: 'details_legal_bic',
        hint: 'details_legal_bicHint',
        rule: bankCode(isValidBic, V.bic),
        input: BANK_INPUT,
        format: compactCode,
        shownAs: (text) => text.toUpperCase(),
      }),
    ]),
  ],
  // The registry number's check digits also encode the birth date (decision 041).
  check: (values, ctx) => {
    const registry = String(values.registryNumber);
    return ctx.newAccount && registry.length === 11 && !isValidRegistryNumber(registry, String(values.birthDate))
      ? [{ field: 'registryNumber', message: V.registryNumber }]
      : [];
  },
};
