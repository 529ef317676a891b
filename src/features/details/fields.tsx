/**
 * The wizard's fields bound to the step's form (step-form.tsx): the design system's fields (GOV.UK pattern),
 * with the form's value, the message when it shows, the live re-check on change and the control's id that the
 * error summary links to.
 */
import { memo, useState, type ComponentProps, type ReactNode } from 'react';
import { useField } from '@formisch/react';
import { DateField, FieldError, SelectField, TextField, describedBy, type SelectOption } from '../../ui/field.tsx';
import * as fieldStyles from '../../ui/field.css.ts';
import { decimalForLocale } from '#domain/decimal-text.ts';
import type { FieldPath } from '#domain/details-fields.ts';
import { m } from '../../paraglide/messages.js';
import { getLocale } from '../../paraglide/runtime.js';
import { useStepFormContext } from './step-form.tsx';
import { errorText, fieldId } from './texts.ts';
import * as s from './details.css.ts';

type Common = { path: FieldPath; label: string; hint?: ReactNode; optional?: boolean };

/**
 * A field bound to the step's form: what it holds (and as text), how to change it, and the props every field of
 * the design system takes (its id, formisch's name and element registration, its words, the message when shown).
 */
function useBound({ path, label, hint, optional }: Common) {
  const ctx = useStepFormContext();
  const field = useField(ctx.form, { path });
  const raw = field.errors?.[0];
  const error = raw && ctx.submitted ? errorText(raw) : undefined;
  const set = (value: string | string[]) => {
    field.onChange(value);
    ctx.changed();
  };
  const input: unknown = field.input;
  // formisch's element registration (it focuses the first invalid field) is a callback, not a ref object.
  const shell = { id: fieldId(path), name: field.props.name, ref: field.props.ref, label, hint, optional, error };
  return { input, text: typeof input === 'string' ? input : '', set, shell };
}

type TextProps = Common &
  Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'onBlur' | 'name'> & {
    /** Reformats the value when the field is left (IBAN, registry number). */
    format?: (value: string) => string;
  };

function TextInputView({ path, label, hint, optional, format, ...input }: TextProps) {
  const { text, set, shell } = useBound({ path, label, hint, optional });
  const reformat = () => {
    if (format && text.trim() !== '' && format(text) !== text) set(format(text));
  };
  return <TextField {...input} {...shell} value={text} onChange={(event) => set(event.currentTarget.value)} onBlur={reformat} />;
}

/**
 * A decimal number as the worker writes it (docs/decisions/122-decimal-numbers.md): shown with the decimal comma of
 * French and Dutch ("39,5"), whether the form holds "39,5" (typed) or "39.5" (from the file, or as sent); typed as
 * the worker likes (either separator); the numeric keyboard with its separator on a phone. The step sends it with a point.
 */
function DecimalInputView(props: Common) {
  const { text, set, shell } = useBound(props);
  // While the worker types, the text stays exactly as typed; once left, it is shown the locale's way.
  const [draft, setDraft] = useState<string | null>(null);
  const typed = (value: string) => {
    setDraft(value);
    set(value);
  };
  return (
    <TextField
      {...shell}
      inputMode="decimal"
      autoComplete="off"
      value={draft ?? decimalForLocale(text, getLocale())}
      onChange={(event) => typed(event.currentTarget.value)}
      onBlur={() => setDraft(null)}
    />
  );
}

function DateInputView({ autoComplete, ...props }: Common & { autoComplete?: string }) {
  const { text, set, shell } = useBound(props);
  return <DateField {...shell} autoComplete={autoComplete} value={text} onChange={(event) => set(event.currentTarget.value)} />;
}

function SelectInputView({ options, placeholder, ...props }: Common & { options: readonly SelectOption[]; placeholder?: string }) {
  const { text, set, shell } = useBound(props);
  return (
    <SelectField
      {...shell}
      options={options}
      placeholder={placeholder ?? m.details_choose()}
      value={text}
      onChange={(event) => set(event.currentTarget.value)}
    />
  );
}

/** Several choices at once (suit colours): native checkboxes in a fieldset, the legend as the question. */
function CheckboxGroupView({ options, ...props }: Common & { options: readonly SelectOption[] }) {
  const { input, set, shell } = useBound(props);
  const { id, name, label, hint, error } = shell;
  const chosen = Array.isArray(input) ? (input as string[]) : [];
  const ids = { controlId: id, hintId: `${id}-hint`, errorId: `${id}-error` };
  return (
    <fieldset className={[s.fieldset, error ? fieldStyles.fieldInvalid : undefined].filter(Boolean).join(' ')} {...describedBy(ids, hint, error)}>
      <legend className={fieldStyles.label}>
        {label} <span className={fieldStyles.optional}>{m.ui_optional()}</span>
      </legend>
      {hint ? (
        <div id={ids.hintId} className={fieldStyles.hint}>
          {hint}
        </div>
      ) : null}
      {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
      <div className={s.choices}>
        {options.map((option, index) => (
          <label key={option.value} className={s.choice}>
            <input
              type="checkbox"
              className={s.choiceInput}
              id={index === 0 ? id : `${id}-${option.value}`}
              name={name}
              value={option.value}
              checked={chosen.includes(option.value)}
              onChange={(event) => {
                const next = event.currentTarget.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value);
                set(options.map((o) => o.value).filter((v) => next.includes(v)));
              }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * A step re-renders on every re-check (its summary reads every error); a field re-renders only when its own
 * props, its own form state or the step's display rules change. Paths are compared by value.
 */
function sameProps<P extends { path: FieldPath }>(before: P, after: P): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]) as Set<keyof P>;
  for (const key of keys) {
    if (key === 'path' ? before.path.join('.') !== after.path.join('.') : !Object.is(before[key], after[key])) return false;
  }
  return true;
}
export const TextInput = memo(TextInputView, sameProps);
export const DecimalInput = memo(DecimalInputView, sameProps);
export const DateInput = memo(DateInputView, sameProps);
export const SelectInput = memo(SelectInputView, sameProps);
export const CheckboxGroup = memo(CheckboxGroupView, sameProps);

/** A group of fields under a heading-like legend (address, family…). */
export function Group({ legend, hint, children }: { legend: string; hint?: string; children: ReactNode }) {
  return (
    <fieldset className={s.fieldset}>
      <legend className={s.legend}>{legend}</legend>
      {hint ? <p className={s.groupHint}>{hint}</p> : null}
      {children}
    </fieldset>
  );
}
