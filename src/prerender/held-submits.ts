/**
 * A form submitted before the app runs is kept, never sent natively (docs/decisions/224-held-submits.md). The public
 * pages are prerendered and painted before the app runs (docs/decisions/100-prerendered-pages.md); without the app,
 * a submit (Enter in the password field, a tap on "Sign in") would be the browser's own: a request with every field,
 * in the address for a GET. So:
 *  - the build writes each prerendered submit button `disabled` and marked (`HELD_SUBMIT`, src/ui/button.tsx), and
 *    the form posts: nothing submits natively, and nothing would go in an address if it did; while the mark is there
 *    the form's controls are hidden (src/ui/form.css.ts): nobody types into a form that cannot answer yet;
 *  - the entry (src/main.tsx) calls `holdSubmits` first: a capture-phase listener on the window keeps every submit of
 *    those forms and cancels it before anyone else sees it; then it enables the buttons and removes their mark (the
 *    controls show);
 *  - once React has hydrated a form, the form adopts what was typed into it and calls `releaseForm`
 *    (src/ui/form-kit.tsx): its submits go to its own handler from then on, and the one kept, if any, is made again.
 *    Once every held form is released (or gone: React rendered the page afresh), the listener is removed.
 * Nothing here loads React: it runs in the entry, before the first paint.
 */

/** The attribute the build writes on a prerendered submit button, beside `disabled`. */
export const HELD_SUBMIT = 'data-held-submit';

type HoldWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & { document: Pick<Document, 'querySelectorAll'> };
type Holding = {
  win: HoldWindow;
  keep: (event: Event) => void;
  /** The prerendered forms not yet released, each with the submit kept for it (its submitter), or undefined. */
  forms: Map<HTMLFormElement, { submitter: HTMLElement | null } | undefined>;
};

let holding: Holding | null = null;

/** Holds every submit of the page's prerendered forms until each is released, then enables their buttons. */
export function holdSubmits(win: HoldWindow = window): void {
  if (holding) return;
  const buttons = [...win.document.querySelectorAll<HTMLButtonElement>(`[${HELD_SUBMIT}]`)];
  const forms: Holding['forms'] = new Map(buttons.flatMap((button) => (button.form ? [[button.form, undefined] as const] : [])));
  if (forms.size > 0) {
    const keep = (event: Event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !forms.has(form)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      // The last submit is the one to make: a second Enter is the same intent.
      forms.set(form, { submitter: (event as SubmitEvent).submitter ?? null });
    };
    holding = { win, keep, forms };
    win.addEventListener('submit', keep, { capture: true });
  }
  for (const button of buttons) {
    button.removeAttribute('disabled');
    button.removeAttribute(HELD_SUBMIT);
  }
}

/**
 * React has this form (hydrated, its handler live, what was typed adopted): its submits are its own from now on, and
 * the one kept for it is made again, with the same button. A form the page never held is left alone.
 */
export function releaseForm(form: HTMLFormElement): void {
  if (!holding?.forms.has(form)) return;
  const kept = holding.forms.get(form);
  holding.forms.delete(form);
  settleSubmits();
  if (!kept) return;
  const button = kept.submitter instanceof HTMLButtonElement || kept.submitter instanceof HTMLInputElement ? kept.submitter : null;
  form.requestSubmit(button && button.form === form && !button.disabled ? button : null);
}

/**
 * Forgets the held forms that are no longer on the page (React rendered the page instead of hydrating it: what was
 * typed there is gone with them) and stops listening once none is left. Called once React has the page
 * (src/prerender/portal-tree.tsx) and after each release.
 */
export function settleSubmits(): void {
  if (!holding) return;
  for (const form of holding.forms.keys()) if (!form.isConnected) holding.forms.delete(form);
  if (holding.forms.size > 0) return;
  holding.win.removeEventListener('submit', holding.keep, { capture: true });
  holding = null;
}

/** Whether submits are being held (for tests). */
export const isHolding = (): boolean => holding !== null;
