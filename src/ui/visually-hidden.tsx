import type { ReactNode } from 'react';
import { visuallyHidden } from './visually-hidden.css.ts';

/** Text for screen readers only ("Error:" before a field error, the type of a toast…). */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className={visuallyHidden}>{children}</span>;
}
