/**
 * The interface language (fr base, nl). Paraglide resolves it through the strategy `custom-storage`
 * (scripts/paraglide-options.ts), defined here: the worker's choice kept in browser storage with the expiry
 * of spec §9, then French.
 *
 * Switching never reloads the page (docs/decisions/020-locale-switch-without-reload.md): `changeLocale`
 * stores the choice, sets `<html lang>` and notifies `useLocale()` subscribers, which re-render in place, so
 * machines, forms and typed values survive. Every route component calls `useLocale()` (TanStack Router
 * memoizes route elements: a component re-renders only through its own subscriptions).
 */
import { useSyncExternalStore } from 'react';
import { baseLocale, defineCustomClientStrategy, getLocale, isLocale, overwriteGetLocale, setLocale, type Locale } from '../paraglide/runtime.js';
import { parseString, storage, type ExpiringStorage } from '../storage.ts';

export type { Locale };
const STORAGE_KEY = 'locale';

const listeners = new Set<() => void>();
/** The stored choice, read once per page (getLocale runs for every message rendered). */
let cached: { locale: Locale | undefined } | undefined;
let store: ExpiringStorage = storage;

function storedLocale(): Locale | undefined {
  if (!cached) {
    const raw = store.get(STORAGE_KEY, parseString);
    cached = { locale: raw && isLocale(raw) ? raw : undefined };
  }
  return cached.locale;
}

/** Installs the `custom-storage` strategy on `target` (the portal's storage unless a test passes its own). */
export function installLocaleStrategy(target: ExpiringStorage = storage): void {
  store = target;
  cached = undefined;
  defineCustomClientStrategy('custom-storage', {
    getLocale: storedLocale,
    setLocale: (locale) => {
      // Paraglide also calls this once per page with the resolved locale: store only an actual choice.
      if (!isLocale(locale) || locale === (storedLocale() ?? baseLocale)) return;
      cached = { locale };
      store.set(STORAGE_KEY, locale);
    },
  });
}
installLocaleStrategy();
// What paraglide's resolution of our strategies (`custom-storage`, then `baseLocale`) answers, without its work per
// call: it reads the page's URL and looks for a route strategy on every message rendered (a month editor row
// renders six), and none is configured here.
overwriteGetLocale(() => storedLocale() ?? baseLocale);

/** `<html lang>` follows the interface language (WCAG 3.1.1). */
export function syncDocumentLanguage(): void {
  if (typeof document !== 'undefined') document.documentElement.lang = getLocale();
}

/** The worker picks a language: remembered, applied at once, no reload. */
export function changeLocale(locale: Locale): void {
  if (locale === getLocale()) return;
  void setLocale(locale, { reload: false });
  syncDocumentLanguage();
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The current language; the calling component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}
