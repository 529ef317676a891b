/**
 * What the auth forms share: formisch with the domain's valibot schemas (domain/auth-forms.ts, errors are
 * message keys), GOV.UK validation (messages shown on submit, then live as the worker types; an error summary that
 * takes the focus and links to each field), and the words of the validation keys these forms can meet.
 */
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import {
  getDeepErrorEntries,
  getInput,
  handleSubmit,
  setInput,
  type FieldElementProps,
  type FormSchema,
  type FormStore,
  type SubmitEventHandler,
} from '@formisch/react';
import type * as v from 'valibot';
import { m } from '../paraglide/messages.js';
import { releaseForm } from '../prerender/held-submits.ts';
import type { SummaryError } from './error-summary.tsx';

/** The keys the auth schemas and screens can produce (an explicit list: the bundle keeps only these messages). */
const MESSAGES: Readonly<Record<string, () => string>> = {
  validation_required: m.validation_required,
  validation_email: m.validation_email,
  validation_passwordMin: m.validation_passwordMin,
  validation_passwordMax: m.validation_passwordMax,
  validation_passwordsDiffer: m.validation_passwordsDiffer,
  validation_tooLong: m.validation_tooLong,
  validation_policyRequired: m.validation_policyRequired,
  register_emailTaken: m.register_emailTaken,
};

/** A message key in the interface language (an unknown key shows as it is: a visible bug, never a blank). */
const messageOf = (key: string): string => MESSAGES[key]?.() ?? key;

/** formisch's element props without `autoFocus` (the error summary, not a field, takes the focus on submit). */
export function inputProps({ autoFocus: _autoFocus, ...props }: FieldElementProps) {
  return props;
}

/** A boolean field on the design system's Checkbox (a native input, so formisch registers and focuses it as it is). */
export function checkboxProps(field: { props: FieldElementProps; input: boolean | undefined; onChange: (value: boolean) => void }) {
  const { name, onFocus, onBlur, ref } = field.props;
  return { name, onFocus, onBlur, ref, checked: field.input === true, onCheckedChange: (checked: boolean) => field.onChange(checked) };
}

/** The first error of a field, in words. */
export const errorOf = (errors: readonly string[] | null): string | undefined => (errors ? messageOf(errors[0]!) : undefined);

/** A text field on the design system's TextField: formisch's element props, the value and the first error in words. */
export function textFieldProps(field: { props: FieldElementProps; input: string | undefined; errors: readonly string[] | null }) {
  return { ...inputProps(field.props), value: field.input ?? '', error: errorOf(field.errors) };
}

/** What a control of the form holds now, as formisch reads it: a checkbox's state, the radio checked, a text. */
function typedInput(control: Element | RadioNodeList): string | boolean | undefined {
  if (control instanceof RadioNodeList) return control.value === '' ? undefined : control.value;
  if (control instanceof HTMLInputElement) return control.type === 'checkbox' ? control.checked : control.value;
  return control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement ? control.value : undefined;
}

/**
 * What was typed into a prerendered form before React hydrated it (a fast typist, a password manager's autofill):
 * React keeps the DOM's values when it hydrates but formisch does not know them, so the form's first commit adopts
 * each field the DOM holds differently (docs/decisions/224-held-submits.md). On a form React rendered itself the
 * DOM holds formisch's values: nothing changes. `onAdopted` hears each field adopted (its name).
 */
function adoptTypedValues<S extends FormSchema>(form: FormStore<S>, element: HTMLFormElement, names: readonly string[], onAdopted?: (name: string) => void) {
  for (const name of names) {
    const control = element.elements.namedItem(JSON.stringify([name]));
    const typed = control ? typedInput(control) : undefined;
    // A field of one key at the form's top level (the auth forms are flat, `names` are their keys): formisch types a
    // path against the schema it knows, which a form of any schema does not give; the form is read as untyped.
    const any = form as FormStore<FormSchema>;
    const path = [name] as const;
    if (typed === undefined || typed === getInput(any, { path })) continue;
    setInput(any, { path, input: typed });
    onAdopted?.(name);
  }
}

/**
 * Submit with validation: formisch validates the whole schema (and focuses the first field in error), calls
 * `onValid` with the parsed values when it passes; then `attempts` counts up, so the error summary takes the focus
 * again after each submit that still has errors. `errors` are the summary's entries, in the order of the fields,
 * each named by its field's label (`labels`, the same messages the fields show) and linked to it (`fieldIds`).
 *
 * `formProps` go on the <form>: no native validation, `method="post"` (should the browser ever submit it natively,
 * nothing typed goes in the address), the submit handler, and a ref through which the form, on its first commit,
 * adopts what was typed into the prerendered page before React hydrated it (`onAdopted` hears each field adopted),
 * then takes back its submits from the entry, which held them (docs/decisions/224-held-submits.md).
 */
export function useValidatedSubmit<S extends FormSchema>(
  form: FormStore<S>,
  fieldIds: Readonly<Record<string, string>>,
  labels: Readonly<Record<string, () => string>>,
  onValid: (values: v.InferOutput<S>) => unknown,
  options: { onAdopted?: (name: string) => void } = {},
) {
  const [attempts, setAttempts] = useState(0);
  const ref = useRef<HTMLFormElement>(null);
  const adopted = useRef(options.onAdopted);
  useLayoutEffect(() => {
    if (!ref.current) return;
    adoptTypedValues(form, ref.current, Object.keys(fieldIds), adopted.current);
    // Its submits are its own now; one the entry held is made again, with the values adopted (held-submits.ts).
    releaseForm(ref.current);
    // Once, on the form's first commit: later, formisch hears every change itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    const handler: SubmitEventHandler<S> = (values) => {
      onValid(values);
    };
    await handleSubmit(form, handler)(event);
    setAttempts((n) => n + 1);
  };
  const errors: SummaryError[] = getDeepErrorEntries(form).flatMap((entry) => {
    const name = entry.path[0];
    const fieldId = typeof name === 'string' ? fieldIds[name] : undefined;
    const label = typeof name === 'string' ? labels[name]?.() : undefined;
    return fieldId ? [{ fieldId, message: messageOf(entry.errors[0]), ...(label ? { label } : {}) }] : [];
  });
  const formProps = { ref, method: 'post', noValidate: true, onSubmit } as const;
  return { formProps, attempts, errors };
}
