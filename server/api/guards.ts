/**
 * The permissions of spec §6, as guards run before an operation reads its input.
 */
import { DetailsStatus, SignatureStatusCode, Statute } from '../../src/domain/enums.ts';
import type { Worker } from '../services/workers.ts';
import { ApiFailure, forbidden } from './errors.ts';
import type { OpRequest } from './router.ts';

const signedIn = (req: OpRequest): Worker => {
  if (!req.worker) throw new ApiFailure(401, 'unauthorized');
  return req.worker;
};

/** Availabilities, planning: only once the file has been approved (the account is no longer new). */
export const approvedAccount = (req: OpRequest) => {
  if (signedIn(req).new_account) throw forbidden('account_not_approved');
};

/** Documents and the signature: not for freelancers; documents also need an approved account. */
export const notFreelance = (req: OpRequest) => {
  if (signedIn(req).statute === Statute.Freelance) throw forbidden('freelance_not_allowed');
};
export const documentsAllowed = (req: OpRequest) => {
  notFreelance(req);
  approvedAccount(req);
};

/** Signing contracts needs a validated signature. */
export const canSign = (req: OpRequest) => {
  documentsAllowed(req);
  if (signedIn(req).signature_status !== SignatureStatusCode.Validated) throw forbidden('signature_required');
};

/** The details file: both policies agreed first, and frozen while under review. */
export const detailsEditable = (req: OpRequest) => {
  const worker = signedIn(req);
  if (!worker.agreed_gdpr || !worker.agreed_labour) throw forbidden('policies_not_agreed');
  if (worker.details_status === DetailsStatus.PendingReview) throw new ApiFailure(409, 'details_under_review');
};

export const me = signedIn;
