/**
 * Which page the build prerenders for which path, and when the browser may hydrate it
 * (docs/decisions/100-prerendered-pages.md). Shared by the build (scripts/prerender/), the client (src/app.tsx)
 * and, through the build's dist/prerender.json, the reference server.
 *
 *  - `public`: a page anyone may open (spec §5: login, register, reset password, the accessibility statement,
 *    impersonation) is prerendered whole, as a signed-out visitor sees it;
 *  - `frame`: every other page is prerendered as the shell alone (header, language switcher, footer, an empty main),
 *    right for whoever visits: no menu, no heading, nothing of any worker. The screen comes once the router knows
 *    who is there;
 *  - the fallback (index.html, path `*`) is that frame, for any other path.
 */
import { isWrittenAs } from '#domain/page-path.ts';
import { isPublicPath } from '../../machines/page-access.ts';
import { BANNER_FLAGS } from '../routes/-search.ts';

export type PageKind = 'public' | 'frame';
export type PageMark = {
  /** The path the page was rendered for; `*` for the fallback. */
  path: string;
  kind: PageKind;
  /** Query parameters that change the screen: with one of them the page is not this one (the server sends the frame). */
  variesWith: readonly string[];
};

export const FALLBACK_PATH = '*';

/**
 * The public screens whose query string changes what they show (a reset link's token, an impersonation token). Every
 * page also varies with the banner flags of spec §2 (`?emailHasBeenValidated`…): a banner that came after the
 * prerendered screen had painted would push it down (a layout shift); the page is rendered with it instead.
 */
const SCREEN_PARAMETERS: Readonly<Record<string, readonly string[]>> = {
  '/reset-password': ['token'],
  '/impersonate': ['token'],
};

/**
 * The pages of the routes of spec §2 (every route path of the app's route tree): not `/` (it redirects to /home), not
 * a path containing 'redirect' (handled outside the app), and not a path with a parameter (`/conversations/$conversation`:
 * there is no one page to render for it; the fallback frame serves each of its addresses).
 */
export function pagesOf(routePaths: readonly string[]): PageMark[] {
  return routePaths
    .filter((path) => path !== '/' && !path.includes('redirect') && !path.includes('$'))
    .sort()
    .map((path) => ({ path, kind: isPublicPath(path) ? 'public' : 'frame', variesWith: [...(SCREEN_PARAMETERS[path] ?? []), ...BANNER_FLAGS] }));
}

export const fallbackPage: PageMark = { path: FALLBACK_PATH, kind: 'frame', variesWith: [] };

/** The attributes the build writes on the page's #root element, and how the client reads them back. */
export const markAttributes = (page: PageMark): Record<string, string> => ({
  'data-page': page.path,
  'data-page-kind': page.kind,
  ...(page.variesWith.length ? { 'data-page-varies': page.variesWith.join(' ') } : {}),
});

export function readPageMark(root: HTMLElement): PageMark | null {
  const path = root.dataset.page;
  const kind = root.dataset.pageKind;
  if (!path || (kind !== 'public' && kind !== 'frame')) return null;
  return { path, kind, variesWith: root.dataset.pageVaries?.split(' ').filter(Boolean) ?? [] };
}

/**
 * Whether this page's HTML is what the client's first render will be, before the router has run: rendered for this
 * path (the fallback frame: for any path), in the interface language, without a query parameter that changes the
 * screen. A public page is checked once more after the router has loaded (no redirect, src/prerender/mount.ts).
 */
export function matchesPage(page: PageMark, location: { pathname: string; search: string }, locales: { page: string; current: string }): boolean {
  if (locales.page !== locales.current) return false;
  const search = new URLSearchParams(location.search);
  if (page.variesWith.some((name) => search.has(name))) return false;
  return page.path === FALLBACK_PATH || isWrittenAs(location.pathname, page.path);
}
