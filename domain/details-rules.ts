/**
 * The employee-details rules of spec §5 as valibot schemas over what the form holds (strings), and the schema of a
 * whole step built from its description (details-fields.ts). The wizard validates live with it; the server parses
 * each `update-details/{step}` body with the very same one, so both sides refuse the same input.
 *
 * Beyond the spec: registry number mod-97 against the birth date, IBAN checksum and Belgian account check, BIC
 * format, 4-digit postcode in Belgium. Errors are message keys (validation-keys.ts).
 */
import * as v from 'valibot';
import { ADDRESS_COUNTRIES, DETAILS_DEFAULTS } from './enums.ts';
import { isValidBelgianZip } from './belgian.ts';
import { isCalendarDay } from './calendar-day.ts';
import { V } from './validation-keys.ts';
import { fieldsOfStep, isFixed, isShown, ruleOf, type DetailsContext, type Field, type Rule, type StepDescription } from './details-fields.ts';

export const optionalText = (max = 200) => v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(max, V.tooLong));
export const choice = <const T extends readonly string[]>(options: T) => v.pipe(v.string(V.required), v.nonEmpty(V.required), v.picklist(options, V.choice));
export const optionalChoice = <const T extends readonly string[]>(options: T) => v.optional(v.picklist(options, V.choice), '');
export const anyText = v.optional(v.string(), '');
export const required = v.pipe(v.string(V.required), v.nonEmpty(V.required));

export const requiredDate = v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.check(isCalendarDay, V.date));
export const optionalDate = v.pipe(
  v.optional(v.string(), ''),
  v.trim(),
  v.check((s) => s === '' || isCalendarDay(s), V.date),
);

/** A whole number in a range, typed as digits. */
export const integerIn = (min: number, max: number, message: string) =>
  v.pipe(
    v.string(V.required),
    v.trim(),
    v.nonEmpty(V.required),
    v.regex(/^\d+$/, message),
    v.transform(Number),
    v.minValue(min, message),
    v.maxValue(max, message),
  );
/** One digit 0 to `max` (a code of a list: civil status, dependants, a language level). */
export const codeIn = (max: number) =>
  v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.regex(/^\d$/, V.choice), v.transform(Number), v.maxValue(max, V.choice));

export const phone = v.pipe(
  v.string(V.required),
  v.trim(),
  v.nonEmpty(V.required),
  v.check((s) => /^\+?[0-9 ()./-]{8,20}$/.test(s) && s.replace(/\D/g, '').length >= 8, V.phone),
);

const addressFields = {
  street: optionalText(200),
  number: optionalText(20),
  zip: optionalText(10),
  city: optionalText(100),
  country: v.optional(v.picklist(ADDRESS_COUNTRIES, V.choice), DETAILS_DEFAULTS.addressCountry),
};
const TYPED_PARTS = ['street', 'number', 'zip', 'city'] as const;

/** Checks an address: all four parts when `required` or when any part is filled; 4-digit postcode in Belgium. */
export const addressRule = (needed: boolean) =>
  v.pipe(
    v.object(addressFields),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const address = dataset.value;
      const started = TYPED_PARTS.some((part) => address[part] !== '');
      if (!needed && !started) return;
      for (const part of TYPED_PARTS) if (address[part] === '') addIssue({ message: V.required, path: [pathItem(address, part)] });
      if (address.zip !== '' && address.country === 'BE' && !isValidBelgianZip(address.zip))
        addIssue({ message: V.zipBelgium, path: [pathItem(address, 'zip')] });
    }),
  );

/** valibot wants issue paths as path items; this builds one for an object key. */
function pathItem(input: Record<string, unknown>, key: string) {
  return { type: 'object' as const, origin: 'value' as const, input, key, value: input[key] };
}

function fieldRule(field: Field, ctx: DetailsContext): Rule {
  if (isFixed(field, ctx.newAccount)) return anyText;
  if (field.kind === 'address') return addressRule(field.required);
  if (field.kind === 'levels') return v.object(Object.fromEntries(field.parts.map((part) => [part, field.partRule])));
  return ruleOf(field.rule, ctx);
}

/**
 * The schema of a step: each field's own rule, then, once all of them are met, the rules across fields (the
 * step's `check`, and what a field shown because of another must also meet: the spouse of a married worker).
 */
export function stepSchema(step: Pick<StepDescription, 'blocks' | 'check'>, ctx: DetailsContext) {
  const fields = fieldsOfStep(step);
  return v.pipe(
    v.object(Object.fromEntries(fields.map((field) => [field.name, fieldRule(field, ctx)]))),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const values = dataset.value;
      for (const problem of step.check?.(values, ctx) ?? []) addIssue({ message: problem.message, path: [pathItem(values, problem.field)] });
      for (const field of fields) {
        // Only a condition on the step's own fields can be judged here; a gender of step 2 is the view's concern.
        if (!field.whenShown || !field.shown || !('field' in field.shown) || !isShown(field, values, { newAccount: ctx.newAccount, gender: '' })) continue;
        const result = v.safeParse(field.whenShown, values[field.name]);
        if (!result.success) addIssue({ message: result.issues[0].message, path: [pathItem(values, field.name)] });
      }
    }),
  );
}
export type StepSchema = ReturnType<typeof stepSchema>;
