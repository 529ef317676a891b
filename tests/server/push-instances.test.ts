// Two server processes (npm start's server/main.ts) on one PostgreSQL share the push outbox: each polls it every 20 ms
// and both are woken by the requests they serve, yet every push reaches its device once. PGlite allows one process per
// data folder, so the PGlite run skips this file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPushReceiver, type PushReceiver } from '../../scripts/lib/push-receiver.ts';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { TEST_DATABASE_URL, dropTestSchema, testSchema } from './helpers/database.ts';
import { schemaUrl, callInstance as call } from './helpers/instances.ts';
import { PASSWORD, uniqueEmail } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 90_000 });

const BACKOFFICE = 'push-instances-token';
let schema: string;
let servers: ServerProcess[] = [];
let push: PushReceiver;
const folders: string[] = [];

describe.skipIf(!TEST_DATABASE_URL)('pushes through two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    schema = (await testSchema(null))!;
    push = await startPushReceiver();
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-push-instance-'));
      folders.push(dataDir);
      return startServerProcess({
        dataDir,
        env: { DATABASE_URL: schemaUrl(TEST_DATABASE_URL!, schema), BACKOFFICE_TOKEN: BACKOFFICE, PUSH_ALLOWED_ORIGINS: push.origin, PUSH_POLL_MS: '20' },
        timeoutMs: 110_000,
      });
    };
    // One after the other: the second finds the key the first made.
    servers = [await start(), await start()];
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    await push?.close();
    if (schema) await dropTestSchema(schema);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('sends each push once: 20 workers with 5 devices each, two offers and a test each, through both instances', async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const bo = (server: ServerProcess, method: string, path: string, json?: unknown) =>
      call(server, method, `/api/backoffice${path}`, { token: BACKOFFICE, json });
    const keys = await Promise.all(servers.map(async (s) => (await bo(s, 'GET', '/outbox?to=nobody%40test.example')).status));
    expect(keys).toEqual([200, 200]);
    const workers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        const email = uniqueEmail('push');
        const via = i % 2 ? one : other;
        expect(
          (await call(via, 'POST', '/api/auth/register', { json: { firstName: 'A', lastName: 'B', email, password: PASSWORD, language: 'fr' } })).status,
        ).toBe(204);
        expect((await bo(via, 'POST', `/workers/${encodeURIComponent(email)}/approve-details`)).status).toBe(200);
        const token = (await call(via, 'POST', '/api/auth/login', { json: { username: email, password: PASSWORD } })).json.token as string;
        for (let d = 0; d < 5; d++)
          expect((await call(d % 2 ? one : other, 'POST', '/api/user/me/push-subscriptions', { token, json: push.device().subscription })).status).toBe(204);
        // No quiet hours: the count to wait for must not depend on Brussels' clock when the test runs (CI ran it at
        // 02:47 and counted the held rows before the senders had marked them all). Quiet hours have their own tests.
        const settings = (await call(via, 'GET', '/api/user/me/notification-settings', { token })).json;
        expect((await call(via, 'POST', '/api/user/me/notification-settings', { token, json: { ...settings, quietHours: null } })).status).toBe(200);
        return email;
      }),
    );
    const publicKeys = await Promise.all(
      servers.map(async (s) => {
        const token = (await call(s, 'POST', '/api/auth/login', { json: { username: workers[0], password: PASSWORD } })).json.token as string;
        return (await call(s, 'GET', '/api/user/me/push-key', { token })).json.publicKey as string;
      }),
    );
    expect(publicKeys[0]).toBe(publicKeys[1]);
    const offer = (server: ServerProcess) =>
      bo(server, 'POST', '/offers', {
        reference: 'PUSH-PG',
        job: 'hostess',
        shortLocation: 'Expo',
        hourlyWageCents: 1500,
        places: 5,
        answerBy: new Date(Date.now() + 3_600_000).toISOString(),
        shifts: [{ date: '2099-01-10', start: '09:00', end: '17:00' }],
        workers,
      });
    const made = await Promise.all([
      offer(one),
      offer(other),
      ...workers.map((email, i) => bo(i % 2 ? one : other, 'POST', `/workers/${encodeURIComponent(email)}/test-notification`, {})),
    ]);
    expect(made.map((m) => m.status)).toEqual([201, 201, ...workers.map(() => 202)]);
    const client = new pg.Client({ connectionString: schemaUrl(TEST_DATABASE_URL!, schema) });
    await client.connect();
    try {
      const queued = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM push_outbox')).rows[0]!.n;
      expect(queued).toBe(20 * 5 * 3);
      const expected = queued;
      await push.waitFor(expected, 30_000);
      // A little longer: a second copy would come now.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(push.receipts).toHaveLength(expected);
      const pairs = push.receipts.map((r) => `${r.payload.id} ${r.device}`);
      expect(new Set(pairs).size).toBe(expected);
      expect(push.refusals).toEqual([]);
      const states = (
        await client.query<{ sent: number; open: number }>(
          'SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, count(*) FILTER (WHERE sent_at IS NULL AND given_up_at IS NULL)::int AS open FROM push_outbox',
        )
      ).rows[0]!;
      expect(states).toEqual({ sent: expected, open: 0 });
    } finally {
      await client.end();
    }
  });
});
