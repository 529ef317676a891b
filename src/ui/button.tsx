import { useContext, type ComponentProps, type MouseEvent } from 'react';
import { m } from '../paraglide/messages.js';
import { HELD_SUBMIT } from '../prerender/held-submits.ts';
import { button, fullWidth, spinner } from './button.css.ts';
import { Prerendering } from './prerendering.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

export type ButtonVariant = keyof typeof button;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  /** Busy: shows a spinner, says so to screen readers and ignores clicks, but stays focusable. */
  loading?: boolean;
  block?: boolean;
};

export function Button({ variant = 'primary', loading = false, block = false, type = 'button', className, onClick, children, ...rest }: ButtonProps) {
  // Prerendered, a submit button cannot submit natively (the fields would go in the address) until the page's entry
  // holds submits for the app and enables it (src/prerender/held-submits.ts).
  const held = useContext(Prerendering) && type === 'submit' ? { disabled: true, [HELD_SUBMIT]: '' } : undefined;
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading) {
      // A second submit while the first is under way would send the form twice.
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const classes = [button[variant], block ? fullWidth : undefined, className].filter(Boolean).join(' ');
  return (
    <button {...rest} {...held} type={type} className={classes} aria-disabled={loading || undefined} onClick={handleClick}>
      {loading ? <span className={spinner} aria-hidden="true" /> : null}
      {children}
      {/* The space is a sibling text node so that the accessible name reads "Save Please wait…". */}
      {loading ? ' ' : null}
      {loading ? <VisuallyHidden>{m.ui_busy()}</VisuallyHidden> : null}
    </button>
  );
}
