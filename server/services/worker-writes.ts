/**
 * Every write to the `workers` table, as named steps of a worker's life: registered, e-mail validated, policies
 * agreed, a step of the details file saved, the file sent for review and approved, a signature drawn and reviewed,
 * a password changed. Handlers, the demo seed and the tooling that prepares workers call these; no other module
 * writes the table, so a new column or rule on a worker's row has one place to go. (The PGlite session cache learns
 * of these writes from the SQL itself: storage/write-watch.ts.)
 */
import type { Locale } from '#domain/api-schema.ts';
import { DetailsStatus, SignatureStatusCode } from '#domain/enums.ts';
import type { Queryable } from '../storage/db.ts';
import type { StoredDetails, Worker } from './workers.ts';

/** A new row. Only the first fields are required: a registration; the others are for the seed and the tooling. */
export type NewWorker = {
  id: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  locale: Locale;
  createdAt: Date;
  statute?: Worker['statute'];
  detailsStatus?: Worker['details_status'];
  emailValidated?: boolean;
  /** Both policies agreed at this time. */
  policiesAgreedAt?: Date;
  details?: StoredDetails;
  signature?: { value: string; status: Worker['signature_status'] };
};

/** Inserts the worker; false when the e-mail address already has an account (the unique index decides a race). */
export async function insertWorker(db: Queryable, w: NewWorker): Promise<boolean> {
  const agreed = w.policiesAgreedAt !== undefined;
  const detailsStatus = w.detailsStatus ?? DetailsStatus.Empty;
  try {
    await db.query(
      `INSERT INTO workers (id, email, password_hash, first_name, last_name, locale, statute, details_status, new_account, email_validated,
         agreed_gdpr, agreed_labour, policies_agreed_at, details, signature_value, signature_status, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12, $13, $14, $15, $16)`,
      [
        w.id,
        w.email,
        w.passwordHash,
        w.firstName,
        w.lastName,
        w.locale,
        w.statute ?? 1,
        detailsStatus,
        // An account stays new until the agency approves its file.
        detailsStatus !== DetailsStatus.Validated,
        w.emailValidated ?? false,
        agreed,
        w.policiesAgreedAt ?? null,
        JSON.stringify(w.details ?? {}),
        w.signature?.value ?? null,
        w.signature?.status ?? SignatureStatusCode.None,
        w.createdAt,
      ],
    );
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

export async function markEmailValidated(db: Queryable, workerId: string): Promise<void> {
  await db.query('UPDATE workers SET email_validated = true WHERE id = $1', [workerId]);
}

/** Answers the worker's e-mail address (the reset clears the limits counted at it). */
export async function setPasswordHash(db: Queryable, workerId: string, hash: string): Promise<string | null> {
  const [row] = await db.query<{ email: string }>('UPDATE workers SET password_hash = $2 WHERE id = $1 RETURNING email', [workerId, hash]);
  return row?.email ?? null;
}

/** Both policies; the date of the first agreement stays (agreeing again in another tab does not move it). */
export async function agreeToPolicies(db: Queryable, workerId: string, now: Date): Promise<void> {
  await db.query('UPDATE workers SET agreed_gdpr = true, agreed_labour = true, policies_agreed_at = COALESCE(policies_agreed_at, $2) WHERE id = $1', [
    workerId,
    now,
  ]);
}

/** A step of the details file; the first step also renames the worker, the second may set their statute. */
export async function saveDetails(
  db: Queryable,
  workerId: string,
  details: StoredDetails,
  also: { name?: { first: string; last: string }; statute?: Worker['statute'] } = {},
): Promise<void> {
  await db.query(
    `UPDATE workers SET details = $2, first_name = COALESCE($3, first_name), last_name = COALESCE($4, last_name), statute = COALESCE($5, statute)
     WHERE id = $1`,
    [workerId, JSON.stringify(details), also.name?.first ?? null, also.name?.last ?? null, also.statute ?? null],
  );
}

export async function submitDetailsForReview(db: Queryable, workerId: string): Promise<void> {
  await db.query('UPDATE workers SET details_status = $2 WHERE id = $1', [workerId, DetailsStatus.PendingReview]);
}

/** The agency approves the file: the account is no longer new. */
export async function approveDetails(db: Queryable, workerId: string): Promise<void> {
  await db.query('UPDATE workers SET details_status = $2, new_account = false WHERE id = $1', [workerId, DetailsStatus.Validated]);
}

/** A newly drawn signature waits for the agency's review. */
export async function saveSignature(db: Queryable, workerId: string, value: string): Promise<void> {
  await db.query('UPDATE workers SET signature_value = $2, signature_status = $3 WHERE id = $1', [workerId, value, SignatureStatusCode.PendingReview]);
}

export async function setSignatureStatus(db: Queryable, workerId: string, status: Worker['signature_status']): Promise<void> {
  await db.query('UPDATE workers SET signature_status = $2 WHERE id = $1', [workerId, status]);
}
