/**
 * Which prerendered document answers a navigation (docs/decisions/100-prerendered-pages.md, 101-locale-before-first-paint.md):
 * one rule for the two places that answer one, the reference server (server/spa.ts) and the service worker
 * (src/sw/service-worker.sw.ts, docs/decisions/240-service-worker.md), both reading the build's dist/prerender.json.
 *  - each path its own page, in the language the `portal_locale` cookie names, else the one a mailed link names
 *    (`?lang=nl`), else French;
 *  - any other path (`/` included: the router sends it on to /home, spec §2), and a page asked with a query
 *    parameter that changes its screen (a reset link's token), the fallback frame.
 */

import { isWrittenAs, normalizePath } from './page-path.ts';

/** What the build writes to dist/prerender.json (scripts/prerender/run.ts). */
export type PrerenderIndex = {
  locales: readonly string[];
  defaultLocale: string;
  localeCookie: string;
  pages: ReadonlyArray<{ path: string; kind: string; variesWith: readonly string[]; files: Readonly<Record<string, string>> }>;
  fallback: Readonly<Record<string, string>>;
  styleHashes: readonly string[];
};

export type Navigation = {
  /** The request's path, as sent (`/login`, `/login/`). */
  path: string;
  search: URLSearchParams;
  /** The value of the locale cookie, when the request has one. */
  cookieLocale: string | undefined;
};

/** The document (a file of dist/, `nl/login.html`) for a navigation, and its language. */
export function pageFor(index: PrerenderIndex, navigation: Navigation): { file: string; locale: string } {
  const chosen = navigation.cookieLocale ?? navigation.search.get('lang') ?? undefined;
  const locale = chosen && index.locales.includes(chosen) ? chosen : index.defaultLocale;
  // A page is served for its path as written (`/login/` too, not `/Login`: domain/page-path.ts says why).
  const wanted = normalizePath(navigation.path);
  const page = isWrittenAs(navigation.path, wanted) ? index.pages.find((candidate) => candidate.path === wanted) : undefined;
  const screenChanges = page?.variesWith.some((name) => navigation.search.has(name)) ?? false;
  const file = (page && !screenChanges ? page.files[locale] : undefined) ?? index.fallback[locale] ?? 'index.html';
  return { file, locale };
}

/** Every document of the build with its language: what a precache fetches by its file name (`/nl/login.html`). */
export function pageFiles(index: PrerenderIndex): Map<string, string> {
  const files = new Map<string, string>();
  for (const page of index.pages) for (const [locale, file] of Object.entries(page.files)) files.set(file, locale);
  for (const [locale, file] of Object.entries(index.fallback)) files.set(file, locale);
  return files;
}

/** The value of one cookie in a `Cookie` header. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  return (header ?? '')
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name)?.[1];
}
