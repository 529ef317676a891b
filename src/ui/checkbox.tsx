/**
 * A checkbox (Radix: a `<button role="checkbox">` plus a hidden native input inside forms) with its label,
 * hint and error tied to it like the text fields. Drive it from formisch with
 * `checked={field.input} onCheckedChange={(c) => field.onChange(c === true)}` and spread `field.props` minus onChange.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Checkbox as RadixCheckbox } from 'radix-ui';
import * as s from './checkbox.css.ts';
import { describedBy, FieldError, useFieldIds } from './field.tsx';
import { hint as hintClass } from './field.css.ts';

export type CheckboxProps = Omit<ComponentProps<typeof RadixCheckbox.Root>, 'id' | 'children'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
};

export function Checkbox({ label, hint, error, id, className, ...root }: CheckboxProps) {
  const ids = useFieldIds(id);
  return (
    <div className={[s.row, error ? s.rowInvalid : undefined].filter(Boolean).join(' ')}>
      <RadixCheckbox.Root {...root} id={ids.controlId} className={[s.box, className].filter(Boolean).join(' ')} {...describedBy(ids, hint, error)}>
        <RadixCheckbox.Indicator>
          <span className={s.tick} aria-hidden="true" />
        </RadixCheckbox.Indicator>
      </RadixCheckbox.Root>
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
