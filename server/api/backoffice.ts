/**
 * The agency's side (tag backoffice): off (404) without BACKOFFICE_TOKEN, 401 with another token (router).
 */
import type { DocumentCreated, GeneralInfo, ImpersonationToken, MissionCreated, OutboxMail, Signature } from '#domain/api-schema.ts';
import { IMPERSONATION_TOKEN_TTL_MS } from '#domain/constants.ts';
import { DetailsStatus, SignatureStatusCode } from '#domain/enums.ts';
import { V } from '#domain/validation-keys.ts';
import { createDocument, createMission } from '../services/agency.ts';
import { issueOneTime } from '../services/tokens.ts';
import { approveDetails, setSignatureStatus } from '../services/worker-writes.ts';
import { generalInfo, normalizeEmail, workerByEmail, type Worker } from '../services/workers.ts';
import { detailsApprovedEvent, signatureEvent } from '../services/notification-events.ts';
import { ApiFailure, notFound } from './errors.ts';
import { notify } from './notify.ts';
import type { AnyRequest, Operations } from './operation.ts';
import { signatureView } from './user.ts';

/** The worker the agency names in the path. */
export async function target(req: AnyRequest & { params: { email: string } }): Promise<Worker> {
  const worker = await workerByEmail(req.deps.db, req.params.email);
  if (!worker) throw notFound();
  return worker;
}

export const backofficeOperations = {
  backofficeApproveDetails: {
    async handle(req) {
      const worker = await target(req);
      await approveDetails(req.deps.db, worker.id);
      if (worker.details_status !== DetailsStatus.Validated) await notify(req, detailsApprovedEvent(worker, req.now));
      return req.c.json<GeneralInfo>(generalInfo({ ...worker, details_status: DetailsStatus.Validated, new_account: false }));
    },
  },
  backofficeSetSignatureStatus: {
    async handle(req) {
      const worker = await target(req);
      if (worker.signature_status === SignatureStatusCode.None || !worker.signature_value) throw new ApiFailure(409, 'conflict');
      const status = req.body.status === 'validated' ? SignatureStatusCode.Validated : SignatureStatusCode.Rejected;
      await setSignatureStatus(req.deps.db, worker.id, status);
      if (worker.signature_status !== status) await notify(req, signatureEvent(worker, status === SignatureStatusCode.Validated, req.now));
      return req.c.json<Signature>(signatureView({ ...worker, signature_status: status }));
    },
  },
  backofficeCreateMission: {
    async handle(req) {
      const worker = await target(req);
      const created = await createMission(req.deps.db, worker, req.body, req.now);
      return req.c.json<MissionCreated>(created, 201);
    },
  },
  backofficeCreateDocument: {
    rules: ({ body }) => (body.kind === 'payslip' && body.month === undefined ? [{ path: 'month', key: V.required }] : []),
    async handle(req) {
      const worker = await target(req);
      const name = await createDocument(req.deps.db, worker, req.body, req.now);
      return req.c.json<DocumentCreated>({ name }, 201);
    },
  },
  backofficeCreateImpersonationToken: {
    async handle(req) {
      const worker = await target(req);
      const { token, expiresAt } = await issueOneTime(req.deps.db, worker.id, 'impersonate', IMPERSONATION_TOKEN_TTL_MS, req.now);
      return req.c.json<ImpersonationToken>({ token, expiresAt: expiresAt.toISOString() }, 201);
    },
  },
  backofficeReadOutbox: {
    async handle(req) {
      // A reset or revalidation request answers before its mail is composed (decision 156): a reader of the outbox
      // (the agency, the tests) sees what this server's requests have already queued.
      await req.deps.mailer.queued();
      const rows = await req.deps.db.query<{ to_address: string; subject: string; body: string; links: string[]; sent_at: Date }>(
        'SELECT to_address, subject, body, links, sent_at FROM outbox WHERE to_address = $1 ORDER BY seq DESC LIMIT 1000',
        [normalizeEmail(req.query.to)],
      );
      return req.c.json<OutboxMail[]>(
        rows.map((r) => ({ to: r.to_address, subject: r.subject, text: r.body, links: r.links, sentAt: new Date(r.sent_at).toISOString() })),
      );
    },
  },
} satisfies Partial<Operations>;
