/**
 * Mounts every operation of openapi.yaml under /api. For each request, in this order: the body limit, the
 * security of the operation (401; the back-office answers 404 when switched off), the path and query
 * parameters (400), the JSON body (400 for malformed JSON, wrong types or unknown keys; 422 for values the
 * contract or the operation's domain rules refuse), then the handler. docs/decisions/012-contract-driven-router.md.
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { ErrorObject } from 'ajv';
import type { Locale } from '../../src/api/schema.ts';
import { UPLOAD_MAX_BYTES } from '../../src/domain/constants.ts';
import type { Config } from '../config.ts';
import { secretsEqual } from '../services/crypto.ts';
import type { Mailer } from '../services/mail.ts';
import type { SessionReader } from '../services/session-cache.ts';
import type { Worker } from '../services/workers.ts';
import type { Db } from '../storage/db.ts';
import type { UploadStore } from '../storage/uploads.ts';
import { isShapeError, type Contract, type OperationId, type OperationSpec } from './contract.ts';
import { ApiFailure, badRequest, invalid, notFound, requestLocale, type FieldIssue } from './errors.ts';
import { issueFromAjv, mergeIssues } from './issues.ts';

export type Deps = {
  db: Db;
  config: Config;
  contract: Contract;
  mailer: Mailer;
  /** Who is calling (server/services/session-cache.ts). */
  sessions: SessionReader;
  /** The workers' uploaded images (server/storage/uploads.ts). */
  uploads: UploadStore;
};

/* eslint-disable @typescript-eslint/no-explicit-any -- each handler casts its input to the generated type */
export type OpRequest = {
  c: Context;
  deps: Deps;
  locale: Locale;
  now: Date;
  /** The signed-in worker (bearer operations), or null. */
  worker: Worker | null;
  token: string | null;
  params: Record<string, any>;
  query: Record<string, any>;
  body: any;
  clientAddress: string;
};
/* eslint-enable @typescript-eslint/no-explicit-any */

export type OpDef = {
  /** Permission checks on the signed-in worker, before the input is read (403 and 409 come before 400 and 422). */
  guard?: (req: OpRequest) => void;
  /** Domain rules on a body of the right shape; their issues and the contract's value issues make one 422. */
  rules?: (req: OpRequest) => FieldIssue[] | Promise<FieldIssue[]>;
  handle: (req: OpRequest) => Response | Promise<Response>;
};
export type Operations = Record<OperationId, OpDef>;

const JSON_LIMIT = 64 * 1024;
const BODY_LIMITS: Partial<Record<OperationId, number>> = {
  updateSignature: 2.5 * 1024 * 1024,
  uploadFile: UPLOAD_MAX_BYTES + 64 * 1024,
  // An absence report carries its certificate (at most an upload's size) and a message.
  reportAbsence: UPLOAD_MAX_BYTES + 64 * 1024,
  addAbsenceCertificate: UPLOAD_MAX_BYTES + 64 * 1024,
};

const hasNul = (value: string) => value.includes('\u0000');

export function mountOperations(app: Hono, deps: Deps, operations: Operations): void {
  for (const spec of deps.contract.operations) {
    const def = operations[spec.operationId];
    const limit = bodyLimit({
      maxSize: BODY_LIMITS[spec.operationId] ?? JSON_LIMIT,
      onError: () => {
        throw new ApiFailure(413, 'payload_too_large');
      },
    });
    // Hono's bodyLimit asks the request for its body stream, which makes @hono/node-server build a whole fetch
    // Request: ~5% of a GET's time (docs/decisions/140-hot-path.md). A request without a body skips it.
    const limitBody: MiddlewareHandler = (c, next) => (mayHaveBody(c) ? limit(c, next) : next());
    app.on(spec.method.toUpperCase(), spec.route, limitBody, async (c) => {
      const req: OpRequest = {
        c,
        deps,
        locale: requestLocale(c),
        now: deps.config.now(),
        worker: null,
        token: null,
        params: {},
        query: {},
        body: undefined,
        clientAddress: clientAddress(c, deps.config.trustProxy),
      };
      await authenticate(spec, req);
      def.guard?.(req);
      readParameters(spec, req);
      let issues: FieldIssue[] = [];
      if (spec.body?.kind === 'json') {
        req.body = await readJson(c);
        const validate = spec.body.validate;
        if (!validate(req.body)) {
          const errors = validate.errors ?? [];
          if (errors.some(isShapeError)) throw badRequest();
          issues = errors.map((e: ErrorObject) => issueFromAjv(e, spec.operationId));
        }
      }
      if (def.rules && !issues.some((i) => i.path === '')) issues = mergeIssues(await def.rules(req), issues);
      if (issues.length > 0) throw invalid(issues);
      return def.handle(req);
    });
  }
}

/**
 * Whether the request carries a body. HTTP/1.1 says one comes with Content-Length or Transfer-Encoding; the Node
 * request's own header object answers without building a fetch Request (in-process tests have a Request already).
 */
function mayHaveBody(c: Context): boolean {
  const incoming = (c.env as { incoming?: { headers?: Record<string, unknown> } } | undefined)?.incoming;
  if (incoming?.headers) return incoming.headers['content-length'] !== undefined || incoming.headers['transfer-encoding'] !== undefined;
  return c.req.raw.body !== null;
}

async function authenticate(spec: OperationSpec, req: OpRequest): Promise<void> {
  const { deps, c } = req;
  if (spec.security === 'none') return;
  const header = c.req.header('Authorization') ?? '';
  const bearer = /^Bearer ([A-Za-z0-9._~+/=-]{1,512})$/.exec(header)?.[1] ?? null;
  if (spec.security === 'backoffice') {
    if (!deps.config.backofficeToken) throw notFound();
    if (!bearer || !secretsEqual(bearer, deps.config.backofficeToken)) throw new ApiFailure(401, 'unauthorized');
    return;
  }
  if (!header && spec.security === 'optional') return;
  const worker = bearer ? await deps.sessions.worker(bearer, req.now) : null;
  if (!worker) throw new ApiFailure(401, 'unauthorized');
  req.worker = worker;
  req.token = bearer;
}

function readParameters(spec: OperationSpec, req: OpRequest): void {
  for (const p of spec.params) {
    const raw = p.in === 'path' ? req.c.req.param(p.name) : req.c.req.query(p.name);
    if (raw === undefined) {
      if (p.required) throw badRequest();
      continue;
    }
    if (unstorable(raw)) throw badRequest();
    const value: unknown = p.integer && /^-?\d{1,9}$/.test(raw) ? Number(raw) : raw;
    if (!p.validate(value)) throw badRequest();
    (p.in === 'path' ? req.params : req.query)[p.name] = value;
  }
}

/** Text PostgreSQL cannot store as sent: a NUL, or a lone UTF-16 surrogate (it would silently become U+FFFD). */
const unstorable = (value: string) => hasNul(value) || LONE_SURROGATE.test(value);
const LONE_SURROGATE = /[\ud800-\udfff]/u;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) throw badRequest();
  try {
    // Bytes that are not UTF-8 are refused rather than replaced: what is stored is what the client sent.
    const text = strictUtf8.decode(await c.req.arrayBuffer());
    return JSON.parse(text, (key, value: unknown) => {
      if (unstorable(key) || (typeof value === 'string' && unstorable(value))) throw new Error('unstorable text');
      return value;
    });
  } catch (error) {
    if (error instanceof ApiFailure || error instanceof HTTPException) throw error;
    throw badRequest();
  }
}

function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('X-Forwarded-For')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
