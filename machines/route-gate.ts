/**
 * The route guard of spec §5, as one pure function, plus the return-URL check of DESIGN.md §6.
 *
 * The router's `beforeLoad` calls `routeGate(route, facts)` on every page but the public ones, after waiting
 * until the session is no longer `pending` (session.selectors.ts `gateFacts` builds the facts). The answer is
 * either `{ allow: true }` or a redirect the router performs, with:
 *   - `warning`: a message key the app shows as a warning toast (`notify({ type: 'warning', msg })`);
 *   - `rememberReturnUrl`: the full path (path + search + hash) to come back to after login, already checked
 *     by `safeReturnUrl` (the router passes it to /login, which hands it to `session.login`);
 *   - `refreshInfo`: send `session.refreshInfo` to the session (rule 4: the file may have been reviewed since).
 *
 * The four rules apply in this order; the first that matches decides:
 *   1. not signed in                               → /login, remember the full path
 *   2. policies not both agreed                    → /policies (only /policies is allowed)
 *   3. details file empty                          → /employee-details (allowed: /policies, /employee-details, /home)
 *   4. details pending review, target /employee-details → /home, refresh the info
 *
 * Imports nothing: it runs in the router, the machines and the tests alike.
 */

export type DetailsStatusText = 'empty' | 'pending review' | 'validated';

/** What the gate needs to know of the session (session.selectors.ts `gateFacts`). */
export type GateFacts =
  | { signedIn: false }
  | {
      signedIn: true;
      /** Both the privacy policy and the labour regulations are agreed. */
      policiesAgreed: boolean;
      /** `employeeDetailsStatus` of the general info; null when the info does not say (the empty info object). */
      detailsStatus: DetailsStatusText | null;
    };

/** The page asked for: `pathname` for the rules, `href` (path + search + hash) for the return URL. */
export type GateRoute = { pathname: string; href: string };

export type GateWarning =
  | 'general_policiesNotAgreedTo'
  | 'general_employeeDetailsNotComplete'
  | 'general_employeeDetailsAreBeingReviewed';

export type GateRedirect = {
  allow: false;
  redirect: '/login' | '/policies' | '/employee-details' | '/home';
  warning?: GateWarning;
  rememberReturnUrl?: string;
  refreshInfo?: true;
};

export type GateDecision = { allow: true } | GateRedirect;

/** Pages anyone may open; the gate never runs on them (spec §5 and §2). */
const PUBLIC_PATHS = ['/login', '/register', '/reset-password', '/impersonate', '/accessibility'];

/** Rule 2: while the policies are not agreed, only this page. */
const POLICIES_ONLY = ['/policies'];
/** Rule 3: while the details file is empty, only these pages. */
const WHILE_DETAILS_EMPTY = ['/policies', '/employee-details', '/home'];

/**
 * Lower-cased and without trailing slashes, as the router matches paths (case-insensitively by default):
 * `/Employee-Details/` must not slip past rule 4.
 */
export function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  const trimmed = lower.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** Login, register, reset password, impersonation, the accessibility statement, and any path containing "redirect" (handled outside the app, §2). */
export function isPublicPath(pathname: string): boolean {
  const path = normalizePath(pathname);
  return PUBLIC_PATHS.includes(path) || path.includes('redirect');
}

export function routeGate(route: GateRoute, facts: GateFacts): GateDecision {
  const path = normalizePath(route.pathname);
  if (isPublicPath(path)) return { allow: true };

  // Rule 1. A return URL that is not a same-origin path is simply not remembered.
  if (!facts.signedIn) {
    const returnUrl = safeReturnUrl(route.href);
    return returnUrl === null ? { allow: false, redirect: '/login' } : { allow: false, redirect: '/login', rememberReturnUrl: returnUrl };
  }

  // Rule 2.
  if (!facts.policiesAgreed) {
    if (POLICIES_ONLY.includes(path)) return { allow: true };
    return { allow: false, redirect: '/policies', warning: 'general_policiesNotAgreedTo' };
  }

  // Rule 3.
  if (facts.detailsStatus === 'empty') {
    if (WHILE_DETAILS_EMPTY.includes(path)) return { allow: true };
    return { allow: false, redirect: '/employee-details', warning: 'general_employeeDetailsNotComplete' };
  }

  // Rule 4.
  if (facts.detailsStatus === 'pending review' && path === '/employee-details') {
    return { allow: false, redirect: '/home', warning: 'general_employeeDetailsAreBeingReviewed', refreshInfo: true };
  }

  return { allow: true };
}

const MAX_RETURN_URL_LENGTH = 2048;
/** Any whitespace, and the backslash that browsers read as a slash (control characters: `hasControlChar`). */
const FORBIDDEN = /[\s\\]/u;
const ORIGIN = 'https://portal.invalid';

/**
 * The URL itself when it is a same-origin path (`/planning?x=1#y`), else null.
 *
 * Refused: anything not starting with one `/` (absolute URLs, `javascript:`, `%2F%2Fevil`), scheme-relative
 * `//evil.example`, `/\evil.example`, raw whitespace and control characters (browsers strip tabs and
 * newlines, so `/\t/evil.example` would become `//evil.example`), and paths that become any of those once
 * percent-decoded (a router may decode `/%2F%2Fevil.example` before navigating).
 */
export function safeReturnUrl(url: unknown): string | null {
  if (typeof url !== 'string' || url.length === 0 || url.length > MAX_RETURN_URL_LENGTH) return null;
  if (!isSafePath(url)) return null;
  // Decode until stable (at most a few rounds); every intermediate form must still be a safe path.
  let decoded = url;
  for (let round = 0; ; round++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return null;
    }
    if (next === decoded) break;
    if (round === 3 || !isSafeDecodedPath(next)) return null;
    decoded = next;
  }
  const parsed = new URL(url, ORIGIN);
  if (parsed.origin !== ORIGIN) return null;
  return url;
}

/** The URL as written: one leading slash, nothing a browser would strip or turn into a slash. */
function isSafePath(path: string): boolean {
  if (FORBIDDEN.test(path) || hasControlChar(path)) return false;
  return path.startsWith('/') && !path.startsWith('//');
}

/**
 * A percent-decoded form: spaces are fine (`?file=a%20b`), but no control characters, and it must not start
 * like a scheme-relative URL (`/%2F…`, `/%5C…`).
 */
function isSafeDecodedPath(path: string): boolean {
  if (hasControlChar(path)) return false;
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');
}

/** ASCII control characters (U+0000–U+001F, U+007F): browsers drop tabs and newlines from URLs. */
function hasControlChar(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
