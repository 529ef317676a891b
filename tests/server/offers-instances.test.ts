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

  const bo = (method: string, path: string, json?: unknown) => call(servers[0]!, method, `/api/backoffice${path}`, { token: BACKOFFICE, json });
  const worker = async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const email = uniqueEmail('race');
    expect((await call(one, 'POST', '/api/auth/register', { json: { firstName: 'A', lastName: 'B', email, password: PASSWORD, language: 'fr' } })).status).toBe(
      204,
    );
    expect((await bo('POST', `/workers/${encodeURIComponent(email)}/approve-details`)).status).toBe(200);
    const token = (await call(other, 'POST', '/api/auth/login', { json: { username: email, password: PASSWORD } })).json.token as string;
    return { email, token };
  };
  const newOffer = async (workers: Array<{ email: string }>, places: number, more: Record<string, unknown> = {}) => {
    const created = await bo('POST', '/offers', {
      reference: 'RACE-PG',
      job: 'hostess',
      shortLocation: 'Expo',
      hourlyWageCents: 1500,
      places,
      answerBy: new Date(Date.now() + 3_600_000).toISOString(),
      shifts: [{ date: '2099-01-10', start: '09:00', end: '17:00' }],
      workers: workers.map((w) => w.email),
      ...more,
    });
    expect(created.status).toBe(201);
    return created.json.offer as string;
  };
  const act = (server: ServerProcess, w: { token: string }, offer: string, action: string, json: unknown = {}) =>
    call(server, 'POST', `/api/user/me/offers/${offer}/${action}`, { token: w.token, json });
  const query = async (sql: string, params: unknown[]) => {
    const client = new pg.Client({ connectionString: schemaUrl(TEST_DATABASE_URL!, schema) });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  const planned = (offer: string) =>
    query("SELECT w.email FROM missions m JOIN workers w ON w.id = m.worker_id WHERE m.offer_id = $1 AND m.status = 'planned' ORDER BY w.email", [offer]);
  const waiting = (offer: string) =>
    query("SELECT w.email FROM offer_recipients r JOIN workers w ON w.id = r.worker_id WHERE r.offer_id = $1 AND r.answer = 'waiting' ORDER BY r.queued", [
      offer,
    ]);

  it('twenty accepts at the last place, half through each: one mission, nineteen offer_filled, nothing else', async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const racers = await Promise.all(Array.from({ length: 20 }, worker));
    const offer = await newOffer(racers, 1);

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

  it('two places given back at once through each instance, three waiting: exactly the first two get them (decision 261)', async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const [g1, g2, w1, w2, w3] = await Promise.all(Array.from({ length: 5 }, worker));
    const offer = await newOffer([g1!, g2!, w1!, w2!, w3!], 2);
    expect((await act(one, g1!, offer, 'accept')).status).toBe(200);
    expect((await act(other, g2!, offer, 'accept')).status).toBe(200);
    for (const w of [w1!, w2!, w3!]) expect((await act(one, w, offer, 'waitlist')).json.status).toBe('waitlisted');

    const back = await Promise.all([act(one, g1!, offer, 'give-back', { reason: 'Malade.' }), act(other, g2!, offer, 'give-back', { reason: 'Examen.' })]);
    expect(back.map((b) => b.status)).toEqual([200, 200]);

    expect(await planned(offer)).toEqual([{ email: w1!.email }, { email: w2!.email }].sort((a, b) => (a.email < b.email ? -1 : 1)));
    expect(await waiting(offer)).toEqual([{ email: w3!.email }]);
    expect(await query('SELECT places_taken FROM offers WHERE id = $1', [offer])).toEqual([{ places_taken: 2 }]);
  });

  it('twenty joining the waitlist and one giving back at once, half through each: one consistent line', async () => {
    const [one, other] = servers as [ServerProcess, ServerProcess];
    const holder = await worker();
    const joiners = await Promise.all(Array.from({ length: 20 }, worker));
    const offer = await newOffer([holder, ...joiners], 1);
    expect((await act(one, holder, offer, 'accept')).status).toBe(200);

    const answers = await Promise.all([
      ...joiners.map((j, i) => act(i % 2 ? one : other, j, offer, 'waitlist')),
      act(other, holder, offer, 'give-back', { reason: 'Malade.' }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(21).fill(200));

    const got = await planned(offer);
    const line = (await waiting(offer)).map((r: { email: string }) => r.email);
    expect(got).toHaveLength(1);
    expect(line).toHaveLength(19);
    expect(new Set([...line, got[0].email])).toEqual(new Set(joiners.map((j) => j.email)));
    const seen = await Promise.all(
      line.map((email: string, i: number) =>
        call(i % 2 ? one : other, 'GET', `/api/user/me/offers/${offer}`, { token: joiners.find((j) => j.email === email)!.token }),
      ),
    );
    expect(seen.map((s) => s.json.waitlistPosition)).toEqual(line.map((_: string, i: number) => i + 1));
  });
});
