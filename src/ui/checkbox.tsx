/**
 * A checkbox: a native `<input type="checkbox">` drawn by the design system, with its label, hint and error tied to
 * it like the text fields. Native, not a scripted widget: the browser gives it its role, its state, Space, form
 * submission and label clicks, and a month of 93 of them opens within budget (decision 091).
 * Drive it from formisch with `checkboxProps(field)` (src/ui/form-kit.tsx).
 */
import type { ComponentProps, ReactNode } from 'react';
import * as s from './checkbox.css.ts';
import { describedBy, FieldError, useFieldIds } from './field.tsx';
import { hint as hintClass } from './field.css.ts';

export type CheckboxProps = Omit<BoxProps, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
};

type BoxProps = Omit<ComponentProps<'input'>, 'type' | 'children' | 'checked' | 'onChange' | 'defaultChecked'> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
};

/**
 * The drawn box alone: the native input, one element. A dense grid (the month editor's 93 slots) names each one with
 * `aria-label` instead of a label element; everything else uses `Checkbox`.
 */
export function CheckboxBox({ checked, onCheckedChange, className, ...input }: BoxProps) {
  return (
    <input
      {...input}
      type="checkbox"
      checked={checked}
      onChange={(event) => onCheckedChange(event.currentTarget.checked)}
      className={[s.box, className].filter(Boolean).join(' ')}
    />
  );
}

export function Checkbox({ label, hint, error, id, ...box }: CheckboxProps) {
  const ids = useFieldIds(id);
  return (
    <div className={[s.row, error ? s.rowInvalid : undefined].filter(Boolean).join(' ')}>
      <CheckboxBox {...box} id={ids.controlId} {...describedBy(ids, hint, error)} />
      <div className={s.text}>
        <label htmlFor={ids.controlId} className={s.label}>
          {label}
        </label>
        {hint ? (
          <div id={ids.hintId} className={hintClass}>
            {hint}
          </div>
        ) : null}
        {error ? <FieldError id={ids.errorId}>{error}</FieldError> : null}
      </div>
    </div>
  );
}
