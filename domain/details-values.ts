/**
 * A step's values on their way, read from its description (details-fields.ts): from the file (GET details) into
 * the form, from the form to what is sent (hidden fields emptied, fixed ones left out), into the multipart body
 * (`legalInformation[iban]`), a refusal's key back to its field, and on the server from the body back to the form's
 * shape. The server reads its stored file with server/services/details-view.ts.
 */
import type { PersonalDetails } from './api-schema.ts';
import { flattenBrackets, type FlatEntry } from './bracket-keys.ts';
import { decimalForApi } from './decimal-text.ts';
import {
  ADDRESS_PARTS,
  fieldsOfStep,
  isFixed,
  isShown,
  type About,
  type Field,
  type FieldPath,
  type FormValue,
  type StepDescription,
  type StepInput,
} from './details-fields.ts';

type Bag = Record<string, unknown>;
const bag = (value: unknown): Bag => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Bag) : {});
const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
const fieldNamed = (step: StepDescription, name: string | undefined): Field | undefined => fieldsOfStep(step).find((field) => field.name === name);

/** Where a step's field sits in GET details: in the step's group, or at the top. */
const fileGroup = (step: StepDescription, field: Field, details: PersonalDetails): Bag =>
  field.topLevel || !step.group ? bag(details) : bag(details[step.group]);

/** A field's value on file as text ('' when empty): what a locked field shows. */
export const onFileText = (step: StepDescription, field: Field, details: PersonalDetails): string => text(fileGroup(step, field, details)[field.name]);

/** The form input of a step, prefilled from the file with the defaults of spec §3. */
export function formInput(step: StepDescription, details: PersonalDetails): StepInput {
  const input: StepInput = {};
  for (const field of fieldsOfStep(step)) {
    const value = fileGroup(step, field, details)[field.name];
    if (field.kind === 'choices') input[field.name] = Array.isArray(value) ? value.map(String) : [];
    else if (field.kind === 'address') {
      const parts = bag(value);
      input[field.name] = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, part === 'country' ? text(parts.country) || 'BE' : text(parts[part])]));
    } else if (field.kind === 'levels') input[field.name] = Object.fromEntries(field.parts.map((part) => [part, text(bag(value)[part])]));
    else input[field.name] = text(value) || (field.fallback ?? '');
  }
  return input;
}

const blank = (value: FormValue | undefined): FormValue => (Array.isArray(value) ? [] : value !== undefined && typeof value === 'object' ? {} : '');

/**
 * What Next sends of a step: a hidden field empty (the spouse of a worker not married, the skirt size unless f, a
 * car's details without a car), a field an existing account cannot change not at all, a decimal with a point.
 */
export function valuesToSend(step: StepDescription, input: Readonly<StepInput>, about: About): StepInput {
  const out: StepInput = { ...input };
  for (const field of fieldsOfStep(step)) {
    if (isFixed(field, about.newAccount)) delete out[field.name];
    else if (!isShown(field, input, about)) out[field.name] = blank(input[field.name]);
    else if (field.kind === 'decimal') out[field.name] = decimalForApi(text(input[field.name]));
  }
  return out;
}

/**
 * The multipart entries of `update-details/{step}` (openapi.yaml DetailsStep*): the step's group around its fields
 * (`legalInformation[…]`), a top-level field beside it (`languages[…]`). An empty field that only a new account
 * fills (the statute not chosen yet) and a field the values do not hold are not sent.
 */
export function stepEntries(step: StepDescription | null, values: Readonly<Record<string, unknown>>): FlatEntry[] {
  if (!step) return [];
  const inGroup: Bag = {};
  const top: Bag = {};
  for (const [name, value] of Object.entries(values)) {
    const field = fieldNamed(step, name);
    if (value === undefined || (field?.newAccountOnly && value === '')) continue;
    (field?.topLevel || !step.group ? top : inGroup)[name] = value;
  }
  return flattenBrackets(step.group ? { [step.group]: inGroup, ...top } : top);
}

/**
 * Where a refusal of the server (a flattened key) sits in the step's form: `legalInformation[iban]` → ['iban'],
 * `languages[dutch]` and `mainAddress[zip]` stay. Null for a key that is not a field of that step (`images[idFront]`).
 */
export function formPathOf(step: StepDescription | null, flatKey: string): FieldPath | null {
  const parts = flatKey.match(/[^[\]]+/g) ?? [];
  if (!step) return null;
  const inGroup = step.group !== null && parts[0] === step.group;
  const [name, part] = inGroup ? parts.slice(1) : parts;
  const field = fieldNamed(step, name);
  if (!field || name === undefined || inGroup === Boolean(field.topLevel || !step.group)) return null;
  return part === undefined ? [name] : [name, part];
}

/** The flattened key of a form path (the inverse of formPathOf): ['iban'] → `legalInformation[iban]`. */
export function bodyKeyOf(step: StepDescription, path: readonly string[]): string {
  const top = !step.group || fieldNamed(step, path[0])?.topLevel;
  const full = top ? path : [step.group!, ...path];
  return full.length === 0
    ? ''
    : full[0] +
        full
          .slice(1)
          .map((p) => `[${p}]`)
          .join('');
}

/**
 * The step's form, on the server, from the body (unflattened): its group's fields and its top-level ones. A group
 * of parts the body may leave out entirely (an optional address, the language levels) is read as empty.
 */
export function formOfBody(step: StepDescription, nested: Readonly<Bag>): Bag {
  const out: Bag = { ...(step.group ? bag(nested[step.group]) : nested) };
  for (const field of fieldsOfStep(step)) {
    if (field.topLevel) out[field.name] = nested[field.name];
    const mayBeLeftOut = field.kind === 'levels' || (field.kind === 'address' && !field.required);
    if (mayBeLeftOut && out[field.name] === undefined) out[field.name] = {};
  }
  return out;
}

/** The values an existing account cannot change, taken from the file on the server (the registry number, the statute). */
export function keptFromFile(step: StepDescription, parsed: Readonly<Bag>, stored: Readonly<Bag> | undefined, newAccount: boolean): Bag {
  const out: Bag = { ...parsed };
  for (const field of fieldsOfStep(step)) if (isFixed(field, newAccount)) out[field.name] = stored?.[field.name] ?? '';
  return out;
}

/** The fields of a step that others depend on (`shown: { field }`): what a view must follow as it changes. */
export const conditionFields = (step: StepDescription): string[] => [
  ...new Set(fieldsOfStep(step).flatMap((field) => (field.shown && 'field' in field.shown ? [field.shown.field] : []))),
];

/** The account and the gender that decide what a step shows (the gender typed on step 2, else the one on file). */
export const aboutOf = (details: PersonalDetails, legalValues?: Readonly<Record<string, unknown>> | null): About => ({
  newAccount: details.newAccount,
  gender: text(legalValues?.sex ?? details.legalInformation.sex),
});
