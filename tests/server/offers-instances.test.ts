// Exactly once through two server processes on one PostgreSQL (npm start's server/main.ts, as in instances.test.ts):
// twenty workers accept the last place, half through each instance. PGlite allows one process per data folder, so
// the PGlite run skips this file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { TEST_DATABASE_URL, dropTestSchema, testSchema } from './helpers/database.ts';
import { schemaUrl, callInstance as call } from './helpers/instances.ts';
import { PASSWORD, uniqueEmail } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 60_000 });

const BACKOFFICE = 'offers-instances-token';
let schema: string;
let servers: ServerProcess[] = [];
const folders: string[] = [];

describe.skipIf(!TEST_DATABASE_URL)('offers through two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    schema = (await testSchema(null))!;
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-offers-instance-'));
      folders.push(dataDir);
      return startServerProcess({ dataDir, env: { DATABASE_URL: schemaUrl(TEST_DATABASE_URL!, schema), BACKOFFICE_TOKEN: BACKOFFICE }, timeoutMs: 110_000 });
    };
    servers = await Promise.all([start(), start()]);
  });

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    if (schema) await dropTestSchema(schema);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  it('twenty accepts at the last place, half through each: one mission, nineteen offer_filled, nothing else', async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const bo = (method: string, path: string, json?: unknown) => call(one, method, `/api/backoffice${path}`, { token: BACKOFFICE, json });
    const worker = async () => {
      const email = uniqueEmail('race');
      expect(
        (await call(one, 'POST', '/api/auth/register', { json: { firstName: 'A', lastName: 'B', email, password: PASSWORD, language: 'fr' } })).status,
      ).toBe(204);
      expect((await bo('POST', `/workers/${encodeURIComponent(email)}/approve-details`)).status).toBe(200);
      const token = (await call(other, 'POST', '/api/auth/login', { json: { username: email, password: PASSWORD } })).json.token as string;
      return { email, token };
    };
    const racers = await Promise.all(Array.from({ length: 20 }, worker));
    const answerBy = new Date(Date.now() + 3_600_000).toISOString();
    const created = await bo('POST', '/offers', {
      reference: 'RACE-PG',
      job: 'hostess',
      shortLocation: 'Expo',
      hourlyWageCents: 1500,
      places: 1,
      answerBy,
      shifts: [{ date: '2099-01-10', start: '09:00', end: '17:00' }],
      workers: racers.map((r) => r.email),
    });
    expect(created.status).toBe(201);
    const offer = created.json.offer as string;

    const answers = await Promise.all(
      racers.map((r, i) => call(i % 2 ? one : other, 'POST', `/api/user/me/offers/${offer}/accept`, { token: r.token, json: {} })),
    );

    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.code)).toEqual(Array(19).fill('offer_filled'));
    const client = new pg.Client({ connectionString: schemaUrl(TEST_DATABASE_URL!, schema) });
    await client.connect();
    try {
      expect((await client.query('SELECT count(*)::int AS n FROM missions WHERE offer_id = $1', [offer])).rows).toEqual([{ n: 1 }]);
      expect((await client.query('SELECT places_taken FROM offers WHERE id = $1', [offer])).rows).toEqual([{ places_taken: 1 }]);
      expect(
        (await client.query('SELECT answer, count(*)::int AS n FROM offer_recipients WHERE offer_id = $1 GROUP BY answer ORDER BY answer', [offer])).rows,
      ).toEqual([
        { answer: 'accepted', n: 1 },
        { answer: null, n: 19 },
      ]);
    } finally {
      await client.end();
    }
    // Through either instance, everyone now reads it filled, except the one who has it.
    const seen = await Promise.all(racers.map((r, i) => call(i % 2 ? other : one, 'GET', `/api/user/me/offers/${offer}`, { token: r.token })));
    expect(seen.map((s) => s.json.status).sort()).toEqual(['accepted', ...Array(19).fill('filled')]);
  });
});
