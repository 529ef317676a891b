/**
 * The signed-in worker's flags, details file and signature (tag user of openapi.yaml).
 */
import * as v from 'valibot';
import type { GeneralInfo, PersonalDetails, Signature, SignatureUpdate } from '../../src/api/schema.ts';
import { policiesForm } from '../../src/domain/auth-forms.ts';
import { SignatureStatusCode } from '../../src/domain/enums.ts';
import { V } from '../../src/domain/validation-keys.ts';
import { imagesOnFile, personalDetails } from '../services/details-view.ts';
import { generalInfo, workerById, type Worker } from '../services/workers.ts';
import { approvedAccount, me, notFreelance } from './guards.ts';
import { issuesFromValibot } from './issues.ts';
import type { Operations } from './router.ts';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
export const isPng = (bytes: Uint8Array) => bytes.length >= 8 && PNG_MAGIC.every((b, i) => bytes[i] === b);

export const signatureView = (w: Pick<Worker, 'signature_value' | 'signature_status'>): Signature => ({
  value: w.signature_value,
  status: w.signature_status,
});

export const userOperations = {
  getGeneralInfo: {
    handle: (req) => req.c.json<GeneralInfo>(generalInfo(me(req))),
  },
  updatePolicies: {
    rules: ({ body }) => issuesFromValibot(v.safeParse(policiesForm, body).issues, (p) => p[0] ?? ''),
    async handle(req) {
      const { db } = req.deps;
      // The date of the first agreement stays: agreeing again (another tab) does not move it.
      await db.query('UPDATE workers SET agreed_gdpr = true, agreed_labour = true, policies_agreed_at = COALESCE(policies_agreed_at, $2) WHERE id = $1', [
        me(req).id,
        req.now,
      ]);
      // Read again for the new flags; the session's own facts (a support session) stay the caller's.
      const worker = (await workerById(db, me(req).id))!;
      return req.c.json<GeneralInfo>(generalInfo({ ...worker, session_impersonated: me(req).session_impersonated === true }));
    },
  },
  getPersonalDetails: {
    async handle(req) {
      const worker = me(req);
      return req.c.json<PersonalDetails>(personalDetails(worker, await imagesOnFile(req.deps.db, worker.id)));
    },
  },
  getSignature: {
    guard: notFreelance,
    handle: (req) => req.c.json<Signature>(signatureView(me(req))),
  },
  updateSignature: {
    guard: (req) => {
      notFreelance(req);
      approvedAccount(req);
    },
    rules: ({ body }) => {
      const value = (body as SignatureUpdate).value;
      const bytes = Buffer.from(value.slice(value.indexOf(',') + 1), 'base64');
      return isPng(bytes) ? [] : [{ path: 'value', key: V.signatureImage }];
    },
    async handle(req) {
      const value = (req.body as SignatureUpdate).value;
      await req.deps.db.query('UPDATE workers SET signature_value = $2, signature_status = $3 WHERE id = $1', [
        me(req).id,
        value,
        SignatureStatusCode.PendingReview,
      ]);
      return req.c.json<Signature>({ value, status: SignatureStatusCode.PendingReview });
    },
  },
} satisfies Partial<Operations>;
