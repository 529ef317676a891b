/**
 * Form fields with the GOV.UK pattern: label, optional hint, and an error message tied to the control
 * (`aria-describedby` lists hint then error, `aria-invalid`, a visually hidden "Error:" before the text).
 * Each field takes the props of its native element, so formisch's `field.props` spread straight in.
 */
import { useId, type ComponentProps, type ReactNode } from 'react';
import { m } from '../paraglide/messages.js';
import * as s from './field.css.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export type FieldChrome = {
  label: ReactNode;
  hint?: ReactNode;
  /** The message to show, already in the interface language (validation keys are translated by the form). */
  error?: string | undefined;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  /** The control's id (the error summary links to it); generated when absent. */
  id?: string;
};

type Ids = { controlId: string; hintId: string; errorId: string };

function useFieldIds(id: string | undefined): Ids {
  const generated = useId();
  // React's ids hold characters (« » :) that are awkward in a `#fragment` link: keep letters and digits.
  const controlId = id ?? `field-${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return { controlId, hintId: `${controlId}-hint`, errorId: `${controlId}-error` };
}

/** The a11y attributes a control needs for its hint and error. */
export function describedBy(ids: Ids, hint: unknown, error: unknown) {
  const list = [hint ? ids.hintId : null, error ? ids.errorId : null].filter(Boolean).join(' ');
  return { 'aria-describedby': list || undefined, 'aria-invalid': error ? (true as const) : undefined };
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={s.error}>
      <VisuallyHidden>{m.ui_errorPrefix()}</VisuallyHidden> {children}
    </p>
  );
}

function FieldShell({ ids, chrome, children }: { ids: Ids; chrome: FieldChrome; children: ReactNode }) {
  return (
    <div className={[s.field, chrome.error ? s.fieldInvalid : undefined].filter(Boolean).join(' ')}>
      <label htmlFor={ids.controlId} className={s.label}>
        {chrome.label}
        {chrome.optional ? (
          <>
            {' '}
            <span className={s.optional}>{m.ui_optional()}</span>
          </>
        ) : null}
      </label>
      {chrome.hint ? (
        <div id={ids.hintId} className={s.hint}>
          {chrome.hint}
        </div>
      ) : null}
      {chrome.error ? <FieldError id={ids.errorId}>{chrome.error}</FieldError> : null}
      {children}
    </div>
  );
}

export type TextFieldProps = FieldChrome & Omit<ComponentProps<'input'>, 'id'>;

export function TextField({ label, hint, error, optional, id, className, ...input }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} chrome={{ label, hint, error, optional }}>
      <input type="text" {...input} id={ids.controlId} className={[s.control, className].filter(Boolean).join(' ')} {...describedBy(ids, hint, error)} />
    </FieldShell>
  );
}

/** A native date picker (value and onChange in ISO `YYYY-MM-DD`). */
export function DateField({ className, ...props }: Omit<TextFieldProps, 'type'>) {
  return <TextField {...props} type="date" className={[s.dateControl, className].filter(Boolean).join(' ')} />;
}

export type SelectOption = { value: string; label: string };
export type SelectFieldProps = FieldChrome & Omit<ComponentProps<'select'>, 'id' | 'children'> & { options: readonly SelectOption[]; placeholder?: string };

/** A native <select> (Radix Select would add ~33 KB; docs/decisions/023-design-system.md). */
export function SelectField({ label, hint, error, optional, id, className, options, placeholder, ...select }: SelectFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} chrome={{ label, hint, error, optional }}>
      <select {...select} id={ids.controlId} className={[s.control, s.select, className].filter(Boolean).join(' ')} {...describedBy(ids, hint, error)}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export type TextareaFieldProps = FieldChrome & Omit<ComponentProps<'textarea'>, 'id'>;

export function TextareaField({ label, hint, error, optional, id, className, ...textarea }: TextareaFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldShell ids={ids} chrome={{ label, hint, error, optional }}>
      <textarea {...textarea} id={ids.controlId} className={[s.control, s.textarea, className].filter(Boolean).join(' ')} {...describedBy(ids, hint, error)} />
    </FieldShell>
  );
}

export { useFieldIds };
