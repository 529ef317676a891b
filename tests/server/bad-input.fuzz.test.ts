// Generated bad input (docs/decisions/080-generated-bad-input.md): for EVERY operation of openapi.yaml,
// fast-check derives requests that are wrong in at least one place the contract makes certain (the token, a
// path or query value, the body's shape, text, bytes, size or content type, the multipart framing), sends them
// through the real Hono app, and asserts a 4xx, the contract's error body, and that nothing stored changed.
// Any 5xx fails in the harness. FUZZ_SEED=<n> replays a run; FUZZ_RUNS=<n> changes the runs per operation.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadContract, type OperationSpec } from '../../server/api/contract.ts';
import { badJsonBody, type RawBody } from './fuzz/bodies.ts';
import { badStepBody, badUploadBody, encodeParts, multipartIsCertainlyBad } from './fuzz/multipart.ts';
import { badValue, goodValue, paramIsCertainlyBad, urlText, type ParamValue } from './fuzz/params.ts';
import { deref, jsonBodySchema, type Schema } from './fuzz/schemas.ts';
import { storedState } from './fuzz/snapshot.ts';
import { plausible } from './fuzz/values.ts';
import { BACKOFFICE, startServer, type TestServer } from './helpers/harness.ts';
import { PASSWORD, PNG, approvedWorker, isoDay, login, mission, newWorker } from './helpers/workers.ts';

// ~12 s on a quiet 2-core machine; several times that when other suites share it: a wide margin, not a target.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 300_000 });

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(process.env.FUZZ_RUNS ?? 15);
const contract = loadContract();
const isApiError = contract.schema('ApiError');
const STEP_SCHEMAS = ['DetailsStepContactInfo', 'DetailsStepLegal', 'DetailsStepGeneralInfo', 'DetailsStepEmpty', 'DetailsStepEmpty'].map(
  (name) => ({ $ref: `#/components/schemas/${name}` }) as Schema,
);
const encoder = new TextEncoder();

let api: TestServer;
const tokens = { approved: '', fresh: '', expired: '', revoked: '' };
let known: Record<string, string>;

beforeAll(async () => {
  api = await startServer();
  const w = await approvedWorker(api, { signature: 'validated' });
  const m = await mission(api, w.email);
  tokens.approved = w.token;
  tokens.fresh = (await newWorker(api)).token;
  const present = api.clock.now;
  api.clock.now = new Date(present.getTime() - 400 * 24 * 3600 * 1000); // a session that ended long ago
  tokens.expired = await login(api, w.email, PASSWORD, false);
  api.clock.now = present;
  tokens.revoked = await login(api, w.email);
  expect((await api.post('/api/auth/logout', { token: tokens.revoked, json: {} })).status).toBe(204);
  // A sickness report whose certificate is awaited: bad certificate uploads reach its checks.
  const upcoming = await mission(api, w.email, { date: isoDay(5, api.clock.now) });
  const form = new FormData();
  form.append('mission', upcoming.mission);
  form.append('reason', 'sick');
  const report = await api.post('/api/user/me/absences', { token: w.token, form });
  expect(report.status).toBe(201);
  // A calendar feed address of the right shape that opens nothing (the secret is random).
  known = { email: w.email, to: w.email, job: m.job, mission: m.mission, feed: `${'A'.repeat(43)}.ics`, report: report.json.id, worker: w.email };
});
afterAll(() => api?.close());

/** Authorization headers that can never authenticate the operation (for 'optional', a header that is present). */
function badAuthorization(op: OperationSpec): fc.Arbitrary<string | null> {
  const values = [
    'Bearer garbage-garbage-garbage',
    `Bearer ${'x'.repeat(600)}`,
    'Basic dXNlcjpwYXNzd29yZA==',
    'Bearer',
    'Bearer  ',
    `Bearer ${tokens.expired}`,
    `Bearer ${tokens.revoked}`,
    `Bearer ${tokens.approved}x`,
    `Token ${tokens.approved}`,
    op.security === 'backoffice' ? `Bearer ${tokens.approved}` : `Bearer ${BACKOFFICE}`,
  ];
  return fc.oneof(
    fc.constantFrom<string | null>(...values, ...(op.security === 'optional' ? [] : [null])),
    fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => `Bearer ${s}!`),
  );
}
const goodAuthorization = (op: OperationSpec): fc.Arbitrary<string | null> =>
  op.security === 'backoffice'
    ? fc.constant(`Bearer ${BACKOFFICE}`)
    : op.security === 'none'
      ? fc.constant(null)
      : fc.constantFrom(`Bearer ${tokens.approved}`, `Bearer ${tokens.fresh}`);

type Fault = 'token' | 'param' | 'body';
type Case = { faults: Fault[]; authorization: string | null; params: Record<string, ParamValue>; body: RawBody | null; language: string | null };

function bodies(op: OperationSpec): { bad: fc.Arbitrary<RawBody>; good: fc.Arbitrary<RawBody> } | null {
  if (op.body?.kind === 'json') {
    const schema = jsonBodySchema(op.operationId)!;
    return {
      bad: badJsonBody(schema),
      good: plausible(schema).map((v) => ({ fault: 'none', bytes: encoder.encode(JSON.stringify(v)), contentType: 'application/json' })),
    };
  }
  if (op.operationId === 'addAbsenceCertificate')
    return {
      bad: badUploadBody('certificate'),
      good: fc.constant({
        fault: 'none',
        bytes: encodeParts([{ name: 'certificate', value: PNG, filename: 'a.png', type: 'image/png' }]),
        contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
      }),
    };
  if (op.operationId === 'uploadFile')
    return {
      bad: badUploadBody(),
      good: fc.constant({
        fault: 'none',
        bytes: encodeParts([{ name: 'upload', value: PNG, filename: 'a.png', type: 'image/png' }]),
        contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW',
      }),
    };
  if (op.operationId === 'updateDetailsStep')
    return {
      bad: badStepBody(STEP_SCHEMAS),
      good: fc.constant({ fault: 'none', bytes: encodeParts([]), contentType: 'multipart/form-data; boundary=fuzzBoundary7MA4YWxkTrZu0gW' }),
    };
  return null;
}

function cases(op: OperationSpec): fc.Arbitrary<Case> {
  const body = bodies(op);
  const kinds: Fault[] = [];
  if (op.security !== 'none') kinds.push('token');
  if (op.params.length > 0) kinds.push('param');
  if (body) kinds.push('body');
  const goodParams = Object.fromEntries(
    op.params.map((p) => [
      p.name,
      p.name === 'step' ? fc.constantFrom('1', '2', '3', '4', '5').map((decoded) => ({ decoded })) : fc.constant({ decoded: goodValue(p, known) }),
    ]),
  ) as Record<string, fc.Arbitrary<ParamValue>>;
  const badParams = Object.fromEntries(op.params.map((p) => [p.name, badValue(p)]));
  return fc
    .record({
      faults: fc.subarray(kinds, { minLength: 1 }),
      goodAuth: goodAuthorization(op),
      badAuth: op.security === 'none' ? fc.constant(null) : badAuthorization(op),
      goodParams: fc.record(goodParams),
      badParams: fc.record(badParams),
      badParamNames: op.params.length
        ? fc.subarray(
            op.params.map((p) => p.name),
            { minLength: 1 },
          )
        : fc.constant([] as string[]),
      goodBody: body ? body.good : fc.constant(null),
      badBody: body ? body.bad : fc.constant(null),
      language: fc.constantFrom(null, 'nl', 'fr-BE,fr;q=0.9', 'xx', '*', 'nl-BE;q=abc'),
    })
    .map((r) => {
      const paramFault = r.faults.includes('param');
      const params = Object.fromEntries(
        op.params.map((p) => [p.name, paramFault && r.badParamNames.includes(p.name) ? r.badParams[p.name]! : r.goodParams[p.name]!]),
      );
      return {
        faults: r.faults,
        authorization: r.faults.includes('token') ? r.badAuth : r.goodAuth,
        params,
        body: r.faults.includes('body') ? r.badBody : r.goodBody,
        language: r.language,
      };
    });
}

/** A NUL or a lone surrogate in any key or string of a parsed body (iterative: bodies may nest 20,000 deep). */
function hasUnstorableText(root: unknown): boolean {
  const bad = (s: string) => s.includes('\u0000') || /[\ud800-\udfff]/u.test(s);
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (typeof value === 'string' && bad(value)) return true;
    if (typeof value === 'object' && value !== null)
      for (const [k, v] of Object.entries(value)) {
        if (bad(k)) return true;
        stack.push(v);
      }
  }
  return false;
}

/** Is this case refused by the contract whatever a correct server does? Judged without the server. */
async function certainlyBad(op: OperationSpec, c: Case): Promise<boolean> {
  if (c.faults.includes('token')) return true;
  if (c.faults.includes('param') && op.params.some((p) => paramIsCertainlyBad(p, c.params[p.name]!))) return true;
  if (!c.faults.includes('body') || !c.body) return false;
  if (op.body?.kind === 'multipart') {
    const stepValue = c.params.step;
    const step = stepValue && 'decoded' in stepValue ? Number(stepValue.decoded) : 0;
    const upload = { uploadFile: 'upload', addAbsenceCertificate: 'certificate' }[op.operationId as string];
    return multipartIsCertainlyBad(c.body, upload ? { upload } : { stepKeys: Object.keys(deref(STEP_SCHEMAS[step - 1]).properties ?? {}) });
  }
  if (!c.body.contentType || !/^application\/json\s*(;|$)/i.test(c.body.contentType)) return true;
  if (c.body.bytes.length > (op.operationId === 'updateSignature' ? 2.5 * 1024 * 1024 : 64 * 1024)) return true;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(c.body.bytes));
  } catch {
    return true;
  }
  return hasUnstorableText(value) || !(op.body as { validate: (v: unknown) => boolean }).validate(value);
}

function urlOf(op: OperationSpec, c: Case): string {
  let path = `/api${op.path}`;
  const query: string[] = [];
  for (const p of op.params) {
    const text = urlText(c.params[p.name]!);
    if (p.in === 'path') path = path.replace(`{${p.name}}`, text ?? '');
    else if (text !== null) query.push(`${p.name}=${text}`);
  }
  return query.length ? `${path}?${query.join('&')}` : path;
}

describe('generated bad input on every operation of openapi.yaml', () => {
  it(`answers a 4xx with the contract's error body and changes nothing (seed ${SEED}, ${RUNS} runs per operation)`, async () => {
    const tried: Record<string, number> = {};
    // The probes take no token, no parameter and no body: there is no input to get wrong (tests/server/health.test.ts).
    const withInput = contract.operations.filter((op) => op.security !== 'none' || op.params.length > 0 || op.body !== null);
    for (const op of withInput) {
      tried[op.operationId] = 0;
      const property = fc.asyncProperty(cases(op), async (c) => {
        fc.pre(await certainlyBad(op, c));
        tried[op.operationId]!++;
        const headers: Record<string, string> = {};
        if (c.authorization !== null) headers.Authorization = c.authorization;
        if (c.body?.contentType) headers['Content-Type'] = c.body.contentType;
        if (c.language) headers['Accept-Language'] = c.language;
        const url = urlOf(op, c);
        const before = await storedState(api.deps.db, api.config.uploadsDir);
        const res = await api.call(op.method.toUpperCase(), url, { headers, ...(c.body && op.method === 'post' ? { body: c.body.bytes } : {}) });
        const what = `${op.operationId} ${url.slice(0, 200)} [${c.faults.join('+')}${c.body ? `: ${c.body.fault}` : ''}] → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect(res.status, what).toBeLessThan(500);
        expect(isApiError(res.json), `${what}: not the contract's error body`).toBe(true);
        expect(await storedState(api.deps.db, api.config.uploadsDir), `${what}: stored data changed`).toEqual(before);
      });
      try {
        await fc.assert(property, { seed: SEED, numRuns: RUNS, maxSkipsPerRun: 50 });
      } catch (error) {
        // The counterexample can hold megabytes of body: keep the report readable.
        const cause = (error as Error).cause;
        const message = `${(error as Error).message}${cause instanceof Error ? `\nCaused by: ${cause.message}` : ''}`;
        throw new Error(
          `${op.operationId}: replay with FUZZ_SEED=${SEED}\n${message.length > 4000 ? `${message.slice(0, 2500)}\n…\n${message.slice(-1500)}` : message}`,
        );
      }
    }
    // Every operation got real bad requests, not only discarded ones.
    for (const [operationId, n] of Object.entries(tried)) expect(n, operationId).toBeGreaterThanOrEqual(Math.min(RUNS, 10));
    expect(Object.keys(tried)).toHaveLength(contract.operations.length - 2);
  });
});
