/**
 * Every screen's frame: its <h1>, the document title ("Title – Portal", "Error: …" while a form shows
 * errors), and focus management. After a client-side navigation focus moves to the heading, so screen reader
 * and keyboard users start at the new content; the first page of a document load keeps the browser's focus.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { m } from '../paraglide/messages.js';
import * as s from './page.css.ts';

let firstPageShown = false;

export type PageProps = {
  /** The page's heading, in the interface language. */
  title: string;
  /** The form on the page shows errors: the document title says so first (GOV.UK). */
  hasErrors?: boolean;
  /** Override the focus rule (tests, or a page that focuses a field itself). */
  focusOnMount?: boolean;
  children?: ReactNode;
};

export function Page({ title, hasErrors = false, focusOnMount, children }: PageProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const focused = useRef(false);
  const documentTitle = m.ui_documentTitle({ title });
  const fullTitle = hasErrors ? m.ui_errorTitle({ title: documentTitle }) : documentTitle;

  useEffect(() => {
    document.title = fullTitle;
  }, [fullTitle]);

  useEffect(() => {
    // Once per page instance (StrictMode runs mount effects twice; refs survive).
    if (focused.current) return;
    focused.current = true;
    const shouldFocus = focusOnMount ?? firstPageShown;
    firstPageShown = true;
    // A worker who opened a menu or a dialog while the page was loading keeps it: moving the focus would close it.
    const taken = document.activeElement?.closest('[role="menu"], [role="dialog"]');
    if (shouldFocus && !taken) heading.current?.focus();
  }, [focusOnMount]);

  return (
    <div className={s.page}>
      <h1 ref={heading} tabIndex={-1} className={s.heading}>
        {title}
      </h1>
      {children}
    </div>
  );
}
