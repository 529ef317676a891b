/**
 * The types of the session machine (machines/session.machine.ts): the user and general info of spec §3 as the
 * contract sends them (structurally compatible with openapi.yaml), its context and its events. The enumerations
 * are domain's (the codes the server and the forms use too).
 */
import type { LOCALES } from '#domain/constants.ts';
import type { DetailsStatus, SignatureStatusCode, Statute } from '#domain/enums.ts';

type ValueOf<T> = T[keyof T];
export type Locale = (typeof LOCALES)[number];

/** The current user of spec §3 (CurrentUser in openapi.yaml). */
export type CurrentUser = {
  token: string;
  username: string;
  locale: Locale;
  email: string;
  statute: ValueOf<typeof Statute>;
  details: ValueOf<typeof DetailsStatus>;
  signatureStatus: ValueOf<typeof SignatureStatusCode>;
  newAccount: boolean;
  hasEmailBeenValidated: boolean;
  shouldRedirectToDetailsPage: boolean;
  blockAccessToDetailsPage: boolean;
  expiresAt: string;
};

/**
 * The general info (GeneralInfo in openapi.yaml). Every field is optional here because a failed read yields the
 * empty object `{}`; session.selectors.ts applies the defaults of §9.
 */
export type GeneralInfo = {
  /** The display name and address: the stored user does not keep them (docs/decisions/075). */
  username?: string;
  email?: string;
  agreedWithGdprPolicy?: boolean;
  agreedToLabourRegulations?: boolean;
  employeeDetailsStatus?: 'empty' | 'pending review' | 'validated';
  emailHasBeenValidated?: boolean;
  signatureStatus?: 'none' | 'pending review' | 'validated' | 'rejected';
  newAccount?: boolean;
  statute?: ValueOf<typeof Statute>;
  hasAValidSignatureBeenCreated?: boolean;
  /** When both policies were first agreed (ISO instant); null when not, or not known. */
  policiesAgreedAt?: string | null;
  /** The session was opened with an impersonation token (an agency's support session). */
  supportSession?: boolean;
};

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
