/**
 * The calls a signed-in page needs, started by the entry (src/main.tsx) the moment the stored sign-in is read, while
 * the app's scripts still load and run (docs/decisions/216-early-calls.md): the worker's general info, the offers the
 * menu counts, and on the home the summary's own calls, all at once. The app's own calls for the same things get
 * these answers (src/api/early-answers.ts): the session machine and the loaders ask as before and wait less.
 *
 * Before the info is read, the choice follows what the stored sign-in says (statute, new account, details file), with
 * the same rules the session's selectors apply to the info; the loaders still decide with the info read, so a call
 * started for nothing is only a wasted GET, and a call the stored flags missed is made then, as before.
 * Nothing here loads React, the router or xstate: it runs before the first paint.
 */
import { accountOf } from '#domain/accounts.ts';
import { normalizePath } from '#domain/page-path.ts';
import { HOME, mayOpen } from '../machines/page-access.ts';
import { homeNoticesOf } from '../machines/session.selectors.ts';
import { SESSION_KEYS } from './actors/session-keys.ts';
import type { EarlyAnswers } from './api/early-answers.ts';
import { brusselsToday } from '#domain/brussels-day.ts';
import { SUMMARY_CALL_PATHS, summaryCalls, type SummaryCall } from './features/home/summary-calls.ts';
import type { ExpiringStorage } from './storage.ts';

/** What the entry reads of the stored sign-in (src/actors/session-actors.ts writes it; the session checks it in full). */
export type StoredFlags = { token: string; newAccount: boolean; statute: 1 | 2 | 3; details: 0 | 1 | 2; hasEmailBeenValidated: boolean; expiresAt: string };

/** The details file as the stored sign-in numbers it (openapi.yaml EmployeeDetailsStatus) and the info spells it. */
const DETAILS_TEXT = ['empty', 'pending review', 'validated'] as const;

/** The stored flags when they have the shape the entry needs and the token has not expired; null otherwise. */
export function storedFlagsOf(raw: unknown, now: number): StoredFlags | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const user = raw as Partial<StoredFlags>;
  const shaped =
    typeof user.token === 'string' &&
    typeof user.newAccount === 'boolean' &&
    typeof user.hasEmailBeenValidated === 'boolean' &&
    (user.statute === 1 || user.statute === 2 || user.statute === 3) &&
    (user.details === 0 || user.details === 1 || user.details === 2) &&
    typeof user.expiresAt === 'string';
  return shaped && Date.parse(user.expiresAt!) > now ? (user as StoredFlags) : null;
}

/** The API paths (under /api) a page at `pathname` needs for this stored sign-in, `today` being YYYY-MM-DD in Brussels. */
export function earlyCallPaths(pathname: string, user: StoredFlags, today: string): string[] {
  const who = accountOf({ newAccount: user.newAccount, statute: user.statute });
  const paths = ['/user/me/info'];
  // The menu's count of open offers, read once the gate lets the worker in (src/routes/-offer-count.ts).
  if (mayOpen('/offers', who)) paths.push(SUMMARY_CALL_PATHS.offers(today));
  // The home, and `/`, which goes to it.
  const page = normalizePath(pathname);
  if (page === HOME || page === '/') {
    const notices = homeNoticesOf({ employeeDetailsStatus: DETAILS_TEXT[user.details], emailHasBeenValidated: user.hasEmailBeenValidated }, who);
    const calls = summaryCalls(notices);
    for (const call of Object.keys(calls) as SummaryCall[]) if (calls[call]) paths.push(SUMMARY_CALL_PATHS[call](today));
  }
  return [...new Set(paths)];
}

export type EarlyCallDeps = {
  early: EarlyAnswers;
  store: ExpiringStorage;
  /** Where the API is (the client's own base: `location.origin + '/api'`). */
  apiBase: string;
  pathname: string;
  /** The language the page was written in (<html lang>): the client sends the same Accept-Language. */
  locale: string;
  now?: () => number;
};

/** Starts the calls of `earlyCallPaths` when a sign-in is stored; nothing otherwise. */
export function startEarlyCalls({ early, store, apiBase, pathname, locale, now = Date.now }: EarlyCallDeps): void {
  const at = now();
  // Read as it is: what to do with an entry that is expired or unreadable is the session's to decide (restoreUser).
  const user = storedFlagsOf(
    store.get(SESSION_KEYS.user, (raw: unknown) => raw),
    at,
  );
  if (!user) return;
  const headers = { Authorization: `Bearer ${user.token}`, 'Accept-Language': locale };
  for (const path of earlyCallPaths(pathname, user, brusselsToday(new Date(at)))) early.start(`${apiBase}${path}`, headers);
}
