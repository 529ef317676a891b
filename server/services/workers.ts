/**
 * The worker's account row and the two views the contract derives from it (CurrentUser, GeneralInfo).
 */
import type { CurrentUser, GeneralInfo, Locale } from '#domain/api-schema.ts';
import { DetailsStatus, SignatureStatusCode } from '#domain/enums.ts';
import { one, type Queryable } from '../storage/db.ts';

export type StoredDetails = {
  contactInfo?: Record<string, unknown>;
  legal?: Record<string, unknown>;
  generalInfo?: Record<string, unknown>;
};

export type Worker = {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  locale: Locale;
  statute: 1 | 2 | 3;
  details_status: 0 | 1 | 2;
  new_account: boolean;
  email_validated: boolean;
  agreed_gdpr: boolean;
  agreed_labour: boolean;
  /** The first agreement to both policies (null before it, or for an agreement older than migration 005). */
  policies_agreed_at: Date | null;
  details: StoredDetails;
  signature_value: string | null;
  signature_status: 0 | 1 | 2 | 3;
  /** Set on the worker of an authenticated call (tokens.ts `sessionWorker`): the session is a support session. */
  session_impersonated?: boolean;
};

const COLUMN_NAMES = [
  'id',
  'email',
  'password_hash',
  'first_name',
  'last_name',
  'locale',
  'statute',
  'details_status',
  'new_account',
  'email_validated',
  'agreed_gdpr',
  'agreed_labour',
  'policies_agreed_at',
  'details',
  'signature_value',
  'signature_status',
] as const;
const COLUMNS = COLUMN_NAMES.join(', ');
/** The same columns qualified with a table alias, for a join (`w.id, w.email, …`). */
export const workerColumns = (alias: string) => COLUMN_NAMES.map((c) => `${alias}.${c}`).join(', ');

/** E-mail addresses are compared lower-cased and trimmed. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export const workerById = (db: Queryable, id: string) => one<Worker>(db, `SELECT ${COLUMNS} FROM workers WHERE id = $1`, [id]);
export const workerByEmail = (db: Queryable, email: string) => one<Worker>(db, `SELECT ${COLUMNS} FROM workers WHERE email = $1`, [normalizeEmail(email)]);
/** The workers of these addresses, in one query, by their normalised address (an unknown one is absent). */
export async function workersByEmail(db: Queryable, emails: readonly string[]): Promise<Map<string, Worker>> {
  const rows = await db.query<Worker>(`SELECT ${COLUMNS} FROM workers WHERE email = ANY($1::text[])`, [[...new Set(emails.map(normalizeEmail))]]);
  return new Map(rows.map((w) => [w.email, w]));
}

const DETAILS_TEXT = { 0: 'empty', 1: 'pending review', 2: 'validated' } as const;
const SIGNATURE_TEXT = { 0: 'none', 1: 'pending review', 2: 'validated', 3: 'rejected' } as const;

export function generalInfo(w: Worker): GeneralInfo {
  return {
    username: displayName(w),
    email: w.email,
    agreedWithGdprPolicy: w.agreed_gdpr,
    agreedToLabourRegulations: w.agreed_labour,
    employeeDetailsStatus: DETAILS_TEXT[w.details_status],
    emailHasBeenValidated: w.email_validated,
    signatureStatus: SIGNATURE_TEXT[w.signature_status],
    newAccount: w.new_account,
    statute: w.statute,
    // Spec §4: 'pending review' and 'validated' both count as a valid signature.
    hasAValidSignatureBeenCreated: w.signature_status === SignatureStatusCode.PendingReview || w.signature_status === SignatureStatusCode.Validated,
    policiesAgreedAt: w.agreed_gdpr && w.agreed_labour && w.policies_agreed_at ? new Date(w.policies_agreed_at).toISOString() : null,
    supportSession: w.session_impersonated === true,
  };
}

const displayName = (w: Worker) => `${w.first_name} ${w.last_name}`.trim().slice(0, 201);

export function currentUser(w: Worker, session: { token: string; expiresAt: Date }): CurrentUser {
  return {
    token: session.token,
    username: displayName(w),
    locale: w.locale,
    email: w.email,
    statute: w.statute,
    details: w.details_status,
    signatureStatus: w.signature_status,
    newAccount: w.new_account,
    hasEmailBeenValidated: w.email_validated,
    shouldRedirectToDetailsPage: w.details_status === DetailsStatus.Empty,
    blockAccessToDetailsPage: w.details_status === DetailsStatus.PendingReview,
    expiresAt: session.expiresAt.toISOString(),
  };
}
