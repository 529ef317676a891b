/**
 * Renders the toast store with Radix Toast: each toast hides itself after TOAST_DURATION_MS (spec §9: 5000 ms;
 * the timer pauses while the pointer or focus is on the toasts, WCAG 2.2.1), can be closed, and is announced
 * (danger toasts assertively). F8 moves focus to the toasts.
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Toast as RadixToast } from 'radix-ui';
import { TOAST_DURATION_MS } from '../domain/constants.ts';
import { m } from '../paraglide/messages.js';
import { modalHost } from './modal-host.ts';
import { toastText, type ToastStore, type ToastType } from './toast-store.ts';
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
            <VisuallyHidden>{kind[toast.type]()}</VisuallyHidden>
            {' '}
            {toastText(toast)}
          </RadixToast.Description>
          <RadixToast.Close className={s.close} aria-label={m.ui_close()}>
            <span aria-hidden="true">×</span>
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      {/* Radix puts the hotkey in the region's name: the message keeps {hotkey} for it. */}
      <RadixToast.Viewport className={s.viewport} label={m.ui_toastRegion({ hotkey: '{hotkey}' })} />
    </RadixToast.Provider>
  );
  return host ? createPortal(region, host) : region;
}
