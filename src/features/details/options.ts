/**
 * The enumerations of spec §3 as choices, labelled in the interface language. Each label is a message (one per
 * value, written out so the bundle keeps only these); countries are named by the browser (Intl.DisplayNames,
 * docs/decisions/003-api-shapes.md), sorted by name in the current language.
 */
import type { SelectOption } from '../../ui/field.tsx';
import { m } from '../../paraglide/messages.js';
import { getLocale } from '../../paraglide/runtime.js';
import {
  ADDRESS_COUNTRIES,
  CAR_LICENSES,
  ISO_COUNTRIES,
  JACKET_SIZES,
  LANGUAGES,
  SKIRT_SIZES,
  type LanguageName,
} from '../../domain/enums.ts';

type Labels<K extends string> = Record<K, () => string>;
/** Built once per language: the lists are read on every render of a step (the birth countries are 249, sorted). */
const perLocale = <T,>(build: () => T): (() => T) => {
  const cache = new Map<string, T>();
  return () => {
    const locale = getLocale();
    if (!cache.has(locale)) cache.set(locale, build());
    return cache.get(locale)!;
  };
};
const options = <K extends string>(labels: Labels<K>): SelectOption[] =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value]() }));

export const STATUTE: Labels<'1' | 'E' | '3'> = { '1': m.details_statute1, E: m.details_statuteE, '3': m.details_statute3 };
export const GENDER: Labels<'m' | 'f'> = { m: m.details_genderM, f: m.details_genderF };
export const NATIONALITY: Labels<'B' | 'D' | 'E' | 'F' | 'G' | 'I' | 'L' | 'M' | 'N' | 'P' | 'T' | '9' | 'K' | 'X'> = {
  B: m.details_nationalityB,
  D: m.details_nationalityD,
  E: m.details_nationalityE,
  F: m.details_nationalityF,
  G: m.details_nationalityG,
  I: m.details_nationalityI,
  L: m.details_nationalityL,
  M: m.details_nationalityM,
  N: m.details_nationalityN,
  P: m.details_nationalityP,
  T: m.details_nationalityT,
  '9': m.details_nationality9,
  K: m.details_nationalityK,
  X: m.details_nationalityX,
};
export const CIVIL_STATUS: Labels<'1' | '2' | '3' | '4' | '5'> = {
  '1': m.details_civilStatus1,
  '2': m.details_civilStatus2,
  '3': m.details_civilStatus3,
  '4': m.details_civilStatus4,
  '5': m.details_civilStatus5,
};
export const SPOUSE_OCCUPATION: Labels<'0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9'> = {
  '0': m.details_spouseOccupation0,
  '1': m.details_spouseOccupation1,
  '2': m.details_spouseOccupation2,
  '3': m.details_spouseOccupation3,
  '4': m.details_spouseOccupation4,
  '5': m.details_spouseOccupation5,
  '6': m.details_spouseOccupation6,
  '7': m.details_spouseOccupation7,
  '8': m.details_spouseOccupation8,
  '9': m.details_spouseOccupation9,
};
export const LOOKS: Labels<'occidental' | 'slave' | 'asiatique' | 'orientale' | 'black' | 'nordafricain' | 'hispanique' | 'mediterraneen'> = {
  occidental: m.details_looksOccidental,
  slave: m.details_looksSlave,
  asiatique: m.details_looksAsiatique,
  orientale: m.details_looksOrientale,
  black: m.details_looksBlack,
  nordafricain: m.details_looksNordafricain,
  hispanique: m.details_looksHispanique,
  mediterraneen: m.details_looksMediterraneen,
};
export const HAIR_COLOUR: Labels<'blond' | 'brun' | 'noir' | 'chatain' | 'roux'> = {
  blond: m.details_hairColourBlond,
  brun: m.details_hairColourBrun,
  noir: m.details_hairColourNoir,
  chatain: m.details_hairColourChatain,
  roux: m.details_hairColourRoux,
};
export const HAIR_LENGTH: Labels<'long' | 'mi-long' | 'court' | 'rase'> = {
  long: m.details_hairLengthLong,
  'mi-long': m.details_hairLengthMiLong,
  court: m.details_hairLengthCourt,
  rase: m.details_hairLengthRase,
};
export const SUIT_COLOUR: Labels<'black' | 'navy' | 'other'> = { black: m.details_suitColourBlack, navy: m.details_suitColourNavy, other: m.details_suitColourOther };
export const CAR: Labels<'non' | 'oui'> = { non: m.details_carNon, oui: m.details_carOui };
export const LANGUAGE: Labels<LanguageName> = {
  french: m.details_language_french,
  dutch: m.details_language_dutch,
  english: m.details_language_english,
  german: m.details_language_german,
  italian: m.details_language_italian,
  spanish: m.details_language_spanish,
  arabic: m.details_language_arabic,
  turkish: m.details_language_turkish,
  morrocan: m.details_language_morrocan,
};
export const LANGUAGE_LEVEL: Labels<'0' | '1' | '2' | '3' | '4'> = {
  '0': m.details_languageLevel0,
  '1': m.details_languageLevel1,
  '2': m.details_languageLevel2,
  '3': m.details_languageLevel3,
  '4': m.details_languageLevel4,
};

export const statuteOptions = perLocale(() => options(STATUTE));
export const genderOptions = perLocale(() => options(GENDER));
export const nationalityOptions = perLocale(() => options(NATIONALITY));
export const civilStatusOptions = perLocale(() => options(CIVIL_STATUS));
export const spouseOccupationOptions = perLocale(() => options(SPOUSE_OCCUPATION));
export const looksOptions = perLocale(() => options(LOOKS));
export const hairColourOptions = perLocale(() => options(HAIR_COLOUR));
export const hairLengthOptions = perLocale(() => options(HAIR_LENGTH));
export const carOptions = perLocale(() => options(CAR));
export const languageLevelOptions = perLocale(() => options(LANGUAGE_LEVEL));
/** 0 to 4 (spec §3: dependants as a range). */
export const dependantOptions = perLocale((): SelectOption[] => ['0', '1', '2', '3', '4'].map((value) => ({ value, label: value })));
/** Sizes are written the same in every language; '' (not given) is the select's placeholder. */
export const jacketSizeOptions = perLocale((): SelectOption[] => JACKET_SIZES.filter(Boolean).map((value) => ({ value, label: value })));
export const skirtSizeOptions = perLocale((): SelectOption[] => SKIRT_SIZES.filter(Boolean).map((value) => ({ value, label: value })));
export const carLicenseLabel = (value: string) => (value === 'non' ? m.details_carLicenseNon() : m.details_carLicenseCategory({ category: value }));
export const carLicenseOptions = perLocale((): SelectOption[] => CAR_LICENSES.map((value) => ({ value, label: carLicenseLabel(value) })));
export const suitColourOptions = perLocale(() => options(SUIT_COLOUR));
export const languageNames = (): Array<{ language: LanguageName; label: string }> => LANGUAGES.map((language) => ({ language, label: LANGUAGE[language]() }));

let names: { locale: string; display: Intl.DisplayNames } | undefined;
/** A country's name in the interface language (the code itself if the browser does not know it). */
export function countryName(code: string): string {
  const locale = getLocale();
  if (names?.locale !== locale) names = { locale, display: new Intl.DisplayNames([locale], { type: 'region' }) };
  return names.display.of(code) ?? code;
}
export const addressCountryOptions = perLocale((): SelectOption[] => ADDRESS_COUNTRIES.map((value) => ({ value, label: countryName(value) })));
export const birthCountryOptions = perLocale((): SelectOption[] => {
  const collator = new Intl.Collator(getLocale());
  return ISO_COUNTRIES.map((value) => ({ value, label: countryName(value) })).sort((a, b) => collator.compare(a.label, b.label));
});

/** The label of a choice, or the value itself if the list does not name it. */
export const labelOf = <K extends string>(labels: Labels<K>, value: string): string => (value in labels ? labels[value as K]() : value);
