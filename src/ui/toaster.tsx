/**
 * Renders the toast store with Radix Toast: each toast hides itself after TOAST_DURATION_MS (spec §9: 5000 ms;
 * the timer pauses while the pointer or focus is on the toasts, WCAG 2.2.1), can be closed, and is announced
 * (danger toasts assertively). F8 moves focus to the toasts.
 *
 * The toasts float over the bottom of the screen; while they show, the page reserves their height below its end
 * (`--toast-space`, toaster.css.ts), so the last links of a page (the footer's, a form's "forgot password") can
 * always be scrolled above them and are never left under a toast (docs/decisions/130-one-error-channel.md).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Toast as RadixToast } from 'radix-ui';
import { TOAST_DURATION_MS } from '#domain/constants.ts';
import { m } from '../paraglide/messages.js';
import { modalHost } from './modal-host.ts';
import type { ToastType } from '#domain/enums.ts';
import { toastText, type ToastStore } from './toast-store.ts';
import * as s from './toaster.css.ts';
import { VisuallyHidden } from './visually-hidden.tsx';

const kind: Record<ToastType, () => string> = {
  success: m.ui_kindSuccess,
  danger: m.ui_kindDanger,
  warning: m.ui_kindWarning,
  info: m.ui_kindInfo,
};

export function Toaster({ store }: { store: ToastStore }) {
  const toasts = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  // A modal dialog makes the rest of the page inert: while one is open, toasts are shown and announced inside it.
  // Only once there is one: moving the region costs a remount that opening a dialog need not pay.
  const modal = useSyncExternalStore(modalHost.subscribe, modalHost.current, () => null);
  const host = toasts.length > 0 ? modal : null;
  const viewport = useRef<HTMLOListElement>(null);
  useReservedSpace(viewport, toasts.length > 0);
  const region = (
    <RadixToast.Provider duration={TOAST_DURATION_MS} label={m.ui_toastLabel()} announcerContainer={host ?? undefined}>
      {toasts.map((toast) => (
        <RadixToast.Root
          key={toast.id}
          data-toast={toast.type}
          className={s.type[toast.type]}
          type={toast.type === 'danger' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) store.dismiss(toast.id);
          }}
        >
          <RadixToast.Description className={s.text}>
            <VisuallyHidden>{kind[toast.type]()}</VisuallyHidden> {toastText(toast)}
          </RadixToast.Description>
          <RadixToast.Close className={s.close} aria-label={m.ui_close()}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      {/* Radix puts the hotkey in the region's name: the message keeps {hotkey} for it. */}
      <RadixToast.Viewport ref={viewport} className={s.viewport} label={m.ui_toastRegion({ hotkey: '{hotkey}' })} />
    </RadixToast.Provider>
  );
  return host ? createPortal(region, host) : region;
}

/** Keeps `--toast-space` on the root element at the height the shown toasts take (0 when none). */
function useReservedSpace(viewport: { current: HTMLElement | null }, shown: boolean) {
  useEffect(() => {
    const root = document.documentElement;
    const element = viewport.current;
    if (!shown || !element) {
      root.style.removeProperty(s.TOAST_SPACE);
      return;
    }
    const reserve = () => root.style.setProperty(s.TOAST_SPACE, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(s.TOAST_SPACE);
    };
  }, [viewport, shown]);
}
