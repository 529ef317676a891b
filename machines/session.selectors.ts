/**
 * What views and the router read from a session snapshot. Views never re-derive these rules.
 * The defaults of spec §9 for a missing info (newAccount true, signatureStatus 'rejected') live here only.
 */
import type { SnapshotFrom } from 'xstate';
import { routeGate, type DetailsStatusText, type GateDecision, type GateFacts, type GateRoute } from './route-gate.ts';
import type { sessionMachine } from './session.machine.ts';
import { EMPTY_INFO, type GeneralInfo } from './session.types.ts';

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The general info with the defaults of §3/§9 applied (what every view should read). */
export type EffectiveInfo = {
  agreedWithGdprPolicy: boolean;
  agreedToLabourRegulations: boolean;
  employeeDetailsStatus: DetailsStatusText | null;
  emailHasBeenValidated: boolean;
  signatureStatus: 'none' | 'pending review' | 'validated' | 'rejected';
  newAccount: boolean;
  statute: 1 | 2 | 3 | null;
  hasAValidSignatureBeenCreated: boolean;
};

const FREELANCE = 3;

/** The router waits while this is true (restoring, signing in, reading the info). */
export const isPending = (s: SessionSnapshot): boolean => s.hasTag('pending');
/** The stored sign-in has been read (signed in or not): what a public page waits for. */
export const isRestored = (s: SessionSnapshot): boolean => !s.matches('restoring');
export const isBusy = (s: SessionSnapshot): boolean => s.hasTag('busy');
export const isSignedIn = (s: SessionSnapshot): boolean => s.context.user !== null;
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

/** §4: 'pending review' and 'validated' both count as a valid signature (the signing machine's input). */
export const hasValidSignature = (s: SessionSnapshot): boolean => {
  const status = effectiveInfo(s).signatureStatus;
  return status === 'pending review' || status === 'validated';
};

export const isNewAccount = (s: SessionSnapshot): boolean => effectiveInfo(s).newAccount;
export const isFreelance = (s: SessionSnapshot): boolean => effectiveInfo(s).statute === FREELANCE;

/** The facts the route gate judges. */
export function gateFacts(s: SessionSnapshot): GateFacts {
  if (s.context.user === null) return { signedIn: false };
  const info = effectiveInfo(s);
  return {
    signedIn: true,
    policiesAgreed: info.agreedWithGdprPolicy && info.agreedToLabourRegulations,
    detailsStatus: info.employeeDetailsStatus,
  };
}

/** The route guard's answer for a page (call it once `isPending` is false). */
export const gateDecision = (s: SessionSnapshot, route: GateRoute): GateDecision => routeGate(route, gateFacts(s));

/** Which rule of the gate holds now, as the machine's state says it. */
export function gateState(s: SessionSnapshot): 'policiesRequired' | 'detailsRequired' | 'detailsUnderReview' | 'open' | null {
  if (s.matches({ signedIn: 'policiesRequired' })) return 'policiesRequired';
  if (s.matches({ signedIn: 'detailsRequired' })) return 'detailsRequired';
  if (s.matches({ signedIn: 'detailsUnderReview' })) return 'detailsUnderReview';
  if (s.matches({ signedIn: 'open' })) return 'open';
  return null;
}

/**
 * Where the worker goes once the policies are agreed and the info read again: the details file while it is empty
 * (gate rule 3), else home; null while the gate still stops at the policies (the info read failed) or nobody is
 * signed in (a 401 meanwhile): the worker stays where the session put them.
 */
export function landingAfterPolicies(s: SessionSnapshot): '/employee-details' | '/home' | null {
  const gate = gateState(s);
  if (gate === 'detailsRequired') return '/employee-details';
  if (gate === 'detailsUnderReview' || gate === 'open') return '/home';
  return null;
}

/** The signed-in menus of §2 and §6. */
export function menu(s: SessionSnapshot) {
  const info = effectiveInfo(s);
  const freelance = info.statute === FREELANCE;
  return {
    availability: !info.newAccount,
    planning: !info.newAccount,
    documents: !info.newAccount && !freelance,
    employeeDetails: true,
    manageSignature: !info.newAccount && !freelance,
  };
}

/** The notices and calls-to-action of the home screen (§2 Home). */
export function homeNotices(s: SessionSnapshot) {
  const info = effectiveInfo(s);
  const freelance = info.statute === FREELANCE;
  const incomplete = info.employeeDetailsStatus === 'empty';
  return {
    detailsIncomplete: incomplete,
    detailsUnderReview: info.employeeDetailsStatus === 'pending review',
    emailNotValidated: !info.emailHasBeenValidated,
    // A new account is refused the planning (403 account_not_approved, §6): no summary to show it.
    planningSummary: !incomplete && !info.newAccount,
    // What a freelancer can do too (issue 21): the month's availabilities, for everyone who may set them (§6).
    availabilitySummary: !incomplete && !info.newAccount,
    documentsToSign: !incomplete && !freelance,
    signatureStatus: !incomplete && !freelance && !info.newAccount,
  };
}
