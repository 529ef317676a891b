/**
 * A modal dialog on the browser's own `<dialog>`: the page behind is inert (outside the accessibility tree,
 * unreachable by Tab or pointer), the dialog sits in the top layer over a backdrop, and it is named by its title and
 * described by its description. Escape asks the owner to close (the owner may refuse, say while saving); Tab cycles
 * inside; on close the focus goes back to what had it when the dialog opened.
 * Native rather than Radix's scripted modal: opening the month editor spent over 100 ms at 4× CPU in Radix's
 * scroll lock, aria-hiding and presence checks alone (docs/decisions/091-native-controls-over-scripted-widgets.md).
 *
 * Shown first, modal right after (docs/decisions/218-interactions-under-100-ms.md): `showModal()` makes the whole
 * page inert and moves the dialog to the top layer, work that took most of the month editor's opening at 4× CPU.
 * The dialog is rendered open (fixed over its own backdrop, `aria-modal`, the focus moved into it) so that the tap's
 * frame shows it at once; the browser's modal state follows once that frame has painted (nothing behind is reachable
 * meanwhile: the backdrop covers the page, and the focus is in the dialog).
 * `size="large"` for the signature pad and the month editor.
 */
import { useId, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { m } from '../paraglide/messages.js';
import * as s from './dialog.css.ts';
import { modalHost } from './modal-host.ts';
import { afterFirstPaint } from '../prerender/after-first-paint.ts';

export type DialogProps = {
  open: boolean;
  /** Called with false when the person asks to close (Escape, the × button); the owner decides. */
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'normal' | 'large';
  children?: ReactNode;
  /** The dialog's buttons (Cancel, Save…), at its bottom. */
  footer?: ReactNode;
  /**
   * Where the focus goes on open: the first control (the browser's choice), or the dialog itself when its first
   * control is not ready yet (the signature pad focuses its own once loaded).
   */
  initialFocus?: 'first-control' | 'dialog';
  /**
   * Rendered while closed too, styled and laid out but unseen and out of reach (hidden by `visibility`, and
   * `aria-hidden` for tools that read no style), so that opening it only makes it visible: a dialog that opens with many controls (the month
   * editor) otherwise has all of them styled and laid out inside the tap (decision 285). Its effects (the focus, the
   * modal state) run only while open.
   */
  prepared?: boolean;
};

export function Dialog(props: DialogProps) {
  return props.open || props.prepared ? <DialogFrame {...props} /> : null;
}

const TABBABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])';

function DialogFrame({
  open,
  prepared = false,
  onOpenChange,
  title,
  description,
  size = 'normal',
  children,
  footer,
  initialFocus = 'first-control',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useLayoutEffect(() => {
    if (!open) return;
    const dialog = ref.current!;
    // Our dialogs are opened by machines and buttons anywhere: remember what had the focus, give it back on close.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The focus goes in now, as showModal() would put it: the first control, or the dialog itself.
    const first = initialFocus === 'dialog' ? null : dialog.querySelector<HTMLElement>(TABBABLE);
    (first ?? dialog).focus();
    let closed = false;
    // Two frames on: after the tap's frame is painted, and after the next, so that the restyle of the move to the top
    // layer does not take the CPU the tap's frame needs to reach the screen (decision 285).
    afterFirstPaint(() =>
      afterFirstPaint(() => {
        if (closed || !dialog.isConnected) return;
        // Where the focus is by now (the person may have moved it): showModal() would move it to the first control.
        const focused = document.activeElement;
        if (dialog.open) dialog.close();
        dialog.showModal();
        if (focused instanceof HTMLElement && dialog.contains(focused)) focused.focus();
      }),
    );
    const leaveHost = modalHost.enter(dialog);
    return () => {
      closed = true;
      leaveHost();
      if (dialog.open) dialog.close();
      // Prepared again: shown as it was rendered (`open`, hidden by its style), without the browser's focusing steps.
      if (prepared) dialog.setAttribute('open', '');
      // After the commit that closes it: React puts the focus back where it was before a commit when that element is
      // still in the document, as a prepared dialog's buttons are; a focus moved during the commit would be undone.
      queueMicrotask(() => {
        if (opener?.isConnected) opener.focus();
      });
    };
    // Once per opening: the focus choice of the opening render is the one that applies (and `prepared` is fixed per dialog).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here rather than left to the browser's cancel: the owner may keep the dialog open.
      event.preventDefault();
      onOpenChange(false);
      return;
    }
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(TABBABLE)];
    const first = controls[0];
    const last = controls.at(-1);
    if (!first || !last) return;
    if (event.shiftKey ? document.activeElement === first || document.activeElement === event.currentTarget : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };

  return (
    <>
      {/* The backdrop until the browser's own (made transparent) takes over the blocking: it covers the page, then stays under the top layer. */}
      <div className={s.backdrop} aria-hidden="true" data-prepared={open ? undefined : ''} />
      {/* The APG modal dialog pattern: the dialog itself handles Escape and keeps Tab inside. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <dialog
        ref={ref}
        open
        aria-modal={open ? 'true' : undefined}
        // Prepared, not open: unseen, out of the accessibility tree, and neither focusable nor clickable (all three are
        // `visibility: hidden`'s; `aria-hidden` says it to tools that read no style). Not `inert`: Chromium restyles a
        // whole subtree whose `inert` changes, the cost the preparation takes out of the tap.
        data-prepared={open ? undefined : ''}
        aria-hidden={open ? undefined : 'true'}
        className={s.size[size]}
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        // Other ways the browser asks to close (a phone's back gesture): the owner decides here too.
        onCancel={(event) => {
          event.preventDefault();
          onOpenChange(false);
        }}
      >
        <h2 id={titleId} className={s.title}>
          {title}
        </h2>
        {description ? (
          <p id={descriptionId} className={s.description}>
            {description}
          </p>
        ) : null}
        {children}
        {footer ? <div className={s.footer}>{footer}</div> : null}
        <button type="button" className={s.close} aria-label={m.ui_close()} onClick={() => onOpenChange(false)}>
          <span aria-hidden="true">×</span>
        </button>
      </dialog>
    </>
  );
}
