/**
 * The enumerations of spec §3, as the contract (openapi.yaml) defines them. The value lists come from the
 * generated schema so that the contract stays the one source; this file adds names where the spec gives them.
 */
import type { AddressCountry, Car, CarLicense, CountryCode, NationalityCode } from './api-schema.ts';

export {
  addressCountryValues as ADDRESS_COUNTRIES,
  nationalityCodeValues as NATIONALITIES,
  genderValues as GENDERS,
  looksValues as LOOKS,
  hairColourValues as HAIR_COLOURS,
  hairLengthValues as HAIR_LENGTHS,
  suitColourValues as SUIT_COLOURS,
  carLicenseValues as CAR_LICENSES,
  carValues as CAR_OPTIONS,
  jacketSizeValues as JACKET_SIZES,
  skirtSizeValues as SKIRT_SIZES,
  statuteOptionValues as STATUTE_OPTIONS,
} from './api-schema.ts';

/**
 * The defaults of spec §3 and §9 for an empty details file: nationality 'B', birth country 'BE', both address
 * countries 'BE', car and car licence 'non'. The server's details view answers with them, the wizard's form input
 * starts from them, and the step schemas take them for a missing value.
 */
export const DETAILS_DEFAULTS = {
  nationality: 'B',
  birthCountry: 'BE',
  addressCountry: 'BE',
  car: 'non',
  carLicense: 'non',
} as const satisfies { nationality: NationalityCode; birthCountry: CountryCode; addressCountry: AddressCountry; car: Car; carLicense: CarLicense };

/** The kinds of toast message (spec §3 "Toast message: id, msg, type, msgParams"). */
export type ToastType = 'success' | 'danger' | 'warning' | 'info';

/** Statute as a status value (general info, current user). */
export const Statute = { Employee: 1, Student: 2, Freelance: 3 } as const;
/** The details file (current user). */
export const DetailsStatus = { Empty: 0, PendingReview: 1, Validated: 2 } as const;
/** The signature (numeric form). */
export const SignatureStatusCode = { None: 0, PendingReview: 1, Validated: 2, Rejected: 3 } as const;
/** Civil status 2 makes the spouse fields required. */
export const CIVIL_STATUS_MARRIED = 2;

export const LANGUAGES = ['french', 'dutch', 'english', 'german', 'italian', 'spanish', 'arabic', 'turkish', 'morrocan'] as const;
export type LanguageName = (typeof LANGUAGES)[number];

/** The three downloadable image pairs and pictures, as the upload calls name them and as `images` names them. */
export const IMAGE_FIELDS = {
  'id-front': 'idFront',
  'id-back': 'idBack',
  'driving-front': 'drivingFront',
  'driving-back': 'drivingBack',
  picture1: 'picture1',
  picture2: 'picture2',
} as const;

/**
 * ISO 3166-1 alpha-2 codes, for the birth country. Names come from Intl.DisplayNames in the
 * interface language (docs/decisions/003-api-shapes.md), so they need no message of their own.
 */
export const ISO_COUNTRIES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO ' +
  'RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV ' +
  'TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');
