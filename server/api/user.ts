/**
 * The signed-in worker's flags, details file and signature (tag user of openapi.yaml).
 */
import * as v from 'valibot';
import type { GeneralInfo, PersonalDetails, Signature } from '#domain/api-schema.ts';
import { policiesForm } from '#domain/auth-forms.ts';
import { SignatureStatusCode } from '#domain/enums.ts';
import { V } from '#domain/validation-keys.ts';
import { imagesOnFile, personalDetails } from '../services/details-view.ts';
import { examineFile } from '../services/file-examination.ts';
import { agreeToPolicies, saveSignature } from '../services/worker-writes.ts';
import { generalInfo, workerById, type Worker } from '../services/workers.ts';
import { approvedAccount, me, notFreelance } from './guards.ts';
import { issuesFromValibot } from './issues.ts';
import type { Operations } from './operation.ts';

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
      await agreeToPolicies(db, me(req).id, req.now);
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
    rules: async ({ body, deps }) => {
      // A drawn signature is a whole PNG of a sensible size, like any image the agency opens (examined as every file).
      const png = Buffer.from(body.value.slice(body.value.indexOf(',') + 1), 'base64');
      const examined = await examineFile(png, { accept: ['png'], maxEdge: deps.config.imageMaxEdge });
      return examined.ok ? [] : [{ path: 'value', key: V.signatureImage }];
    },
    async handle(req) {
      const { value } = req.body;
      await saveSignature(req.deps.db, me(req).id, value);
      return req.c.json<Signature>({ value, status: SignatureStatusCode.PendingReview });
    },
  },
} satisfies Partial<Operations>;
