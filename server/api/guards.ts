/**
 * The permissions of spec §6, as guards run before an operation reads its input. Who an account is (a new account,
 * a freelancer) and the error each is refused with are the core's (domain/accounts.ts), as for the access table of
 * the pages; tests/server/guards-and-page-access.test.ts checks, for every page and account, that what the table
 * opens the guards let the page read, and that what it refuses they refuse.
 */
import { REFUSED_WITH, accountOf, type Audience } from '#domain/accounts.ts';
import { DetailsStatus, SignatureStatusCode } from '#domain/enums.ts';
import type { Worker } from '../services/workers.ts';
import { ApiFailure, forbidden } from './errors.ts';
import type { AnyRequest } from './operation.ts';

const signedIn = (req: AnyRequest): Worker => {
  if (!req.worker) throw new ApiFailure(401, 'unauthorized');
  return req.worker;
};

/** 403 with the audience's own error when the signed-in worker is of it. */
const refuse = (req: AnyRequest, who: Audience) => {
  const worker = signedIn(req);
  if (accountOf({ newAccount: worker.new_account, statute: worker.statute })[who]) throw forbidden(REFUSED_WITH[who]);
};

/** Availabilities, planning: only once the file has been approved (the account is no longer new). */
export const approvedAccount = (req: AnyRequest) => refuse(req, 'newAccount');

/** Documents and the signature: not for freelancers; documents also need an approved account. */
export const notFreelance = (req: AnyRequest) => refuse(req, 'freelancer');
export const documentsAllowed = (req: AnyRequest) => {
  notFreelance(req);
  approvedAccount(req);
};

/** Signing contracts needs a validated signature. */
export const canSign = (req: AnyRequest) => {
  documentsAllowed(req);
  if (signedIn(req).signature_status !== SignatureStatusCode.Validated) throw forbidden('signature_required');
};

/** The details file: both policies agreed first, and frozen while under review. */
export const detailsEditable = (req: AnyRequest) => {
  const worker = signedIn(req);
  if (!worker.agreed_gdpr || !worker.agreed_labour) throw forbidden('policies_not_agreed');
  if (worker.details_status === DetailsStatus.PendingReview) throw new ApiFailure(409, 'details_under_review');
};

export const me = signedIn;

/** The bearer token of a signed-in call (a logout revokes it). */
export const myToken = (req: AnyRequest): string => {
  if (!req.worker || !req.token) throw new ApiFailure(401, 'unauthorized');
  return req.token;
};
