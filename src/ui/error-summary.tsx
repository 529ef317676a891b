/**
 * The GOV.UK error summary: shown at the top of a form after a failed submit, it takes the focus (so screen
 * readers read it at once) and each problem names its field and links to it: the link scrolls the field's label into view,
 * then focuses the field without scrolling again, so the question stays visible.
 */
import { useEffect, useRef, type MouseEvent } from 'react';
import { m } from '../paraglide/messages.js';
import * as s from './error-summary.css.ts';

/** A problem and the field it links to; `label` names the field ("E-mail: …") when the message alone does not. */
export type SummaryError = { fieldId: string; message: string; label?: string };

export type ErrorSummaryProps = {
  errors: readonly SummaryError[];
  title?: string;
  /** Focus moves to the summary when it appears and again whenever this changes (a new submit). */
  focusKey?: unknown;
};

function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return;
  event.preventDefault();
  const legend = field.closest('fieldset')?.querySelector('legend');
  const label = [...document.querySelectorAll('label')].find((l) => l.htmlFor === fieldId) ?? legend ?? field;
  label.scrollIntoView();
  field.focus({ preventScroll: true });
}

export function ErrorSummary({ errors, title, focusKey }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = errors.length > 0;
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown, focusKey]);
  if (!shown) return null;
  return (
    <div ref={ref} className={s.summary} tabIndex={-1}>
      {/* role="alert" on an inner element: the GOV.UK fix for a race between focus and the announcement. */}
      <div role="alert">
        <h2 className={s.title}>{title ?? m.ui_errorSummaryTitle()}</h2>
        <ul className={s.list}>
          {errors.map((error) => (
            <li key={`${error.fieldId}:${error.message}`}>
              <a className={s.link} href={`#${error.fieldId}`} onClick={(event) => focusField(event, error.fieldId)}>
                {error.label ? m.ui_errorSummaryItem({ label: error.label, message: error.message }) : error.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
