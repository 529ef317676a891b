/**
 * A modal dialog (Radix): focus trapped inside and returned to the trigger, Escape closes, the page behind
 * is inert and does not scroll (Radix injects a <style> for that: it carries the CSP nonce, see main.tsx).
 * `size="large"` for the signature pad and the month editor.
 */
import { useRef, type ComponentProps, type ReactNode } from 'react';
import { Dialog as RadixDialog } from 'radix-ui';
import { m } from '../paraglide/messages.js';
import * as s from './dialog.css.ts';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  size?: 'normal' | 'large';
  children?: ReactNode;
  /** The dialog's buttons (Cancel, Save…), at its bottom. */
  footer?: ReactNode;
  /** Where focus goes on open (Radix: the first focusable element unless prevented). */
  onOpenAutoFocus?: ComponentProps<typeof RadixDialog.Content>['onOpenAutoFocus'];
};

export function Dialog({ open, onOpenChange, title, description, size = 'normal', children, footer, onOpenAutoFocus }: DialogProps) {
  // Radix returns focus to its own Trigger; our dialogs are opened by machines and buttons anywhere, so
  // remember what had the focus when the dialog opened and give it back on close.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={s.overlay} />
        <RadixDialog.Content
          className={s.size[size]}
          onOpenAutoFocus={(event) => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            onOpenAutoFocus?.(event);
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          // Without a description, say so explicitly (Radix warns otherwise).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={s.title}>{title}</RadixDialog.Title>
          {description ? <RadixDialog.Description className={s.description}>{description}</RadixDialog.Description> : null}
          {children}
          {footer ? <div className={s.footer}>{footer}</div> : null}
          <RadixDialog.Close className={s.close} aria-label={m.ui_close()}>
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside the dialog that closes it (Cancel). */
export const DialogClose = RadixDialog.Close;
