/**
 * The interface language (fr base, nl). Paraglide resolves it through the strategy `custom-storage`
 * (scripts/paraglide-options.ts), defined here: the worker's choice kept in browser storage with the expiry
 * of spec §9, then French.
 *
 * Switching never reloads the page (docs/decisions/020-locale-switch-without-reload.md): `changeLocale`
 * stores the choice, sets `<html lang>` and notifies `useLocale()` subscribers, which re-render in place, so
 * machines, forms and typed values survive. Every route component calls `useLocale()` (TanStack Router
 * memoizes route elements: a component re-renders only through its own subscriptions).
 *
 * The choice is also written to a cookie that names only the language (`portal_locale=nl`): the server reads it to
 * send the page prerendered in that language, so a Dutch-speaking worker never sees French first
 * (docs/decisions/101-locale-before-first-paint.md). Storage stays the app's own record; the cookie follows it.
 */
import { useSyncExternalStore } from 'react';
import { baseLocale, defineCustomClientStrategy, getLocale, isLocale, overwriteGetLocale, setLocale, type Locale } from '../paraglide/runtime.js';
import { STORAGE_DEFAULT_TTL_MS } from '#domain/constants.ts';
import { parseString, storage, type ExpiringStorage } from '../storage.ts';

export type { Locale };
const STORAGE_KEY = 'locale';
/** The cookie the server reads to choose the page's language (server/spa.ts, docs/static-hosting.md). */
export const LOCALE_COOKIE = 'portal_locale';

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
      writeLocaleCookie(locale);
    },
  });
}

function cookieLocale(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LOCALE_COOKIE)?.[1];
}

/** Same lifetime as the stored choice (spec §9); sent over HTTPS only when the page is. No name, no account. */
function writeLocaleCookie(locale: Locale | null): void {
  if (typeof document === 'undefined') return;
  const lifetime = locale ? `Max-Age=${Math.floor(STORAGE_DEFAULT_TTL_MS / 1000)}` : 'Max-Age=0';
  const secure = document.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LOCALE_COOKIE}=${locale ?? ''}; Path=/; ${lifetime}; SameSite=Lax${secure}`;
}

/**
 * At every start: the cookie says what storage says (a choice made before the cookie existed, a cookie cleared on its
 * own, a stored choice that expired), so that the next page comes in the right language.
 */
export function syncLocaleCookie(): void {
  const chosen = storedLocale();
  const sent = cookieLocale();
  if (chosen && sent !== chosen) writeLocaleCookie(chosen);
  else if (!chosen && sent !== undefined) writeLocaleCookie(null);
}
installLocaleStrategy();
// What paraglide's resolution of our strategies (`custom-storage`, then `baseLocale`) answers, without its work per
// call: it reads the page's URL and looks for a route strategy on every message rendered (a month editor row
// renders six), and none is configured here.
overwriteGetLocale(() => storedLocale() ?? baseLocale);

/**
 * A link the server mails names the worker's language (`?lang=nl`): in a browser where no language was chosen yet
 * (the validation link opened on another device), the page opens in it and it is remembered. A choice made in this
 * browser stays: the link only fills the gap. Call before the first render.
 */
export function adoptLinkLocale(search: string): void {
  const named = new URLSearchParams(search).get('lang');
  if (!named || !isLocale(named) || storedLocale()) return;
  cached = { locale: named };
  store.set(STORAGE_KEY, named);
  writeLocaleCookie(named);
}

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

/** Calls `listener` after each switch of the language (outside React: the service worker is told, src/pwa/register.ts). */
export const onLocaleChange = (listener: () => void): (() => void) => subscribe(listener);

/** The current language; the calling component re-renders when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}
