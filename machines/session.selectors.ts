/**
 * What views and the router read from a session snapshot. Views never re-derive these rules.
 * The defaults of spec §9 for a missing info (newAccount true, signatureStatus 'rejected') live here only.
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { accountOf, type Account } from '#domain/accounts.ts';
import { GATE_RULES, HOME, gateStageOf, homeCards, mayOpen, menuPages, type GateInfo, type GateStage, type PageRule } from './page-access.ts';
import { routeGate, type AccessFacts, type GateDecision, type GateRoute } from './route-gate.ts';
import type { sessionMachine } from './session.machine.ts';
import { EMPTY_INFO, type CurrentUser, type GeneralInfo } from './session.types.ts';

/** The session actor the app starts once (src/app.tsx); routes and views take it from src/router-context.ts. */
export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The general info with the defaults of §3/§9 applied (what every view should read). */
export type EffectiveInfo = {
  agreedWithGdprPolicy: boolean;
  agreedToLabourRegulations: boolean;
  employeeDetailsStatus: GateInfo['detailsStatus'];
  emailHasBeenValidated: boolean;
  signatureStatus: 'none' | 'pending review' | 'validated' | 'rejected';
  newAccount: boolean;
  statute: CurrentUser['statute'] | null;
  hasAValidSignatureBeenCreated: boolean;
};

/** The router waits while this is true (restoring, signing in, reading the info). */
export const isPending = (s: SessionSnapshot): boolean => s.hasTag('pending');
/** The stored sign-in has been read (signed in or not): what a public page waits for. */
export const isRestored = (s: SessionSnapshot): boolean => !s.matches('restoring');
export const isBusy = (s: SessionSnapshot): boolean => s.hasTag('busy');
/** The token is being revoked before the reload: the shell shows the loading overlay. */
export const isLoggingOut = (s: SessionSnapshot): boolean => s.matches('loggingOut');
export const isSignedIn = (s: SessionSnapshot): boolean => s.context.user !== null;
/**
 * Signed in, and known well enough to draw the menus: the general info read at least once (or its read failed: the
 * empty info then), or a sign-in that just answered with the account's name (a login, a support session: the worker
 * acted, and the user menu names them while the info is read). A session restored from storage has no name (decision
 * 075): a menu drawn from the defaults (a new account's) would show, then grow once the info came, pushing the sidebar
 * down twice on a page load (a layout shift).
 */
export const knowsAccount = (s: SessionSnapshot): boolean => s.context.user !== null && (s.context.info !== null || Boolean(s.context.user.username));
/**
 * Who is signed in, for the user menu and the screens that name the account: the info read from the server,
 * else what the login answered. A user restored from storage has neither name nor address (decision 075)
 * until the info arrives.
 */
export const displayName = (s: SessionSnapshot): string => s.context.info?.username ?? s.context.user?.username ?? '';
export const accountEmail = (s: SessionSnapshot): string => s.context.info?.email ?? s.context.user?.email ?? '';

/** The login view: refused, and why (the ApiError code, e.g. 'unauthorized' or 'too_many_attempts'). */
export const loginError = (s: SessionSnapshot): string | null => (s.matches({ signedOut: 'loginFailed' }) ? s.context.errorCode : null);
export const impersonationFailed = (s: SessionSnapshot): boolean => s.matches({ signedOut: 'impersonationFailed' });

export function effectiveInfo(s: SessionSnapshot): EffectiveInfo {
  const info: GeneralInfo = s.context.info ?? EMPTY_INFO;
  const user = s.context.user;
  return {
    agreedWithGdprPolicy: info.agreedWithGdprPolicy ?? false,
    agreedToLabourRegulations: info.agreedToLabourRegulations ?? false,
    employeeDetailsStatus: info.employeeDetailsStatus ?? null,
    emailHasBeenValidated: info.emailHasBeenValidated ?? user?.hasEmailBeenValidated ?? false,
    signatureStatus: info.signatureStatus ?? 'rejected',
    newAccount: info.newAccount ?? true,
    statute: info.statute ?? user?.statute ?? null,
    hasAValidSignatureBeenCreated: info.hasAValidSignatureBeenCreated ?? false,
  };
}

/** Both policies agreed (gate rule 2 passed): /policies then shows the read-only "accepted on" view. */
export const policiesAgreed = (s: SessionSnapshot): boolean => {
  const info = effectiveInfo(s);
  return info.agreedWithGdprPolicy && info.agreedToLabourRegulations;
};
/** When both policies were agreed (ISO instant), or null when the server does not know (an older agreement). */
export const policiesAgreedAt = (s: SessionSnapshot): string | null => (policiesAgreed(s) ? (s.context.info?.policiesAgreedAt ?? null) : null);

/**
 * A support session is running: someone of the agency signed in as this worker with an impersonation token (the
 * server says so in the info, so it holds after a reload too). The shell shows a banner with a way to end it.
 */
export const isSupportSession = (s: SessionSnapshot): boolean => s.context.user !== null && s.context.info?.supportSession === true;

/** §4: 'pending review' and 'validated' both count as a valid signature (the signing machine's input). */
export const hasValidSignature = (s: SessionSnapshot): boolean => {
  const status = effectiveInfo(s).signatureStatus;
  return status === 'pending review' || status === 'validated';
};

export const isNewAccount = (s: SessionSnapshot): boolean => effectiveInfo(s).newAccount;

/** Who the account is, for the pages of spec §6 (page-access.ts `refuses`, the menus); domain/accounts.ts says how. */
export function account(s: SessionSnapshot): Account {
  return accountOf(effectiveInfo(s));
}

/**
 * Whether the table lets this worker open a page, for a screen that offers a way to it (an offer taken leads to the
 * contract to sign, for those who sign contracts).
 */
export const mayOpenPage = (s: SessionSnapshot, path: Parameters<typeof mayOpen>[0]): boolean => mayOpen(path, account(s));

/** Which rule of the gate holds now, as the machine's state says it. */
export function gateState(s: SessionSnapshot): Exclude<GateStage, 'signedOut'> | null {
  if (s.matches({ signedIn: 'policiesRequired' })) return 'policiesRequired';
  if (s.matches({ signedIn: 'detailsRequired' })) return 'detailsRequired';
  if (s.matches({ signedIn: 'detailsUnderReview' })) return 'detailsUnderReview';
  if (s.matches({ signedIn: 'open' })) return 'open';
  return null;
}

/**
 * The facts the route gate judges: the stage the session's gate stands in. While logging out the worker is still
 * signed in but in no gate state; the info is unchanged, so the table's rules give the stage the machine left
 * (the page stays judged as it was until the logout's own navigation).
 */
export function accessFacts(s: SessionSnapshot): AccessFacts {
  if (s.context.user === null) return { stage: 'signedOut', account: account(s) };
  const info = effectiveInfo(s);
  const stage =
    gateState(s) ?? gateStageOf({ policiesAgreed: info.agreedWithGdprPolicy && info.agreedToLabourRegulations, detailsStatus: info.employeeDetailsStatus });
  return { stage, account: account(s) };
}

/** The route guard's answer for a page (call it once `isPending` is false). */
export const gateDecision = (s: SessionSnapshot, route: GateRoute): GateDecision => routeGate(route, accessFacts(s));

const DETAILS_REQUIRED = GATE_RULES.find((rule) => rule.stage === 'detailsRequired')!;

/**
 * Where the worker goes once the policies are agreed and the info read again: where the gate sends while the
 * details file is empty (rule 3), else home; null while the gate still stops at the policies (the info read
 * failed) or nobody is signed in (a 401 meanwhile): the worker stays where the session put them.
 */
export function landingAfterPolicies(s: SessionSnapshot): string | null {
  const gate = gateState(s);
  if (gate === 'detailsRequired') return DETAILS_REQUIRED.sendTo;
  if (gate === 'detailsUnderReview' || gate === 'open') return HOME;
  return null;
}

/** The signed-in menus of spec §2 and §6: the pages of the access table the account sees, in order. */
export function menu(s: SessionSnapshot): { main: PageRule[]; user: PageRule[] } {
  const who = account(s);
  return { main: menuPages('main', who), user: menuPages('user', who) };
}

/** The notices and calls-to-action of the home screen (§2 Home). */
export function homeNotices(s: SessionSnapshot) {
  return homeNoticesOf(effectiveInfo(s), account(s));
}

/**
 * The same from the facts it takes: also what a stored sign-in says before the info is read, to start the summary's
 * calls early (src/early-calls.ts; the loader still decides with the info read). Each card is the access table's
 * (page-access.ts `homeCards`): it shows what a page holds to those the table lets see the page, not while the file
 * is incomplete; a new account is told what opens once its file is approved.
 */
export function homeNoticesOf(info: Pick<EffectiveInfo, 'employeeDetailsStatus' | 'emailHasBeenValidated'>, who: Account) {
  const incomplete = info.employeeDetailsStatus === 'empty';
  return {
    detailsIncomplete: incomplete,
    detailsUnderReview: info.employeeDetailsStatus === 'pending review',
    emailNotValidated: !info.emailHasBeenValidated,
    ...homeCards(who, incomplete),
  };
}
