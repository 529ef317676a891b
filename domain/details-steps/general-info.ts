/**
 * Step 3, generalInfo: appearance, sizes (skirt size only for gender f, §5), suit colours (several), mobility
 * (licence, car; the car's description and plate only with a car), the driving licence images (optional), and the
 * nine language levels (at the top of the body and of the file: `languages[dutch]`).
 */
import * as v from 'valibot';
import type { GeneralInformation, Languages } from '../api-schema.ts';
import { decimalForApi } from '../decimal-text.ts';
import { fieldsOf, group, images, labelled, row, type DetailsMessage, type StepDescription } from '../details-fields.ts';
import { choice, codeIn, integerIn, optionalChoice, optionalText } from '../details-rules.ts';
import {
  CAR_LICENSES,
  CAR_OPTIONS,
  DETAILS_DEFAULTS,
  HAIR_COLOURS,
  HAIR_LENGTHS,
  JACKET_SIZES,
  LANGUAGES,
  LOOKS,
  SKIRT_SIZES,
  SUIT_COLOURS,
} from '../enums.ts';
import { V } from '../validation-keys.ts';

const f = fieldsOf<GeneralInformation & { languages: Languages }>();
const hasCar = { field: 'car', equals: 'oui' } as const;
const LANGUAGE: Record<(typeof LANGUAGES)[number], DetailsMessage> = {
  french: 'details_language_french',
  dutch: 'details_language_dutch',
  english: 'details_language_english',
  german: 'details_language_german',
  italian: 'details_language_italian',
  spanish: 'details_language_spanish',
  arabic: 'details_language_arabic',
  turkish: 'details_language_turkish',
  morrocan: 'details_language_morrocan',
};

export const generalInfo: StepDescription = {
  index: 3,
  name: 'generalInfo',
  group: 'generalInformation',
  blocks: [
    group('details_appearance', [
      f.select('looks', {
        label: 'details_general_looks',
        options: labelled({
          occidental: 'details_looksOccidental',
          slave: 'details_looksSlave',
          asiatique: 'details_looksAsiatique',
          orientale: 'details_looksOrientale',
          black: 'details_looksBlack',
          nordafricain: 'details_looksNordafricain',
          hispanique: 'details_looksHispanique',
          mediterraneen: 'details_looksMediterraneen',
        }),
        rule: choice(LOOKS),
      }),
      row(
        f.select('hairColour', {
          label: 'details_general_hairColour',
          options: labelled({
            blond: 'details_hairColourBlond',
            brun: 'details_hairColourBrun',
            noir: 'details_hairColourNoir',
            chatain: 'details_hairColourChatain',
            roux: 'details_hairColourRoux',
          }),
          rule: choice(HAIR_COLOURS),
        }),
        f.select('hairLength', {
          label: 'details_general_hairLength',
          options: labelled({
            long: 'details_hairLengthLong',
            'mi-long': 'details_hairLengthMiLong',
            court: 'details_hairLengthCourt',
            rase: 'details_hairLengthRase',
          }),
          rule: choice(HAIR_LENGTHS),
        }),
      ),
    ]),
    group('details_sizes', [
      row(
        f.text('length', { label: 'details_general_length', rule: integerIn(100, 250, V.heightCm), stored: 'number', input: { inputMode: 'numeric' } }),
        f.decimal('shoeSize', {
          label: 'details_general_shoeSize',
          hint: 'details_general_shoeSizeHint',
          rule: v.pipe(
            v.string(V.required),
            v.trim(),
            v.nonEmpty(V.required),
            v.transform(decimalForApi),
            v.regex(/^\d{2}(\.5|\.0)?$/, V.shoeSize),
            v.transform(Number),
            v.minValue(30, V.shoeSize),
            v.maxValue(52, V.shoeSize),
          ),
          stored: 'number',
        }),
      ),
      row(
        f.text('pantsWidth', {
          label: 'details_general_pantsWidth',
          hint: 'details_general_pantsHint',
          rule: integerIn(20, 60, V.pantsWidth),
          stored: 'number',
          input: { inputMode: 'numeric' },
        }),
        f.text('pantsLength', {
          label: 'details_general_pantsLength',
          hint: 'details_general_pantsHint',
          rule: integerIn(20, 45, V.pantsLength),
          stored: 'number',
          input: { inputMode: 'numeric' },
        }),
      ),
      row(
        f.select('jacketSize', {
          label: 'details_general_jacketSize',
          optional: true,
          options: { values: JACKET_SIZES.filter(Boolean), labels: 'value' },
          placeholder: 'details_notSpecified',
          rule: optionalChoice(JACKET_SIZES),
          fallback: '',
        }),
        f.select('skirtSize', {
          label: 'details_general_skirtSize',
          optional: true,
          options: { values: SKIRT_SIZES.filter(Boolean), labels: 'value' },
          placeholder: 'details_notSpecified',
          rule: optionalChoice(SKIRT_SIZES),
          fallback: '',
          shown: { gender: 'f' },
        }),
      ),
      f.choices('suitColours', {
        label: 'details_general_suitColours',
        options: labelled({ black: 'details_suitColourBlack', navy: 'details_suitColourNavy', other: 'details_suitColourOther' }),
        rule: v.pipe(v.optional(v.array(v.picklist(SUIT_COLOURS, V.choice)), []), v.maxLength(3, V.choice)),
      }),
    ]),
    group('details_mobility', [
      row(
        f.select('carLicense', {
          label: 'details_general_carLicense',
          options: {
            values: CAR_LICENSES,
            labels: Object.fromEntries(
              CAR_LICENSES.map((category) => [
                category,
                category === 'non' ? 'details_carLicenseNon' : { message: 'details_carLicenseCategory', params: { category } },
              ]),
            ),
          },
          rule: v.optional(v.picklist(CAR_LICENSES, V.choice), DETAILS_DEFAULTS.carLicense),
          fallback: DETAILS_DEFAULTS.carLicense,
        }),
        f.select('car', {
          label: 'details_general_car',
          options: labelled({ non: 'details_carNon', oui: 'details_carOui' }),
          rule: v.optional(v.picklist(CAR_OPTIONS, V.choice), DETAILS_DEFAULTS.car),
          fallback: DETAILS_DEFAULTS.car,
        }),
      ),
      row(
        f.text('carDescription', { label: 'details_general_carDescription', optional: true, rule: optionalText(200), shown: hasCar }),
        f.text('carPlate', { label: 'details_general_carPlate', optional: true, rule: optionalText(20), shown: hasCar, input: { spellCheck: false } }),
      ),
      images,
    ]),
    f.levels('languages', {
      label: 'details_languages',
      hint: 'details_languagesHint',
      parts: LANGUAGES,
      partLabels: LANGUAGE,
      options: labelled({
        '0': 'details_languageLevel0',
        '1': 'details_languageLevel1',
        '2': 'details_languageLevel2',
        '3': 'details_languageLevel3',
        '4': 'details_languageLevel4',
      }),
      partRule: codeIn(4),
      topLevel: true,
    }),
  ],
};
