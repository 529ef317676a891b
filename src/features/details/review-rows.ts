/**
 * What the review shows of a step (GOV.UK "check answers"): a row per field as its description says (the choice's
 * words, a date written out, the IBAN in groups, an address on one line, a row per language), none for a hidden
 * field, "not provided" for an empty one.
 */
import { decimalForLocale } from '#domain/decimal-text.ts';
import { fieldsOfStep, isShown, type About, type Field, type StepDescription, type StepInput } from '#domain/details-fields.ts';
import { getLocale } from '../../paraglide/runtime.js';
import { countryName, optionLabel, say } from './labels.ts';

export type Row = { label: string; value: string | null };

const date = (iso: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Intl.DateTimeFormat(getLocale(), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`)) : iso;
const orNull = (value: string) => (value.trim() === '' ? null : value);
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const partsOf = (value: unknown): Record<string, string> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};

function addressText(a: Record<string, string>): string | null {
  const [street = '', number = '', zip = '', city = '', country = ''] = ['street', 'number', 'zip', 'city', 'country'].map((part) => a[part] ?? '');
  if (![street, number, zip, city].some((part) => part.trim() !== '')) return null;
  return `${street} ${number}, ${zip} ${city}, ${countryName(country)}`;
}

function rowsOf(field: Field, value: unknown): Row[] {
  const label = say(field.label);
  switch (field.kind) {
    case 'text':
      return [{ label, value: orNull(field.shownAs ? field.shownAs(textOf(value)) : textOf(value)) }];
    case 'date':
      return [{ label, value: orNull(date(textOf(value))) }];
    case 'decimal':
      return [{ label, value: orNull(decimalForLocale(textOf(value), getLocale())) }];
    case 'select':
      return [{ label, value: textOf(value) === '' ? null : orNull(optionLabel(field.options, textOf(value))) }];
    case 'choices':
      return [{ label, value: orNull((Array.isArray(value) ? value.map(String) : []).map((choice) => optionLabel(field.options, choice)).join(', ')) }];
    case 'address':
      return [{ label, value: addressText(partsOf(value)) }];
    case 'levels':
      return field.parts.map((part) => ({ label: say(field.partLabels[part]!), value: orNull(optionLabel(field.options, partsOf(value)[part] ?? '')) }));
  }
}

/** The rows of a step's answers (`values`: the form's, or the file's when the step was not edited in this visit). */
export function stepRows(step: StepDescription, values: Readonly<StepInput>, about: About): Row[] {
  return fieldsOfStep(step)
    .filter((field) => isShown(field, values, about))
    .flatMap((field) => rowsOf(field, values[field.name]));
}
