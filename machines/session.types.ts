/**
 * The types of the session machine (machines/session.machine.ts): its context and its events. The user and the
 * general info of spec §3 are the contract's (#domain/api-schema.ts CurrentUser, GeneralInfo).
 */
import type { CurrentUser, GeneralInfo as ApiGeneralInfo, Locale } from '#domain/api-schema.ts';
import { eventOf, outputOf } from './invokes.ts';
import { gateStageOf } from './page-access.ts';

export type { CurrentUser, Locale };

/**
 * The general info as the session holds it: every field of the contract's may be missing, because a failed read
 * yields the empty object `{}`; session.selectors.ts applies the defaults of §9.
 */
export type GeneralInfo = Partial<ApiGeneralInfo>;

export type NavigateParams = { to: string; returnHere?: boolean };

export type RestoreOutput = { user: CurrentUser | null; loggedOut: boolean };
export type LoginInput = { username: string; password: string; remember: boolean };

export type SessionContext = {
  user: CurrentUser | null;
  info: GeneralInfo | null;
  /** How the stored user must be kept (remember-me); impersonation is never remembered. */
  remember: boolean;
  /** Where the current sign-in lands once the info is read (the checked return URL, or '/'); null once signed out. */
  landing: string | null;
  /** The `code` of the last failed sign-in (e.g. 'unauthorized', 'too_many_attempts'), for the login view. */
  errorCode: string | null;
};

export type SessionEvent =
  | { type: 'session.login'; email: string; password: string; remember: boolean; returnUrl?: string | null }
  | { type: 'session.impersonate'; token: string }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' }
  | { type: 'session.refreshInfo' }
  | { type: 'session.policiesAgreed' }
  | { type: 'session.detailsSubmitted' }
  | { type: 'session.passwordChanged' };

/** The empty info object of §3/§9 (a failed info read). */
export const EMPTY_INFO: GeneralInfo = {};

/** What the restore found (the output of `restoreUser`). */
export const restored = (event: { type: string }) => outputOf<RestoreOutput>(event, 'restoreUser');
const infoIn = (context: SessionContext): GeneralInfo => context.info ?? EMPTY_INFO;
/** The stage the access table's gate rules give for the info (page-access.ts): the gate state's guards ask it. */
export const stageOf = (context: SessionContext) => {
  const info = infoIn(context);
  return gateStageOf({
    policiesAgreed: info.agreedWithGdprPolicy === true && info.agreedToLabourRegulations === true,
    detailsStatus: info.employeeDetailsStatus ?? null,
  });
};
/** The login actor's input: the password goes from the event to the actor, never into the context. */
export const loginInputOf = (event: SessionEvent): LoginInput => {
  const { email, password, remember } = eventOf(event, 'session.login');
  return { username: email, password, remember };
};
