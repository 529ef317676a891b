/**
 * The employee details file as GET /user/me/details answers it: what the wizard saved, nulls where empty,
 * and the defaults of spec §3 (`DETAILS_DEFAULTS` of src/domain/enums.ts: nationality B, birth country BE, address
 * countries BE, car and licence 'non').
 */
import type { Address, ImagesOnFile, PersonalDetails } from '../../src/api/schema.ts';
import { DETAILS_DEFAULTS, LANGUAGES } from '../../src/domain/enums.ts';
import type { Queryable } from '../storage/db.ts';
import { IMAGE_KINDS, uploadStore } from '../storage/uploads.ts';
import type { Worker } from './workers.ts';

type Bag = Record<string, unknown>;
const text = (bag: Bag | undefined, key: string): string | null => {
  const value = bag?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
};
const num = (bag: Bag | undefined, key: string): number | null => {
  const value = bag?.[key];
  if (typeof value === 'number') return value;
  return typeof value === 'string' && value !== '' && !Number.isNaN(Number(value)) ? Number(value) : null;
};
const choice = <T extends string>(bag: Bag | undefined, key: string, fallback: T): T => (text(bag, key) as T | null) ?? fallback;

function address(bag: Bag | undefined): Address {
  return {
    street: text(bag, 'street'),
    number: text(bag, 'number'),
    zip: text(bag, 'zip'),
    city: text(bag, 'city'),
    country: choice(bag, 'country', DETAILS_DEFAULTS.addressCountry),
  };
}

export async function imagesOnFile(db: Queryable, workerId: string): Promise<ImagesOnFile> {
  const kinds = await uploadStore(db).kinds(workerId);
  return Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, kinds.has(kind)])) as ImagesOnFile;
}

export function personalDetails(worker: Worker, images: ImagesOnFile): PersonalDetails {
  const contact = worker.details.contactInfo;
  const legal = worker.details.legal;
  const general = worker.details.generalInfo;
  const languages = general?.languages as Bag | undefined;
  return {
    firstName: text(contact, 'firstName') ?? worker.first_name,
    lastName: text(contact, 'lastName') ?? worker.last_name,
    mobile: text(contact, 'mobile'),
    email: text(contact, 'email') ?? worker.email,
    mainAddress: address(contact?.mainAddress as Bag | undefined),
    secondaryAddress: address(contact?.secondaryAddress as Bag | undefined),
    legalInformation: {
      statute: text(legal, 'statute') as PersonalDetails['legalInformation']['statute'],
      sex: text(legal, 'sex') as PersonalDetails['legalInformation']['sex'],
      birthDate: text(legal, 'birthDate'),
      birthPlace: text(legal, 'birthPlace'),
      birthCountry: choice(legal, 'birthCountry', DETAILS_DEFAULTS.birthCountry),
      nationality: choice(legal, 'nationality', DETAILS_DEFAULTS.nationality),
      idNumber: text(legal, 'idNumber'),
      registryNumber: text(legal, 'registryNumber'),
      idExpiration: text(legal, 'idExpiration'),
      civilStatus: num(legal, 'civilStatus') as PersonalDetails['legalInformation']['civilStatus'],
      marriageDate: text(legal, 'marriageDate'),
      spouseName: text(legal, 'spouseName'),
      spouseBirthDate: text(legal, 'spouseBirthDate'),
      spouseOccupation: num(legal, 'spouseOccupation'),
      adultDependants: num(legal, 'adultDependants'),
      childDependants: num(legal, 'childDependants'),
      iban: text(legal, 'iban'),
      bic: text(legal, 'bic'),
    },
    generalInformation: {
      looks: text(general, 'looks') as PersonalDetails['generalInformation']['looks'],
      hairColour: text(general, 'hairColour') as PersonalDetails['generalInformation']['hairColour'],
      hairLength: text(general, 'hairLength') as PersonalDetails['generalInformation']['hairLength'],
      length: num(general, 'length'),
      jacketSize: choice(general, 'jacketSize', '') as PersonalDetails['generalInformation']['jacketSize'],
      skirtSize: choice(general, 'skirtSize', '') as PersonalDetails['generalInformation']['skirtSize'],
      shoeSize: num(general, 'shoeSize'),
      pantsLength: num(general, 'pantsLength'),
      pantsWidth: num(general, 'pantsWidth'),
      suitColours: Array.isArray(general?.suitColours) ? [...new Set(general.suitColours as PersonalDetails['generalInformation']['suitColours'])] : [],
      carLicense: choice(general, 'carLicense', DETAILS_DEFAULTS.carLicense),
      car: choice(general, 'car', DETAILS_DEFAULTS.car),
      carDescription: text(general, 'carDescription'),
      carPlate: text(general, 'carPlate'),
    },
    languages: Object.fromEntries(LANGUAGES.map((language) => [language, num(languages, language)])) as PersonalDetails['languages'],
    images,
    status: worker.details_status,
    newAccount: worker.new_account,
  };
}
