/**
 * The toasts waiting to be shown (spec §3 "Toast message: id, msg, type, msgParams"). A plain store, so that
 * the API client, the machines' actions and the views can all raise one; <Toaster> renders it.
 *
 * A toast holds a message KEY (rendered when shown, so it follows a language switch) or a server text.
 */
import type { ToastType } from '#domain/enums.ts';
import { m } from '../paraglide/messages.js';

/**
 * The messages a toast may name. Add a line when a flow needs a new one: keys stay greppable and the
 * bundle keeps only the messages in use.
 */
const toastMessages = {
  apiError_account_not_approved: m.apiError_account_not_approved,
  apiError_freelance_not_allowed: m.apiError_freelance_not_allowed,
  auth_emailValidationSent: m.auth_emailValidationSent,
  auth_loggedIn: m.auth_loggedIn,
  auth_loggedOut: m.auth_loggedOut,
  auth_passwordUpdated: m.auth_passwordUpdated,
  auth_registered: m.auth_registered,
  auth_resetPasswordStarted: m.auth_resetPasswordStarted,
  details_formInvalid: m.details_formInvalid,
  error_generic: m.error_generic,
  error_offline: m.error_offline,
  error_unauthorized: m.error_unauthorized,
  general_employeeDetailsAreBeingReviewed: m.general_employeeDetailsAreBeingReviewed,
  general_employeeDetailsNotComplete: m.general_employeeDetailsNotComplete,
  general_policiesNotAgreedTo: m.general_policiesNotAgreedTo,
  signature_notForFreelancers: m.signature_notForFreelancers,
  signature_signatureUpdated: m.signature_signatureUpdated,
} satisfies Record<string, (inputs: Record<string, string | number>) => string>;

export type ToastMessageKey = keyof typeof toastMessages;
export type ToastParams = Record<string, string | number>;

export type ToastInput = { type: ToastType; key: ToastMessageKey; params?: ToastParams } | { type: ToastType; text: string };
export type Toast = ToastInput & { id: number };

/** At most this many at once: older ones make room (a burst of failures must not cover the page). */
export const MAX_TOASTS = 4;

export type ToastStore = {
  show: (toast: ToastInput) => number;
  dismiss: (id: number) => void;
  clear: () => void;
  getSnapshot: () => readonly Toast[];
  subscribe: (listener: () => void) => () => void;
};

export function createToastStore(): ToastStore {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const set = (next: readonly Toast[]) => {
    toasts = next;
    listeners.forEach((listener) => listener());
  };
  return {
    show(input) {
      const id = nextId++;
      set([...toasts, { ...input, id }].slice(-MAX_TOASTS));
      return id;
    },
    dismiss(id) {
      if (toasts.some((t) => t.id === id)) set(toasts.filter((t) => t.id !== id));
    },
    clear() {
      if (toasts.length) set([]);
    },
    getSnapshot: () => toasts,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The text of a toast in the current language. */
export const toastText = (toast: ToastInput): string => ('key' in toast ? toastMessages[toast.key](toast.params ?? {}) : toast.text);

/** The portal's toasts. */
export const toasts: ToastStore = createToastStore();
