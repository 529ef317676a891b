/**
 * Mounts every operation of openapi.yaml under /api. For each request, in this order: the body limit, the
 * security of the operation (401; the back-office answers 404 when switched off), the path and query
 * parameters (400), the JSON body (400 for malformed JSON, wrong types or unknown keys; 422 for values the
 * contract or the operation's domain rules refuse), then the handler. docs/decisions/012-contract-driven-router.md.
 * A mutating call does all this after authentication in one transaction, and honours an Idempotency-Key
 * (one-transaction.ts, docs/decisions/210-safe-retries.md).
 */
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import type { ErrorObject } from 'ajv';
import { UPLOAD_MAX_BYTES } from '#domain/constants.ts';
import { CONVERSATION_ATTACHMENTS_MAX } from '#domain/conversations.ts';
import { clientAddress } from '../client-address.ts';
import { secretsEqual } from '../services/crypto.ts';
import { isShapeError, type OperationId, type OperationSpec } from './contract.ts';
import { ApiFailure, badRequest, invalid, notFound, requestLocale, type FieldIssue } from './errors.ts';
import { issueFromAjv, mergeIssues } from './issues.ts';
import type { AnyRequest, Deps, OpDef, OpRequest, Operations } from './operation.ts';
import { inOneTransaction, runsInOneTransaction } from './one-transaction.ts';

const JSON_LIMIT = 64 * 1024;
const BODY_LIMITS: Partial<Record<OperationId, number>> = {
  updateSignature: 2.5 * 1024 * 1024,
  uploadFile: UPLOAD_MAX_BYTES + 64 * 1024,
  // An absence report carries its certificate (at most an upload's size) and a message.
  reportAbsence: UPLOAD_MAX_BYTES + 64 * 1024,
  addAbsenceCertificate: UPLOAD_MAX_BYTES + 64 * 1024,
  // A message to the agency carries up to three attachments, each at most an upload's size (#domain/conversations.ts).
  startConversation: CONVERSATION_ATTACHMENTS_MAX * UPLOAD_MAX_BYTES + 64 * 1024,
  sendConversationMessage: CONVERSATION_ATTACHMENTS_MAX * UPLOAD_MAX_BYTES + 64 * 1024,
};

const hasNul = (value: string) => value.includes('\u0000');

export function mountOperations(app: Hono, deps: Deps, operations: Operations): void {
  for (const spec of deps.contract.operations) mountOperation(app, deps, spec, handlerOf(operations, spec.operationId));
}

const handlerOf = <K extends OperationId>(operations: Operations, id: K): OpDef<K> => operations[id];

/** The inputs as the router reads them; the contract's validators have checked them when the handler sees them. */
type Inputs = { params: Record<string, unknown>; query: Record<string, unknown>; body: unknown };

function mountOperation<K extends OperationId>(app: Hono, deps: Deps, spec: OperationSpec, def: OpDef<K>): void {
  const limit = bodyLimit({
    maxSize: BODY_LIMITS[spec.operationId] ?? JSON_LIMIT,
    onError: () => {
      throw new ApiFailure(413, 'payload_too_large');
    },
  });
  // Hono's bodyLimit asks the request for its body stream, which makes @hono/node-server build a whole fetch
  // Request: ~5% of a GET's time (docs/decisions/140-hot-path.md). A request without a body skips it.
  const limitBody: MiddlewareHandler = (c, next) => (mayHaveBody(c) ? limit(c, next) : next());
  const mutating = runsInOneTransaction(spec.method, spec.operationId);
  app.on(spec.method.toUpperCase(), spec.route, limitBody, async (c) => {
    const base: AnyRequest = {
      c,
      deps,
      locale: requestLocale(c),
      now: deps.config.now(),
      worker: null,
      token: null,
      clientAddress: clientAddress(c, deps.config.trustProxy),
    };
    await authenticate(spec, base);
    // Everything after authentication of a mutating call runs in its one transaction, the guard included: a
    // repeat of a call already done is answered as the first time before any rule can refuse it.
    if (!mutating) return checkAndHandle(spec, def, base);
    return inOneTransaction(base, { security: spec.security, hasBody: mayHaveBody(c) }, (inside) => checkAndHandle(spec, def, inside));
  });
}

/** The guard, the parameters, the body and the domain rules, then the handler (the order of the header comment). */
async function checkAndHandle<K extends OperationId>(spec: OperationSpec, def: OpDef<K>, base: AnyRequest): Promise<Response> {
  const { c } = base;
  const inputs: Inputs = { params: {}, query: {}, body: undefined };
  def.guard?.(base);
  readParameters(spec, c, inputs);
  let issues: FieldIssue[] = [];
  if (spec.body?.kind === 'json') {
    inputs.body = await readJson(c);
    const validate = spec.body.validate;
    if (!validate(inputs.body)) {
      const errors = validate.errors ?? [];
      if (errors.some(isShapeError)) throw badRequest();
      issues = errors.map((e: ErrorObject) => issueFromAjv(e, spec.operationId));
    }
  }
  // The one place the inputs take their operation's types: they passed that operation's schemas just above.
  const req = { ...base, ...inputs } as OpRequest<K>;
  if (def.rules && !issues.some((i) => i.path === '')) issues = mergeIssues(await def.rules(req), issues);
  if (issues.length > 0) throw invalid(issues);
  return def.handle(req);
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

async function authenticate(spec: OperationSpec, req: AnyRequest): Promise<void> {
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

function readParameters(spec: OperationSpec, c: Context, inputs: Inputs): void {
  for (const p of spec.params) {
    const raw = p.in === 'path' ? c.req.param(p.name) : c.req.query(p.name);
    if (raw === undefined) {
      if (p.required) throw badRequest();
      continue;
    }
    if (unstorable(raw)) throw badRequest();
    const value: unknown = p.integer && /^-?\d{1,9}$/.test(raw) ? Number(raw) : raw;
    if (!p.validate(value)) throw badRequest();
    (p.in === 'path' ? inputs.params : inputs.query)[p.name] = value;
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
