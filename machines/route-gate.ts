/**
 * The router's guard, as one pure function over the page-access table (page-access.ts), plus the return-URL check
 * of §10.
 *
 * The router's `beforeLoad` calls `routeGate(route, facts)` on every page, after waiting until the session is no
 * longer `pending` (a public page: until the stored sign-in is read; session.selectors.ts `accessFacts` gives the
 * facts: the stage the session's gate stands in, and the account). The answer is either `{ allow: true }` or a redirect the router
 * performs, with:
 *   - `warning`: a message key the app shows as a warning toast;
 *   - `rememberReturnUrl`: the full path (path + search + hash) to come back to after login, already checked
 *     by `safeReturnUrl` (the router passes it to /login, which hands it to `session.login`);
 *   - `refreshInfo`: send `session.refreshInfo` to the session (rule 4: the file may have been reviewed since).
 *
 * First the gate (the page must open in the session's stage, else the stage's redirect), then the accounts the
 * page refuses (spec §6). A public page opens to anyone, but a signed-in worker asking for one they have no use for
 * (the login) goes where the table says (`whenSignedIn`), as written (`asWritten`: a return URL keeps its query).
 * Imports only its sibling table and the core: it runs in the router, the machines and the tests alike.
 */
import type { Account } from '#domain/accounts.ts';
import {
  GATE_RULES,
  HOME,
  PAGES,
  SIGNED_OUT_REDIRECT,
  isPublicPath,
  pageOf,
  refusalOf,
  signedInAway,
  type AccessWarning,
  type GateStage,
  type PageRule,
  type StageRedirect,
} from './page-access.ts';

/** What the guard judges: where the session's gate stands, and who the account is. */
export type AccessFacts = { stage: GateStage; account: Account };

/**
 * The page asked for: `pathname` for the rules, `href` (path + search + hash) for the return URL; `returnUrl`: the
 * page's `?redirect` (a forced login's way back), as the URL gave it.
 */
export type GateRoute = { pathname: string; href: string; returnUrl?: unknown };

export type GateRedirect = {
  allow: false;
  /** A path; with `asWritten`, a full same-origin URL (path, search, hash) to go to as it is. */
  redirect: string;
  asWritten?: true;
  warning?: AccessWarning;
  rememberReturnUrl?: string;
  refreshInfo?: true;
};

export type GateDecision = { allow: true } | GateRedirect;

const ALLOW: GateDecision = { allow: true };

/** Where a stage sends a page that does not open in it; `open` opens every listed page but sends home otherwise. */
function stageRedirect(stage: GateStage): StageRedirect {
  if (stage === 'signedOut') return SIGNED_OUT_REDIRECT;
  return GATE_RULES.find((rule) => rule.stage === stage) ?? { sendTo: HOME };
}

export function routeGate(route: GateRoute, facts: AccessFacts, pages: readonly PageRule[] = PAGES): GateDecision {
  if (isPublicPath(route.pathname, pages)) {
    // Anyone may open it; a signed-in worker may have no use for it (the login): on to where the table says.
    const away = facts.stage === 'signedOut' ? null : signedInAway(route.pathname, safeReturnUrl(route.returnUrl), pages);
    return away === null ? ALLOW : { allow: false, redirect: away, asWritten: true };
  }
  const page = pageOf(route.pathname, pages);

  if (!page.opensIn.includes(facts.stage)) {
    const { sendTo, warning, rememberReturnUrl, refreshInfo } = stageRedirect(facts.stage);
    const decision: GateRedirect = { allow: false, redirect: sendTo };
    if (warning) decision.warning = warning;
    if (refreshInfo) decision.refreshInfo = true;
    // Rule 1. A return URL that is not a same-origin path is simply not remembered.
    const returnUrl = rememberReturnUrl ? safeReturnUrl(route.href) : null;
    if (returnUrl !== null) decision.rememberReturnUrl = returnUrl;
    return decision;
  }

  const refusal = refusalOf(page, facts.account);
  return refusal ? { allow: false, redirect: refusal.sendTo, warning: refusal.warning } : ALLOW;
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
