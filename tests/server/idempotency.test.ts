// Safe retries (docs/decisions/210-safe-retries.md): a request repeated with its Idempotency-Key is answered as the
// first time and done once, even when two sends arrive at once; another request under the same key is refused; a
// refusal is not kept; the request's changes and its kept answer commit together. Runs on PGlite and, under
// scripts/with-postgres.sh, on PostgreSQL (where the two sends at once really run side by side).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { operations } from '../../server/api/operations.ts';
import { IDEMPOTENCY_TTL_MS } from '../../server/api/idempotency.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { JPEG, PASSWORD, PNG, approvedWorker, fileForm, mission, newWorker, stepForm, uniqueEmail } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

type W = { email: string; token: string };
let api: TestServer;
/** Shared workers: each test makes its own missions and keys; `planner` alone uses the calendar feed. */
let signer: W;
let otherSigner: W;
let planner: W;
beforeAll(async () => {
  api = await startServer();
  [signer, otherSigner, planner] = await Promise.all([
    approvedWorker(api, { signature: 'validated' }),
    approvedWorker(api, { signature: 'validated' }),
    approvedWorker(api),
  ]);
});
afterAll(() => api.close());

let counter = 0;
const newKey = () => `test-key-${++counter}-${Math.random().toString(36).slice(2, 12)}`;
const keyed = (key: string) => ({ 'Idempotency-Key': `"${key}"` });
const count = async (sql: string, params: unknown[]) => (await api.deps.db.query<{ n: number }>(sql, params))[0]!.n;
const signingRequests = (mission: string) => count('SELECT count(*)::int AS n FROM signing_requests WHERE mission_id = $1', [mission]);

describe('a signing request repeated with its key', () => {
  it('is answered as the first time, marked replayed, and stored once; without a key the repeat is refused as before', async () => {
    const w = signer;
    const m = await mission(api, w.email, { reference: 'IDEM-1' });
    const key = newKey();
    const send = (headers: Record<string, string> = keyed(key)) =>
      api.post('/api/user/me/documents/mark-for-signing', { token: w.token, headers, json: [{ mission: m.mission, comment: 'ok' }] });
    const first = await send();
    expect(first.status).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.headers.get('Content-Type')).toBe(first.headers.get('Content-Type'));
    expect(await signingRequests(m.mission)).toBe(1);
    expect((await send({})).status).toBe(404);
  });

  it('sent twice at the same instant: both answered as one, stored once', async () => {
    const w = signer;
    for (let round = 0; round < 3; round++) {
      const m = await mission(api, w.email, { reference: `IDEM-RACE-${round}` });
      const key = newKey();
      const send = () =>
        api.post('/api/user/me/documents/mark-for-signing', { token: w.token, headers: keyed(key), json: [{ mission: m.mission, comment: '' }] });
      const answers = await Promise.all([send(), send(), send()]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[1]!.json).toEqual(answers[0]!.json);
      expect(answers[2]!.json).toEqual(answers[0]!.json);
      expect(answers.filter((a) => a.headers.get('Idempotent-Replayed') === 'true')).toHaveLength(2);
      expect(await signingRequests(m.mission)).toBe(1);
    }
  });

  it('under the same key with another body is refused (422) and does nothing', async () => {
    const w = signer;
    const [a, b] = [await mission(api, w.email, { reference: 'IDEM-A' }), await mission(api, w.email, { reference: 'IDEM-B' })];
    const key = newKey();
    const send = (mission: string) =>
      api.post('/api/user/me/documents/mark-for-signing', { token: w.token, headers: keyed(key), json: [{ mission, comment: '' }] });
    expect((await send(a.mission)).status).toBe(200);
    const other = await send(b.mission);
    expect(other.status).toBe(422);
    expect(other.json.code).toBe('idempotency_key_reused');
    expect(await signingRequests(b.mission)).toBe(0);
    // The same key on another path is another request too.
    const elsewhere = await api.post('/api/user/me/calendar-feed', { token: w.token, headers: keyed(key), json: {} });
    expect(elsewhere.json.code).toBe('idempotency_key_reused');
  });

  it('belongs to its worker: another worker sending the same key does their own request', async () => {
    const [w1, w2] = [signer, otherSigner];
    const key = newKey();
    for (const w of [w1, w2]) {
      const m = await mission(api, w.email, { reference: 'IDEM-OWN' });
      const res = await api.post('/api/user/me/documents/mark-for-signing', {
        token: w.token,
        headers: keyed(key),
        json: [{ mission: m.mission, comment: '' }],
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('Idempotent-Replayed')).toBeNull();
      expect(res.json[0].mission).toBe(m.mission);
    }
  });
});

describe('what is kept', () => {
  it('a repeat is answered before the rules: submitting the details file again is not "under review"', async () => {
    const w = await newWorker(api);
    for (const step of [1, 2, 3])
      expect((await api.post(`/api/user/me/update-details/${step}`, { token: w.token, form: stepForm(step, w.email) })).status).toBe(204);
    for (const kind of ['id-front', 'id-back', 'picture1'])
      expect((await api.post(`/api/user/me/upload-file/${kind}`, { token: w.token, form: fileForm(PNG) })).status).toBe(204);
    const key = newKey();
    const submit = (headers: Record<string, string>) => api.post('/api/user/me/update-details/5', { token: w.token, headers, form: new FormData() });
    expect((await submit(keyed(key))).status).toBe(204);
    const again = await submit(keyed(key));
    expect(again.status).toBe(204);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await submit(keyed(newKey()))).json.code).toBe('details_under_review');
  });

  it('a refusal is not kept: the same request asked again is checked again, then done', async () => {
    const w = planner;
    const key = newKey();
    const create = () => api.post('/api/user/me/calendar-feed', { token: w.token, headers: keyed(key), json: {} });
    expect((await api.post('/api/user/me/calendar-feed/revoke', { token: w.token, json: {} })).status).toBe(204);
    expect((await api.post('/api/user/me/calendar-feed', { token: w.token, json: {} })).status).toBe(201);
    const refused = await create();
    expect(refused.status).toBe(409);
    expect((await api.post('/api/user/me/calendar-feed/revoke', { token: w.token, json: {} })).status).toBe(204);
    const done = await create();
    expect(done.status).toBe(201);
    expect(done.headers.get('Idempotent-Replayed')).toBeNull();
    const replayed = await create();
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true');
    expect(replayed.json).toEqual(done.json);
  });

  it('a multipart body is the same request whatever its boundary, and another image under the key is refused', async () => {
    const w = await newWorker(api);
    const key = newKey();
    const upload = (bytes: Uint8Array<ArrayBuffer>) =>
      api.post('/api/user/me/upload-file/id-front', { token: w.token, headers: keyed(key), form: fileForm(bytes) });
    expect((await upload(PNG)).status).toBe(204);
    const again = await upload(PNG);
    expect(again.status).toBe(204);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await upload(JPEG)).json.code).toBe('idempotency_key_reused');
    expect((await api.get('/api/user/me/uploaded-file/id-front', { token: w.token })).headers.get('Content-Type')).toBe('image/png');
  });

  it('for a day: a repeat just before the day is over is answered again, one at or after it is a new request', async () => {
    const w = planner;
    const start = api.clock.now;
    try {
      const key = newKey();
      const renew = () => api.post('/api/user/me/calendar-feed/renew', { token: w.token, headers: keyed(key), json: {} });
      const first = await renew();
      api.clock.now = new Date(start.getTime() + IDEMPOTENCY_TTL_MS - 1);
      const before = await renew();
      expect(before.json.url).toBe(first.json.url);
      api.clock.now = new Date(start.getTime() + IDEMPOTENCY_TTL_MS);
      const at = await renew();
      expect(at.headers.get('Idempotent-Replayed')).toBeNull();
      expect(at.json.url).not.toBe(first.json.url);
      // The new request's answer is kept from then on, for a day.
      api.clock.now = new Date(start.getTime() + 2 * IDEMPOTENCY_TTL_MS - 1);
      expect((await renew()).json.url).toBe(at.json.url);
    } finally {
      api.clock.now = start;
    }
  });

  it('nothing readable: the table holds neither the key nor the answer in clear', async () => {
    const w = planner;
    const key = newKey();
    const created = await api.post('/api/user/me/calendar-feed/renew', { token: w.token, headers: keyed(key), json: {} });
    const secret = (created.json.url as string).split('/').pop()!.replace('.ics', '');
    const rows = await api.deps.db.query<{ key_id: string; sealed: Uint8Array }>('SELECT key_id, sealed FROM idempotency_keys');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.key_id).not.toContain(key);
      expect(Buffer.from(row.sealed).toString('latin1')).not.toContain(secret);
    }
  });
});

describe('calls without a session', () => {
  it('a registration repeated with its key answers 204 again, not "e-mail already exists": one account, one mail', async () => {
    const email = uniqueEmail('idem');
    const key = newKey();
    const body = { firstName: 'Anne', lastName: 'Dupont', email, password: PASSWORD, language: 'fr' };
    expect((await api.post('/api/auth/register', { headers: keyed(key), json: body })).status).toBe(204);
    const again = await api.post('/api/auth/register', { headers: keyed(key), json: body });
    expect(again.status).toBe(204);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await api.post('/api/auth/register', { json: body })).json.code).toBe('email_already_exists');
    expect(await count('SELECT count(*)::int AS n FROM workers WHERE email = $1', [email])).toBe(1);
    expect((await api.bo('GET', `/outbox?to=${encodeURIComponent(email)}`)).json).toHaveLength(1);
  });

  it('a sign-in ignores the key: a repeat is a second session', async () => {
    const email = uniqueEmail('idem');
    await api.post('/api/auth/register', { json: { firstName: 'A', lastName: 'B', email, password: PASSWORD, language: 'fr' } });
    const key = newKey();
    const signIn = () => api.post('/api/auth/login', { headers: keyed(key), json: { username: email, password: PASSWORD } });
    const [a, b] = [await signIn(), await signIn()];
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(b.json.token).not.toBe(a.json.token);
  });

  it('a malformed key is a 400, whatever the call', async () => {
    for (const bad of ['short', '"has space in it here"', 'x'.repeat(129), '"unterminated']) {
      const res = await api.post('/api/auth/reset-password', { headers: { 'Idempotency-Key': bad }, json: { email: uniqueEmail() } });
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('one transaction', () => {
  it('a failure after the changes undoes them and keeps no answer nor mail; the retry does it once', async () => {
    const email = uniqueEmail('idem');
    const key = newKey();
    const body = { firstName: 'Anne', lastName: 'Dupont', email, password: PASSWORD, language: 'fr' };
    const original = operations.register.handle;
    const spy = vi.spyOn(operations.register, 'handle').mockImplementationOnce(async (req) => {
      await original(req);
      throw new Error('the process fails after the changes');
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failed = await api.post('/api/auth/register', { headers: keyed(key), json: body }).catch((error: Error) => error);
      expect(String(failed)).toMatch(/answered 500/);
    } finally {
      spy.mockRestore();
      errors.mockRestore();
    }
    expect(await count('SELECT count(*)::int AS n FROM workers WHERE email = $1', [email])).toBe(0);
    expect((await api.bo('GET', `/outbox?to=${encodeURIComponent(email)}`)).json).toHaveLength(0);
    const retried = await api.post('/api/auth/register', { headers: keyed(key), json: body });
    expect(retried.status).toBe(204);
    expect(retried.headers.get('Idempotent-Replayed')).toBeNull();
    expect(await count('SELECT count(*)::int AS n FROM workers WHERE email = $1', [email])).toBe(1);
  });

  it('what a refused call recorded still commits: a refused registration still counts against its address', async () => {
    const email = uniqueEmail('idem');
    const body = { firstName: 'Anne', lastName: 'Dupont', email, password: PASSWORD, language: 'fr' };
    await api.post('/api/auth/register', { json: body });
    const before = await count("SELECT count(*)::int AS n FROM attempts WHERE key LIKE 'requests:%'", []);
    expect((await api.post('/api/auth/register', { headers: keyed(newKey()), json: body })).status).toBe(409);
    expect(await count("SELECT count(*)::int AS n FROM attempts WHERE key LIKE 'requests:%'", [])).toBe(before + 1);
  });
});

describe('every POST of the contract', () => {
  it('goes through the key check (a malformed key is refused before anything else), login alone excepted', async () => {
    const { operationIds } = await import('./helpers/contract.ts');
    const { loadContract } = await import('../../server/api/contract.ts');
    const { OWN_TRANSACTIONS } = await import('../../server/api/one-transaction.ts');
    const posts = loadContract().operations.filter((op) => op.method === 'post');
    expect(posts.length).toBeGreaterThan(20);
    expect(operationIds().length).toBeGreaterThan(posts.length);
    const values: Record<string, string> = {
      step: '1',
      kind: 'id-front',
      year: '2026',
      month: '5',
      email: encodeURIComponent(planner.email),
      mission: 'm1',
      feed: 'x.ics',
    };
    for (const op of posts) {
      const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? 'x');
      const auth: Record<string, string> =
        op.security === 'backoffice'
          ? { Authorization: 'Bearer test-backoffice-token' }
          : op.security === 'none'
            ? {}
            : { Authorization: `Bearer ${planner.token}` };
      const own = op.operationId in OWN_TRANSACTIONS;
      const json = own ? { username: planner.email, password: PASSWORD } : {};
      const res = await api.post(`/api${path}`, { headers: { ...auth, 'Idempotency-Key': 'short' }, json });
      if (own) expect(res.status, op.operationId).toBe(200);
      else expect([res.status, res.json?.code], op.operationId).toEqual([400, 'bad_request']);
    }
  });
});
