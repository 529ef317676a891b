/**
 * The shapes of the page-access table (page-access.ts, which re-exports them): its rules, the gate's stages, the
 * warnings, menu entries and home cards it names. Imports only the core (domain/).
 */
import type { Audience } from '#domain/accounts.ts';

/** Where the session's gate stands: rule 1 (`signedOut`), rules 2-4, or nothing gates the worker (`open`). */
export type GateStage = 'signedOut' | 'policiesRequired' | 'detailsRequired' | 'detailsUnderReview' | 'open';

/** The warnings a refusal shows (message keys; the router's toast store knows each one). */
export type AccessWarning =
  | 'general_policiesNotAgreedTo'
  | 'general_employeeDetailsNotComplete'
  | 'general_employeeDetailsAreBeingReviewed'
  | 'apiError_account_not_approved'
  | 'apiError_freelance_not_allowed'
  | 'signature_notForFreelancers';

export type Refusal = { who: Audience; sendTo: string; warning: AccessWarning };

/**
 * A menu entry: `main` (the sidebar), `user` (the user dropdown) or `signedOut` (the sidebar before login);
 * `order` sorts the entries of one menu; `label` is the message key of the entry. Signed in, an entry shows to
 * every account the page does not refuse, except `hiddenFor` (a page that opens but leads nowhere useful for them).
 */
export type MenuSpot = { in: 'main' | 'user' | 'signedOut'; order: number; label: `nav_${string}`; hiddenFor?: readonly Audience[] };

/** The cards of the home screen (§2.5), each about one page (its `home`). */
export type HomeCard =
  | 'planningSummary'
  | 'availabilitySummary'
  | 'offersSummary'
  | 'hoursSummary'
  | 'certificateReminder'
  | 'documentsToSign'
  | 'signatureStatus';

/**
 * The page's card on the home screen: shown (unless the details file is incomplete) to whom the page's menu entry
 * shows (to whom the page opens, when it has no entry or one that hides from nobody); `untilApproved`: shown to a
 * new account the page refuses too, saying what opens once the file is approved.
 */
export type HomeSpot = { card: HomeCard; untilApproved?: true };

/**
 * A page for signed-out visitors: where a signed-in worker asking for it goes instead, `sendTo`, or with
 * `toReturnUrl` the page the `?redirect` of a forced login names, when it is a same-origin path.
 */
export type SignedInAway = { sendTo: string; toReturnUrl?: true };

export type PageRule = {
  /** Lower-case, no trailing slash: as `normalizePath` (domain/page-path.ts) gives it. */
  path: string;
  /** The gate stages in which the page opens. */
  opensIn: readonly GateStage[];
  /** Accounts the page refuses once the gate let them through; the first that applies decides. */
  refuses?: readonly Refusal[];
  menu?: MenuSpot;
  home?: HomeSpot;
  /** A public page a signed-in worker has no use for (the login): where they go instead. */
  whenSignedIn?: SignedInAway;
};

/** The facts of the gate's rules 2-4, as the general info gives them. */
export type GateInfo = { policiesAgreed: boolean; detailsStatus: 'empty' | 'pending review' | 'validated' | null };

/** Where a stage sends a page that does not open in it. */
export type StageRedirect = { sendTo: string; warning?: AccessWarning; rememberReturnUrl?: true; refreshInfo?: true };
