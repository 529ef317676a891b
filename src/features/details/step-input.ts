/**
 * The form input of each step (strings, as the fields hold them), prefilled from GET /user/me/details with the
 * defaults of spec §3 (`DETAILS_DEFAULTS` of src/domain/enums.ts); what is
 * sent once hidden fields are left out; and where a refusal of the server (a flattened key) sits in the form.
 */
import type { Address, PersonalDetails } from '../../api/schema.ts';
import type { ContactInfoInput, GeneralInfoInput, LegalInput } from '../../domain/details-forms.ts';
import { CIVIL_STATUS_MARRIED, DETAILS_DEFAULTS, LANGUAGES } from '../../domain/enums.ts';
import type { EditableStep } from '../../../machines/details-wizard.machine.ts';

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

const address = (a: Address | undefined) => ({
  street: text(a?.street),
  number: text(a?.number),
  zip: text(a?.zip),
  city: text(a?.city),
  country: a?.country ?? DETAILS_DEFAULTS.addressCountry,
});

export type ContactForm = Required<Pick<ContactInfoInput, 'firstName' | 'lastName' | 'mobile' | 'email'>> & {
  mainAddress: ReturnType<typeof address>;
  secondaryAddress: ReturnType<typeof address>;
};
export type LegalForm = { [K in keyof LegalInput]-?: string };
export type GeneralForm = { [K in Exclude<keyof GeneralInfoInput, 'suitColours' | 'languages'>]-?: string } & {
  suitColours: string[];
  languages: Record<(typeof LANGUAGES)[number], string>;
};

export function contactInput(d: PersonalDetails): ContactForm {
  return {
    firstName: text(d.firstName),
    lastName: text(d.lastName),
    mobile: text(d.mobile),
    email: text(d.email),
    mainAddress: address(d.mainAddress),
    secondaryAddress: address(d.secondaryAddress),
  };
}

export function legalInput(d: PersonalDetails): LegalForm {
  const l = d.legalInformation;
  return {
    statute: text(l.statute),
    sex: text(l.sex),
    birthDate: text(l.birthDate),
    birthPlace: text(l.birthPlace),
    birthCountry: l.birthCountry || DETAILS_DEFAULTS.birthCountry,
    nationality: l.nationality || DETAILS_DEFAULTS.nationality,
    idNumber: text(l.idNumber),
    registryNumber: text(l.registryNumber),
    idExpiration: text(l.idExpiration),
    civilStatus: text(l.civilStatus),
    marriageDate: text(l.marriageDate),
    spouseName: text(l.spouseName),
    spouseBirthDate: text(l.spouseBirthDate),
    spouseOccupation: text(l.spouseOccupation),
    adultDependants: text(l.adultDependants),
    childDependants: text(l.childDependants),
    iban: text(l.iban),
    bic: text(l.bic),
  };
}

export function generalInput(d: PersonalDetails): GeneralForm {
  const g = d.generalInformation;
  return {
    looks: text(g.looks),
    hairColour: text(g.hairColour),
    hairLength: text(g.hairLength),
    length: text(g.length),
    jacketSize: text(g.jacketSize),
    skirtSize: text(g.skirtSize),
    shoeSize: text(g.shoeSize),
    pantsLength: text(g.pantsLength),
    pantsWidth: text(g.pantsWidth),
    suitColours: [...(g.suitColours ?? [])],
    carLicense: g.carLicense || DETAILS_DEFAULTS.carLicense,
    car: g.car || DETAILS_DEFAULTS.car,
    carDescription: text(g.carDescription),
    carPlate: text(g.carPlate),
    languages: Object.fromEntries(LANGUAGES.map((language) => [language, text(d.languages[language])])) as GeneralForm['languages'],
  };
}

export const isMarried = (civilStatus: string) => civilStatus === String(CIVIL_STATUS_MARRIED);

/**
 * What step 2 sends: the spouse fields only for a married worker (§5), the statute and the registry number only
 * for a new account (an existing one cannot change them; the field is disabled).
 */
export function legalToSend(input: LegalForm, newAccount: boolean): Partial<LegalForm> {
  const out: Partial<LegalForm> = { ...input };
  if (!isMarried(input.civilStatus)) Object.assign(out, { marriageDate: '', spouseName: '', spouseBirthDate: '', spouseOccupation: '' });
  if (!newAccount) {
    delete out.statute;
    delete out.registryNumber;
  }
  return out;
}

/** What step 3 sends: a skirt size only for gender f (§5), car details only with a car. */
export function generalToSend(input: GeneralForm, gender: string): GeneralForm {
  return {
    ...input,
    skirtSize: gender === 'f' ? input.skirtSize : '',
    ...(input.car === 'oui' ? {} : { carDescription: '', carPlate: '' }),
  };
}

/**
 * Where a refusal of the server sits in a step's form: `mainAddress[zip]` → ['mainAddress', 'zip'];
 * `legalInformation[iban]` → ['iban']; `generalInformation[length]` → ['length']; `languages[dutch]` stays.
 * Null for a key that is not a field of that step (e.g. `images[idFront]`).
 */
export function formPathOf(step: EditableStep, flatKey: string): string[] | null {
  const parts = flatKey.match(/[^[\]]+/g) ?? [];
  if (parts.length === 0 || parts[0] === 'images') return null;
  if (step === 2) return parts[0] === 'legalInformation' && parts.length > 1 ? parts.slice(1) : null;
  if (step === 3) return parts[0] === 'generalInformation' && parts.length > 1 ? parts.slice(1) : parts[0] === 'languages' ? parts : null;
  return step === 1 ? parts : null;
}

