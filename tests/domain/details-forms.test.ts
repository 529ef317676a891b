/**
 * Every rule of the employee-details steps (§5.3 and its Belgian checks), as a table over the very
 * schemas the wizard and the server both parse with (domain/details-rules.ts over the steps' descriptions, details-images.ts). Each row
 * changes one thing in a valid step and names the one problem expected (field path and message key), or none.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { DetailsContext } from '#domain/details-fields.ts';
import { stepSchema } from '#domain/details-rules.ts';
import { contactInfo as contactInfoStep } from '#domain/details-steps/contact-info.ts';
import { generalInfo } from '#domain/details-steps/general-info.ts';
import { legal } from '#domain/details-steps/legal.ts';
import { checkChosenImage, missingImages } from '#domain/details-images.ts';
import { V, type ValidationKey } from '#domain/validation-keys.ts';
import { contactInfo, generalInformation, languages, legalInformation, nrn } from '../fixtures/worker-data.ts';

const TODAY = '2026-03-15';
// The schemas of the steps' descriptions, as the wizard and the server build them.
const contactInfoSchema = stepSchema(contactInfoStep, { newAccount: true, today: TODAY });
const legalSchema = (ctx: DetailsContext) => stepSchema(legal, ctx);
const generalInfoSchema = stepSchema(generalInfo, { newAccount: true, today: TODAY });
type Problem = [path: string, key: ValidationKey];
type Row = [why: string, change: (input: Record<string, unknown>) => void, expected: Problem | Problem[] | null];

/** The problems of a parse, as `path → first message`. */
function problems(schema: v.GenericSchema, input: unknown): Array<[string, string]> {
  const result = v.safeParse(schema, input);
  if (result.success) return [];
  const byPath = new Map<string, string>();
  for (const issue of result.issues) {
    const path = (issue.path ?? []).map((item) => String(item.key)).join('.');
    if (!byPath.has(path)) byPath.set(path, issue.message);
  }
  return [...byPath];
}

function check(schema: v.GenericSchema, base: () => Record<string, unknown>, rows: Row[]) {
  it('accepts the valid step as it is', () => expect(problems(schema, base())).toEqual([]));
  it.each(rows)('%s', (_why, change, expected) => {
    const input = base();
    change(input);
    expect(problems(schema, input)).toEqual(expected === null ? [] : Array.isArray(expected[0]) ? expected : [expected]);
  });
}

const set = (path: string, value: unknown) => (input: Record<string, unknown>) => {
  const keys = path.split('.');
  let node = input;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys.at(-1)!] = value;
};
const drop = (path: string) => (input: Record<string, unknown>) => {
  delete input[path];
};
const all =
  (...changes: Array<(input: Record<string, unknown>) => void>) =>
  (input: Record<string, unknown>) =>
    changes.forEach((c) => c(input));

describe('step 1, contactInfo', () => {
  const required = ['firstName', 'lastName', 'mobile', 'email', 'mainAddress.street', 'mainAddress.number', 'mainAddress.zip', 'mainAddress.city'];
  check(contactInfoSchema, () => structuredClone(contactInfo('anne@example.be')), [
    ...required.map((path): Row => [`${path} is required`, set(path, '   '), [path, V.required]]),
    ['mobile: a phone number', set('mobile', '12ab'), ['mobile', V.phone]],
    ['mobile: at least 8 digits', set('mobile', '+32 470'), ['mobile', V.phone]],
    ['email: an address', set('email', 'anne.example.be'), ['email', V.email]],
    ['a Belgian postcode has 4 digits', set('mainAddress.zip', '100'), ['mainAddress.zip', V.zipBelgium]],
    ['a Belgian postcode is 1000–9999', set('mainAddress.zip', '0999'), ['mainAddress.zip', V.zipBelgium]],
    ['a French postcode is not Belgian', all(set('mainAddress.country', 'FR'), set('mainAddress.zip', '75001')), null],
    ['address country: BE, FR or LU', set('mainAddress.country', 'NL'), ['mainAddress.country', V.choice]],
    ['the secondary address is optional', set('secondaryAddress', { street: '', number: '', zip: '', city: '', country: 'BE' }), null],
    [
      'a started secondary address is complete',
      set('secondaryAddress', { street: 'Kot', number: '', zip: '3000', city: 'Leuven', country: 'BE' }),
      ['secondaryAddress.number', V.required],
    ],
    [
      'a secondary Belgian postcode too',
      set('secondaryAddress', { street: 'Kot', number: '1', zip: '30', city: 'Leuven', country: 'BE' }),
      ['secondaryAddress.zip', V.zipBelgium],
    ],
    ['names have a length limit', set('lastName', 'x'.repeat(101)), ['lastName', V.tooLong]],
  ]);
});

describe('step 2, legal (new account)', () => {
  const schema = legalSchema({ newAccount: true, today: TODAY });
  const required = [
    'statute',
    'sex',
    'birthDate',
    'birthPlace',
    'birthCountry',
    'nationality',
    'idNumber',
    'registryNumber',
    'idExpiration',
    'civilStatus',
    'adultDependants',
    'childDependants',
    'iban',
    'bic',
  ];
  const married = (change?: (input: Record<string, unknown>) => void) =>
    all(
      set('civilStatus', '2'),
      set('marriageDate', '2020-05-01'),
      set('spouseName', 'Jan'),
      set('spouseBirthDate', '1988-01-02'),
      set('spouseOccupation', '4'),
      change ?? (() => {}),
    );
  // Born 2001-02-03: the check digits of a 2000+ birth are 97 - (2 + YYMMDDSSS) mod 97.
  const from2000 = (serial: string) => {
    const base = `010203${serial}`;
    return base + String(97 - Number(BigInt(`2${base}`) % 97n)).padStart(2, '0');
  };
  check(schema, () => legalInformation('1'), [
    ...required.map((path): Row => [`${path} is required`, set(path, ''), [path, V.required]]),
    ['statute: 1, E or 3', set('statute', '2'), ['statute', V.choice]],
    ['gender: m or f', set('sex', 'x'), ['sex', V.choice]],
    ['nationality: a code of the list', set('nationality', 'Q'), ['nationality', V.choice]],
    ['birth country: an ISO code', set('birthCountry', 'XX'), ['birthCountry', V.choice]],
    // A wrong birth date also no longer matches the registry number: both are said.
    [
      'birth date: a real date',
      set('birthDate', '1990-02-30'),
      [
        ['birthDate', V.date],
        ['registryNumber', V.registryNumber],
      ],
    ],
    [
      'birth date: in the past',
      set('birthDate', TODAY),
      [
        ['birthDate', V.dateInPast],
        ['registryNumber', V.registryNumber],
      ],
    ],
    ['ID card: not expired', set('idExpiration', '2026-03-14'), ['idExpiration', V.idExpired]],
    ['ID card: valid today is fine', set('idExpiration', TODAY), null],
    ['registry number: digits only', set('registryNumber', '9005151234A'), ['registryNumber', V.numeric]],
    ['registry number: 11 digits', set('registryNumber', '9005151234'), ['registryNumber', V.registryNumber]],
    ['registry number: separators are fine', set('registryNumber', '90.05.15-123.' + nrn('1990-05-15').slice(9)), null],
    ['registry number: mod 97 (before 2000)', set('registryNumber', nrn('1990-05-15').slice(0, 9) + '00'), ['registryNumber', V.registryNumber]],
    ['registry number: must match the birth date', set('birthDate', '1990-05-16'), ['registryNumber', V.registryNumber]],
    ['registry number: born from 2000, the 2-prefixed rule', all(set('birthDate', '2001-02-03'), set('registryNumber', from2000('123'))), null],
    [
      'registry number: born from 2000, the pre-2000 rule is refused',
      all(set('birthDate', '2001-02-03'), set('registryNumber', `010203123${String(97 - (10203123 % 97)).padStart(2, '0')}`)),
      ['registryNumber', V.registryNumber],
    ],
    ['civil status: 1 to 5', set('civilStatus', '6'), ['civilStatus', V.choice]],
    ['married: all four spouse fields given', married(), null],
    ...(['marriageDate', 'spouseName', 'spouseBirthDate', 'spouseOccupation'] as const).map(
      (path): Row => [`married: ${path} is required`, married(set(path, '')), [path, V.required]],
    ),
    ['married: spouse occupation 0–9', married(set('spouseOccupation', 'x')), ['spouseOccupation', V.choice]],
    ['married: a real marriage date', married(set('marriageDate', '2020-13-01')), ['marriageDate', V.date]],
    ['not married: the spouse fields may stay empty', set('civilStatus', '3'), null],
    ['dependants: 0 to 4', set('adultDependants', '5'), ['adultDependants', V.choice]],
    ['dependants: a number', set('childDependants', 'two'), ['childDependants', V.choice]],
    ['IBAN: the checksum', set('iban', 'BE68 5390 0754 7035'), ['iban', V.iban]],
    ['IBAN: the Belgian account check', set('iban', 'BE71 0961 2345 6769'), null],
    ['IBAN: a Belgian account whose own check fails', set('iban', 'BE52 5390 0754 7035'), ['iban', V.iban]],
    ['IBAN: a foreign one', set('iban', 'NL91 ABNA 0417 1643 00'), null],
    ['IBAN: lower case and dashes are fine', set('iban', 'be68-5390-0754-7034'), null],
    ['BIC: 8 or 11 characters', set('bic', 'GEBABE'), ['bic', V.bic]],
    ['BIC: with a branch', set('bic', 'GEBABEBB36A'), null],
  ]);
});

describe('step 2, legal (existing account)', () => {
  const schema = legalSchema({ newAccount: false, today: TODAY });
  check(schema, () => legalInformation('1'), [
    ['no statute to choose', set('statute', ''), null],
    ['the registry number cannot change: not checked (the field is disabled, the server keeps the stored one)', set('registryNumber', ''), null],
    ['the other rules still apply', set('iban', 'BE00'), ['iban', V.iban]],
  ]);
});

describe('step 3, generalInfo', () => {
  const base = () => ({ ...generalInformation(), languages: languages() }) as Record<string, unknown>;
  const required = ['looks', 'hairColour', 'hairLength', 'length', 'shoeSize', 'pantsLength', 'pantsWidth'];
  const languageNames = Object.keys(languages());
  check(generalInfoSchema, base, [
    ...required.map((path): Row => [`${path} is required`, set(path, ''), [path, V.required]]),
    ...languageNames.map(
      (language): Row => [`language level ${language} is required`, set(`languages.${language}`, ''), [`languages.${language}`, V.required]],
    ),
    ['a language level is 0–4', set('languages.dutch', '5'), ['languages.dutch', V.choice]],
    ['looks: a value of the list', set('looks', 'tall'), ['looks', V.choice]],
    ['hair colour: a value of the list', set('hairColour', 'green'), ['hairColour', V.choice]],
    ['hair length: a value of the list', set('hairLength', 'very'), ['hairLength', V.choice]],
    ['height: at least 100 cm', set('length', '99'), ['length', V.heightCm]],
    ['height: at most 250 cm', set('length', '251'), ['length', V.heightCm]],
    ['height: whole centimetres', set('length', '172.5'), ['length', V.heightCm]],
    ['shoe size: 30–52', set('shoeSize', '53'), ['shoeSize', V.shoeSize]],
    ['shoe size: halves with a comma', set('shoeSize', '39,5'), null],
    ['shoe size: no quarters', set('shoeSize', '39.25'), ['shoeSize', V.shoeSize]],
    ['pants length: 20–45', set('pantsLength', '46'), ['pantsLength', V.pantsLength]],
    ['pants width: 20–60', set('pantsWidth', '19'), ['pantsWidth', V.pantsWidth]],
    ['jacket size: optional', set('jacketSize', ''), null],
    ['jacket size: even numbers 34–56 or S–XL', set('jacketSize', '35'), ['jacketSize', V.choice]],
    ['skirt size: optional', set('skirtSize', ''), null],
    ['skirt size: even numbers 34–56', set('skirtSize', 'M'), ['skirtSize', V.choice]],
    ['suit colours: none is fine', set('suitColours', []), null],
    ['suit colours: black, navy, other', set('suitColours', ['red']), ['suitColours.0', V.choice]],
    ['car licence: non or A–E', set('carLicense', 'F'), ['carLicense', V.choice]],
    ['car licence: defaults to non', drop('carLicense'), null],
    ['car: non or oui', set('car', 'maybe'), ['car', V.choice]],
    ['car plate: a length limit', set('carPlate', 'x'.repeat(21)), ['carPlate', V.tooLong]],
  ]);
});

describe('images', () => {
  const none = { idFront: false, idBack: false, drivingFront: false, drivingBack: false, picture1: false, picture2: false };
  it.each([
    ['a new account with nothing', none, {}, true, ['idFront', 'idBack', 'picture1']],
    ['ID front and back chosen now, a picture on file', { ...none, picture2: true }, { idFront: true, idBack: true }, true, []],
    ['ID on file (not chosen again)', { ...none, idFront: true, idBack: true, picture1: true }, {}, true, []],
    ['ID back missing', { ...none, idFront: true, picture1: true }, {}, true, ['idBack']],
    ['an existing account needs no picture', { ...none, idFront: true, idBack: true }, {}, false, []],
    ['the driving licence is optional', { ...none, idFront: true, idBack: true, picture2: true }, {}, true, []],
  ] as const)('%s', (_why, onFile, chosen, newAccount, missing) => {
    expect(missingImages(onFile, chosen, newAccount).map((m) => m.field)).toEqual(missing);
  });
  it('names the rule of each missing image', () => {
    expect(missingImages(none, {}, true)).toEqual([
      { field: 'idFront', message: V.imageRequired },
      { field: 'idBack', message: V.imageRequired },
      { field: 'picture1', message: V.pictureRequired },
    ]);
  });
  it('checks only the images of one step when asked', () => {
    expect(missingImages(none, {}, true, ['picture1', 'picture2']).map((m) => m.field)).toEqual(['picture1']);
    expect(missingImages(none, {}, true, ['drivingFront', 'drivingBack'])).toEqual([]);
  });
  it.each([
    [{ name: 'id.jpg', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'id.JPEG', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'id.png', type: 'image/png', size: 40 * 1024 * 1024 }, null],
    [{ name: 'id.png', type: '', size: 1000 }, null],
    [{ name: 'IMG_0042.HEIC', type: '', size: 1000 }, null],
    [{ name: 'IMG_0042.heic', type: 'image/heic', size: 1000 }, null],
    [{ name: 'photo.webp', type: 'image/webp', size: 1000 }, null],
    [{ name: 'image:1000012345', type: 'image/jpeg', size: 1000 }, null],
    [{ name: 'scan.jpg', type: 'application/octet-stream', size: 1000 }, null],
    [{ name: 'id.png', type: 'image/png', size: 40 * 1024 * 1024 + 1 }, V.fileSize],
    [{ name: 'id.gif', type: 'image/gif', size: 1000 }, V.fileType],
    [{ name: 'id.pdf', type: 'application/pdf', size: 1000 }, V.fileType],
    [{ name: 'id.jpg', type: 'application/pdf', size: 1000 }, V.fileType],
    [{ name: 'notes.txt', type: '', size: 1000 }, V.fileType],
  ])('a chosen %o → %s', (file, expected) => expect(checkChosenImage(file)).toBe(expected));
});
