// The hot path remembers sessions on PGlite (docs/decisions/140-hot-path.md): whatever changes a session or a
// worker, by any statement, is seen by the very next call. On PostgreSQL (npm run test:server:pg) the same tests
// prove the uncached path.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mayChange } from '../../server/storage/write-watch.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { login, newWorker, register } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

const info = async (token: string) => api.get('/api/user/me/info', { token });

describe('which statements count as writes to the remembered tables', () => {
  const tables = /\b(sessions|workers)\b/i;
  it.each([
    ['UPDATE workers SET agreed_gdpr = true WHERE id = $1', true],
    ['  update sessions set revoked_at = $2 where token_hash = $1', true],
    ['DELETE FROM workers WHERE id = $1', true],
    ['INSERT INTO workers (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email', true],
    ['WITH gone AS (DELETE FROM sessions RETURNING worker_id) SELECT count(*) FROM gone', true],
    ['TRUNCATE sessions', true],
    ['SELECT w.id FROM sessions s JOIN workers w ON w.id = s.worker_id', false],
    ['INSERT INTO sessions (token_hash, worker_id) VALUES ($1, $2)', false],
    ['UPDATE missions SET signing_requested = true WHERE id = $1', false],
    ['UPDATE uploads SET size = 1 WHERE worker_id = $1', false],
  ])('%s → %s', (sql, expected) => {
    expect(mayChange(sql, tables)).toBe(expected);
  });
});

describe('a remembered session', () => {
  it('is refused on the next call once revoked, by logout or by any statement', async () => {
    const email = await register(api);
    const first = await login(api, email);
    const second = await login(api, email);
    expect((await info(first)).status).toBe(200);
    expect((await info(second)).status).toBe(200);
    expect((await api.post('/api/auth/logout', { token: first, json: {} })).status).toBe(204);
    expect((await info(first)).status).toBe(401);
    // A statement no handler knows about: the next call still asks the database.
    await api.deps.db.query('UPDATE sessions SET revoked_at = $1 WHERE worker_id = (SELECT id FROM workers WHERE email = $2)', [api.clock.now, email]);
    expect((await info(second)).status).toBe(401);
  });

  it("shows the worker's row as it is now: an approval, a policy, a change inside a transaction", async () => {
    const w = await newWorker(api);
    expect((await info(w.token)).json.newAccount).toBe(true);
    await api.deps.db.query('UPDATE workers SET new_account = false WHERE email = $1', [w.email]);
    expect((await info(w.token)).json.newAccount).toBe(false);
    await api.deps.db.transaction(async (tx) => {
      await tx.query('UPDATE workers SET first_name = $2 WHERE email = $1', [w.email, 'Renée']);
    });
    expect((await info(w.token)).json.username).toBe('Renée Dupont');
  });

  it('expires on time, and a deleted worker is refused', async () => {
    const w = await newWorker(api);
    const short = (await api.post('/api/auth/login', { json: { username: w.email, password: 'correct horse', remember: false } })).json.token as string;
    expect((await info(short)).status).toBe(200);
    const saved = api.clock.now;
    api.clock.now = new Date(saved.getTime() + 13 * 60 * 60 * 1000);
    expect((await info(short)).status).toBe(401);
    api.clock.now = saved;
    expect((await info(w.token)).status).toBe(200);
    await api.deps.db.query('DELETE FROM workers WHERE email = $1', [w.email]);
    expect((await info(w.token)).status).toBe(401);
  });

  it('a read and a write at once: the call after both sees the write', async () => {
    const w = await newWorker(api);
    // The read reaches the database first and brings the old row back while the write is queued behind it.
    await Promise.all([info(w.token), api.deps.db.query('UPDATE workers SET last_name = $2 WHERE email = $1', [w.email, 'Martin'])]);
    expect((await info(w.token)).json.username).toBe('Anne Martin');
  });
});
