/**
 * Page access, as one table: every page of the portal, who may open it, where a refused worker goes instead and
 * with which warning, whether, for whom and in which order it shows in a menu, which card of the home it has, and
 * where a signed-in worker goes from a page for signed-out visitors (spec §2, §5, §6).
 *
 * Read by the session machine's gate (`gateStageOf`), the router's guard (route-gate.ts `routeGate`, applied by
 * src/routes/-gate.ts), the menus (`menuPages`, through session.selectors.ts), the home's cards and the calls they
 * make (`homeCards`, through session.selectors.ts `homeNoticesOf`) and the screens that link to another page
 * (`mayOpen`). A page added here is judged, redirected and listed alike everywhere; nothing else names who may open
 * it. tests/server/guards-and-page-access.test.ts checks that the server's guards let every page read what it reads
 * for every account the table lets in, and refuse it to the accounts the table refuses.
 *
 * Two kinds of rule, checked in this order:
 *  1. The gate of spec §5 (`GATE_RULES`): where the session stands (its `stage`) decides, and each page lists the
 *     stages in which it opens (`opensIn`); a page that does not open goes where the stage sends, with its warning.
 *  2. The accounts of spec §6 (`refuses`): once the gate lets the page through, an account it refuses (a new
 *     account, a freelancer) goes elsewhere with the page's own warning (the server would answer 403 anyway).
 *
 * Imports only the core (domain/): it runs in the router, the machines and the tests alike.
 */
import { REFUSED_WITH, type Account } from '#domain/accounts.ts';
import { normalizePath } from '#domain/page-path.ts';
import type { GateInfo, GateStage, HomeCard, MenuSpot, PageRule, Refusal, StageRedirect } from './page-access.types.ts';

export type { GateStage, AccessWarning, Refusal, MenuSpot, HomeCard, HomeSpot, SignedInAway, PageRule, GateInfo, StageRedirect } from './page-access.types.ts';

export const HOME = '/home';

/** Rule 1: nobody signed in; the full path is remembered to come back to after login. */
export const SIGNED_OUT_REDIRECT: StageRedirect = { sendTo: '/login', rememberReturnUrl: true };

/** Spec §5 rules 2-4 in their order: the first whose condition holds is the stage; none holds: `open`. */
export const GATE_RULES = [
  { stage: 'policiesRequired', holds: (info: GateInfo) => !info.policiesAgreed, sendTo: '/policies', warning: 'general_policiesNotAgreedTo' },
  {
    stage: 'detailsRequired',
    holds: (info: GateInfo) => info.detailsStatus === 'empty',
    sendTo: '/employee-details',
    warning: 'general_employeeDetailsNotComplete',
  },
  // The file may have been reviewed since the info was read: the worker is sent home and the info read again.
  {
    stage: 'detailsUnderReview',
    holds: (info: GateInfo) => info.detailsStatus === 'pending review',
    sendTo: HOME,
    warning: 'general_employeeDetailsAreBeingReviewed',
    refreshInfo: true,
  },
] as const satisfies readonly ({ stage: GateStage; holds: (info: GateInfo) => boolean } & StageRedirect)[];

/** Every stage but the signed-out one: a public page opens in all of them too. */
const SIGNED_IN: readonly GateStage[] = ['policiesRequired', 'detailsRequired', 'detailsUnderReview', 'open'];
/** Anyone, signed in or not; the gate never runs on these pages. */
export const ANYONE: readonly GateStage[] = ['signedOut', ...SIGNED_IN];
/** The usual page: once the policies are agreed and the details file is no longer empty. */
export const PAST_THE_GATE: readonly GateStage[] = ['detailsUnderReview', 'open'];

/** The usual refusal of a new account (spec §6): home, with the server's own words. */
export const NOT_FOR_NEW_ACCOUNTS: Refusal = { who: 'newAccount', sendTo: HOME, warning: `apiError_${REFUSED_WITH.newAccount}` };

/** The table. Paths the table does not list (`/`, `/dummy`, an unknown path) are gated as `PAST_THE_GATE`. */
export const PAGES = [
  // Signed in, nothing to sign in to (the session takes a login only when signed out): on to the page asked, or home.
  { path: '/login', opensIn: ANYONE, menu: { in: 'signedOut', order: 10, label: 'nav_login' }, whenSignedIn: { sendTo: HOME, toReturnUrl: true } },
  { path: '/register', opensIn: ANYONE, menu: { in: 'signedOut', order: 20, label: 'nav_register' } },
  { path: '/reset-password', opensIn: ANYONE, menu: { in: 'signedOut', order: 30, label: 'nav_resetPassword' } },
  { path: '/impersonate', opensIn: ANYONE },
  { path: '/accessibility', opensIn: ANYONE },

  { path: '/policies', opensIn: SIGNED_IN },
  { path: HOME, opensIn: ['detailsRequired', 'detailsUnderReview', 'open'], menu: { in: 'main', order: 10, label: 'nav_home' } },
  {
    path: '/availabilities',
    opensIn: PAST_THE_GATE,
    refuses: [NOT_FOR_NEW_ACCOUNTS],
    menu: { in: 'main', order: 20, label: 'nav_availability' },
    home: { card: 'availabilitySummary' },
  },
  {
    path: '/planning',
    opensIn: PAST_THE_GATE,
    refuses: [NOT_FOR_NEW_ACCOUNTS],
    menu: { in: 'main', order: 30, label: 'nav_planning' },
    home: { card: 'planningSummary' },
  },
  {
    path: '/offers',
    opensIn: PAST_THE_GATE,
    refuses: [NOT_FOR_NEW_ACCOUNTS],
    menu: { in: 'main', order: 32, label: 'nav_offers' },
    home: { card: 'offersSummary' },
  },
  {
    path: '/documents',
    opensIn: PAST_THE_GATE,
    refuses: [NOT_FOR_NEW_ACCOUNTS, { who: 'freelancer', sendTo: HOME, warning: `apiError_${REFUSED_WITH.freelancer}` }],
    menu: { in: 'main', order: 40, label: 'nav_documents' },
  },
  {
    path: '/hours',
    opensIn: PAST_THE_GATE,
    refuses: [NOT_FOR_NEW_ACCOUNTS],
    menu: { in: 'main', order: 34, label: 'nav_hours' },
    home: { card: 'hoursSummary' },
  },
  // Not while the file is under review (rule 4); the entry stays in the menu, the gate says why it does not open.
  { path: '/employee-details', opensIn: ['detailsRequired', 'open'], menu: { in: 'main', order: 50, label: 'nav_employeeDetails' } },
  // "I can't come" (`?mission=`): reached from a mission of the planning or the home, not from a menu. Its card on the
  // home reminds of a medical certificate still due.
  { path: '/absence', opensIn: PAST_THE_GATE, refuses: [NOT_FOR_NEW_ACCOUNTS], home: { card: 'certificateReminder' } },
  // Questions to the agency (docs/decisions/270-conversations.md): a new account too may ask (about its file).
  { path: '/conversations', opensIn: PAST_THE_GATE, menu: { in: 'main', order: 45, label: 'nav_conversations' } },
  // The notification list is reached from the bell of the header (a new account too: its file's approval is news).
  { path: '/notifications', opensIn: PAST_THE_GATE },
  { path: '/notification-settings', opensIn: PAST_THE_GATE, menu: { in: 'user', order: 15, label: 'nav_notificationSettings' } },
  { path: '/user/reset-password', opensIn: PAST_THE_GATE, menu: { in: 'user', order: 10, label: 'nav_changePassword' } },
  // A new account may look (the screen says why it cannot draw yet) but the menu does not offer a dead end.
  {
    path: '/user/manage-signature',
    opensIn: PAST_THE_GATE,
    refuses: [{ who: 'freelancer', sendTo: HOME, warning: 'signature_notForFreelancers' }],
    menu: { in: 'user', order: 20, label: 'nav_manageSignature', hiddenFor: ['newAccount'] },
    home: { card: 'signatureStatus' },
  },
  // The server lists contracts to sign to approved workers only; the home tells a new account they come with approval.
  {
    path: '/digital-signing',
    opensIn: PAST_THE_GATE,
    refuses: [{ who: 'freelancer', sendTo: HOME, warning: 'signature_notForFreelancers' }, NOT_FOR_NEW_ACCOUNTS],
    home: { card: 'documentsToSign', untilApproved: true },
  },
] as const satisfies readonly PageRule[];

/** The message keys of the menu entries (the shell maps each to its message). */
export type MenuLabel = Extract<(typeof PAGES)[number], { menu: unknown }>['menu']['label'];
/** The paths the table lists. */
export type PagePath = (typeof PAGES)[number]['path'];

/** The stage the gate's rules 2-4 give for the info (the session machine's gate guards ask this). */
export function gateStageOf(info: GateInfo): Exclude<GateStage, 'signedOut'> {
  return GATE_RULES.find((rule) => rule.holds(info))?.stage ?? 'open';
}

/** The table's rule for a path; a path it does not list is an ordinary gated page. */
export function pageOf(pathname: string, pages: readonly PageRule[] = PAGES): PageRule {
  const path = normalizePath(pathname);
  return pages.find((page) => page.path === path) ?? { path, opensIn: PAST_THE_GATE };
}

/** A page anyone may open, and any path containing "redirect" (handled outside the app, spec §2). */
export function isPublicPath(pathname: string, pages: readonly PageRule[] = PAGES): boolean {
  return normalizePath(pathname).includes('redirect') || pageOf(pathname, pages).opensIn.includes('signedOut');
}

/** The refusal that applies to this account on this page, if any (spec §6). */
export const refusalOf = (page: PageRule, account: Account): Refusal | undefined => page.refuses?.find((refusal) => account[refusal.who]);

/** Whether the account may open the page once past the gate (the home screen offers only what opens). */
export const mayOpen = (path: PagePath, account: Account, pages: readonly PageRule[] = PAGES): boolean => refusalOf(pageOf(path, pages), account) === undefined;

/** Whether a signed-in account sees the page's menu entry: it may open the page and is not hidden from the entry. */
const seesEntry = (page: PageRule, account: Account): boolean =>
  refusalOf(page, account) === undefined && !(page.menu?.hiddenFor ?? []).some((who) => account[who]);

/**
 * The entries of one menu, in order: signed out, every entry of the `signedOut` menu; signed in, those the
 * account may open and is not hidden from.
 */
export function menuPages(place: MenuSpot['in'], account: Account | null, pages: readonly PageRule[] = PAGES): PageRule[] {
  const shown = (page: PageRule): boolean => page.menu?.in === place && (account === null || seesEntry(page, account));
  return pages.filter(shown).sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
}

/**
 * What each card of the home screen shows to this account: `open` (what the page holds), `afterApproval` (a new
 * account the page refuses until its file is approved: what will open then), or nothing (`false`). No card while
 * the details file is incomplete (§2.5). A card the table does not give a page is never shown.
 */
export function homeCards(account: Account, detailsIncomplete: boolean, pages: readonly PageRule[] = PAGES): Record<HomeCard, HomeCardView> {
  const cards: Record<HomeCard, HomeCardView> = {
    planningSummary: false,
    availabilitySummary: false,
    offersSummary: false,
    hoursSummary: false,
    certificateReminder: false,
    documentsToSign: false,
    signatureStatus: false,
  };
  if (detailsIncomplete) return cards;
  for (const page of pages) {
    if (!page.home) continue;
    const refusal = refusalOf(page, account);
    if (seesEntry(page, account)) cards[page.home.card] = 'open';
    else if (page.home.untilApproved && refusal?.who === 'newAccount') cards[page.home.card] = 'afterApproval';
  }
  return cards;
}

export type HomeCardView = 'open' | 'afterApproval' | false;

/**
 * Where a signed-in worker asking for a page for signed-out visitors goes instead (`returnUrl`: the `?redirect` the
 * page was asked with, already checked as a same-origin path), or null: the page opens.
 */
export function signedInAway(pathname: string, returnUrl: string | null, pages: readonly PageRule[] = PAGES): string | null {
  const away = pageOf(pathname, pages).whenSignedIn;
  if (!away) return null;
  return (away.toReturnUrl ? returnUrl : null) ?? away.sendTo;
}
