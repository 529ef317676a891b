/**
 * The employee details file as GET /user/me/details answers it: what the wizard saved, nulls where empty, and the
 * defaults of spec §3 (nationality B, birth country BE, address countries BE, car and licence 'non'), each field
 * read as its step describes it (domain/details-steps/).
 */
import type { ImagesOnFile, PersonalDetails } from '#domain/api-schema.ts';
import { fieldsOfStep, type Field } from '#domain/details-fields.ts';
import { DETAILS_STEPS } from '#domain/details-steps/steps.ts';
import { DETAILS_DEFAULTS } from '#domain/enums.ts';
import type { Queryable } from '../storage/db.ts';
import { IMAGE_KINDS, uploadStore } from '../storage/uploads.ts';
import type { StoredDetails, Worker } from './workers.ts';

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
const asBag = (value: unknown): Bag | undefined => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Bag) : undefined);

/** One field as the file answers it, read from what the step stored (its parsed values): by its kind (details-fields.ts). */
function fileValue(field: Field, stored: Bag | undefined): unknown {
  if (field.kind === 'choices') return Array.isArray(stored?.[field.name]) ? [...new Set(stored[field.name] as unknown[])] : [];
  if (field.kind === 'address') {
    const parts = asBag(stored?.[field.name]);
    return {
      street: text(parts, 'street'),
      number: text(parts, 'number'),
      zip: text(parts, 'zip'),
      city: text(parts, 'city'),
      country: text(parts, 'country') ?? DETAILS_DEFAULTS.addressCountry,
    };
  }
  if (field.kind === 'levels') return Object.fromEntries(field.parts.map((part) => [part, num(asBag(stored?.[field.name]), part)]));
  if (field.stored === 'number') return num(stored, field.name);
  return text(stored, field.name) ?? field.fallback ?? null;
}

/** The described fields of every step, where GET details puts them (a step's group, or the top). */
export function describedFile(details: StoredDetails): Bag {
  const file: Bag = {};
  for (const step of DETAILS_STEPS) {
    const stored = details[step.name];
    for (const field of fieldsOfStep(step)) {
      const target = field.topLevel || !step.group ? file : ((file[step.group] ??= {}) as Bag);
      target[field.name] = fileValue(field, stored);
    }
  }
  return file;
}

export async function imagesOnFile(db: Queryable, workerId: string): Promise<ImagesOnFile> {
  const kinds = await uploadStore(db).kinds(workerId);
  return Object.fromEntries(IMAGE_KINDS.map((kind) => [kind, kinds.has(kind)])) as ImagesOnFile;
}

export function personalDetails(worker: Worker, images: ImagesOnFile): PersonalDetails {
  // Every field of PersonalDetails but the account's own is described (the wizard test checks it against the contract).
  const file = describedFile(worker.details) as Omit<PersonalDetails, 'images' | 'status' | 'newAccount'>;
  return {
    ...file,
    // The account's names and e-mail until the worker saved step 1.
    firstName: file.firstName ?? worker.first_name,
    lastName: file.lastName ?? worker.last_name,
    email: file.email ?? worker.email,
    images,
    status: worker.details_status,
    newAccount: worker.new_account,
  };
}
