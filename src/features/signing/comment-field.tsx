/**
 * The comment of one mission (§5: at most SIGNING_COMMENT_MAX_LENGTH characters, domain/constants.ts) with its
 * count: visible under the field, and for screen readers a polite announcement once typing pauses (GOV.UK's
 * character count: announcing every keystroke would drown what is typed).
 */
import { useEffect, useRef, useState } from 'react';
import { commentLength } from '../../../machines/signing.selectors.ts';
import { m } from '../../paraglide/messages.js';
import { TextareaField } from '../../ui/field.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import * as s from './signing.css.ts';

/** How long typing must pause before the remaining count is announced. */
export const ANNOUNCE_DELAY_MS = 750;

export function CommentField({ id, value, onChange, disabled }: { id: string; value: string; onChange: (comment: string) => void; disabled?: boolean }) {
  const { used, max } = commentLength(value);
  const [announced, setAnnounced] = useState('');
  // Only what the worker typed is announced: not every row's count when the list appears.
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => setAnnounced(m.signing_commentRemaining({ remaining: max - used })), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [used, max]);

  return (
    <div className={s.comment}>
      <TextareaField
        id={id}
        label={m.signing_commentLabel()}
        hint={m.signing_commentHint({ max })}
        optional
        value={value}
        maxLength={max}
        rows={2}
        disabled={disabled}
        onChange={(event) => {
          typed.current = true;
          onChange(event.target.value);
        }}
      />
      <p className={used >= max ? s.countFull : s.count} aria-hidden="true" data-testid="comment-count">
        {m.signing_commentCount({ used, max })}
      </p>
      <VisuallyHidden>
        <span aria-live="polite">{announced}</span>
      </VisuallyHidden>
    </div>
  );
}
