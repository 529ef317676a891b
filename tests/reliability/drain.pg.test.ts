// Deploys drain (docs/decisions/181-drain-on-sigterm.md). SIGTERM while 50 requests are in flight (held on a row lock
// this test takes, so that they are slow for as long as the test says, with nothing slowed in the server): readiness
// turns "not ready" before the port closes, all 50 complete, the process exits 0. Then a rolling restart of two
// instances behind a round-robin proxy that probes readiness (helpers/round-robin-proxy.ts), under load: no request
// fails. Real server processes on one PostgreSQL schema; PostgreSQL run only (npm run test:server:pg, CI).
import { get, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LOAD_PASSWORD, prepareWorkersIn, type LoadWorker } from '../../scripts/lib/load-workers.ts';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { openPostgres } from '../../server/storage/postgres.ts';
import { TEST_DATABASE_URL, dropTestSchema, testSchema } from '../server/helpers/database.ts';
import { roundRobinProxy } from './helpers/round-robin-proxy.ts';
import { steadyLoad } from './helpers/steady-load.ts';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 120_000 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let schema: string;
let url: string;
let workers: LoadWorker[];
const folders: string[] = [];

/**
 * The readiness answer on a connection of its own (a keep-alive one would outlive the port), 'refused', or 'reset'
 * (a probe that reached the port in the instant it closed: on a loaded machine it happens).
 */
const readiness = (base: string) =>
  new Promise<number | 'refused' | 'reset'>((resolve) => {
    const req = get(`${base}/api/health/ready`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED' ? 'refused' : error.code === 'ECONNRESET' ? 'reset' : 0));
  });

describe.skipIf(!TEST_DATABASE_URL)('a stop drains', () => {
  beforeAll(async () => {
    schema = (await testSchema(null))!;
    const u = new URL(TEST_DATABASE_URL!);
    u.searchParams.set('options', `-c search_path=${schema}`);
    url = u.toString();
    const db = await openPostgres(TEST_DATABASE_URL!, { schema });
    workers = await prepareWorkersIn(db, 10, 0, 10).finally(() => db.close());
  });
  afterAll(async () => {
    if (schema) await dropTestSchema(schema);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const start = (env: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-drain-'));
    folders.push(dataDir);
    return startServerProcess({ dataDir, env: { DATABASE_URL: url, DRAIN_NOTICE_MS: '500', ...env }, timeoutMs: 110_000 });
  };
  const login = async (base: string, email: string) =>
    (
      (await (
        await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: email, password: LOAD_PASSWORD }),
        })
      ).json()) as { token: string }
    ).token;

  it('SIGTERM with 50 slow requests in flight: not ready before the port closes, all 50 complete, exit 0', async () => {
    // Its connections carry a name of their own: other test files share this PostgreSQL cluster.
    const name = `drain_${process.pid}_${Date.now()}`;
    const named = new URL(url);
    named.searchParams.set('application_name', name);
    const server = await start({ DATABASE_URL: named.toString(), DATABASE_POOL_MAX: '60', DRAIN_TIMEOUT_MS: '60000' });
    const worker = workers[0]!;
    const token = await login(server.url, worker.email);
    const lock = new pg.Client({ connectionString: url });
    await lock.connect();
    try {
      // Every save waits for this lock until the test commits: slow for as long as the test says.
      await lock.query('BEGIN');
      await lock.query('LOCK TABLE availabilities IN EXCLUSIVE MODE');
      let answered = 0;
      // Each on a connection of its own (fetch's pool holds some back), each on a day of its own.
      const save = (i: number) =>
        new Promise<number>((resolve, reject) => {
          const body = JSON.stringify([{ day: 1 + (i % 25), morning: true, afternoon: false, evening: false }]);
          const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) };
          const req = request(`${server.url}/api/user/me/availabilities/2031/${1 + Math.floor(i / 25)}`, { method: 'POST', agent: false, headers }, (res) => {
            answered++;
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end(body);
        });
      const slow = Array.from({ length: 50 }, (_, i) => save(i));
      for (const answer of slow) answer.catch(() => undefined); // awaited below; a failure before that is the test's
      // The first saves wait for the lock; the rest wait for them (or for a connection): all 50 are in the server,
      // which its drain_started event confirms below.
      await vi.waitUntil(
        async () =>
          Number((await lock.query(`SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'`, [name])).rows[0].n) >
          0,
        { timeout: 30_000, interval: 50 },
      );
      await sleep(1_500);

      server.child.kill('SIGTERM');
      const seen: Array<number | 'refused' | 'reset'> = [];
      while (seen.at(-1) !== 'refused') {
        seen.push(await readiness(server.url));
        expect(seen.length).toBeLessThan(2_000);
      }
      const firstNotReady = seen.indexOf(503);
      expect(firstNotReady, `readiness before the port closed: ${seen.join(' ')}`).toBeGreaterThanOrEqual(0);
      // From the first "not ready" on, every probe says so until the port closes (a reset only as it closes).
      const closing = seen.slice(firstNotReady, -1);
      while (closing.at(-1) === 'reset') closing.pop();
      expect(
        closing.every((s) => s === 503),
        `readiness after the first 503: ${closing.join(' ')}`,
      ).toBe(true);
      expect(answered, 'the 50 are still in flight when the port has closed').toBe(0);
      expect(server.child.exitCode).toBeNull();

      await lock.query('COMMIT');
      expect(await Promise.all(slow)).toEqual(Array.from({ length: 50 }, () => 204));
      expect(await server.exited).toBe(0);
      const started = JSON.parse(
        server
          .output()
          .split('\n')
          .find((line) => line.includes('"event":"drain_started"'))!,
      ) as { inFlight: number };
      // The 50, and perhaps the first readiness probe, sent just as the signal went.
      expect(started.inFlight, 'requests in flight when the stop began').toBeGreaterThanOrEqual(50);
      const events = [...server.output().matchAll(/"event":"(\w+)"/g)].map((m) => m[1]);
      expect(events).toEqual(expect.arrayContaining(['drain_started', 'port_closed', 'stopped']));
      expect(events).not.toContain('drain_timeout');
    } finally {
      await lock.end();
      await server.stop('SIGKILL');
    }
  });

  it('a rolling restart of two instances behind a round-robin proxy, under load: no request fails', async () => {
    // The default notice (2 s) would do; 1.5 s leaves the proxy two probes of 100 ms even on a busy machine.
    const restartable = () => start({ DRAIN_NOTICE_MS: '1500' });
    const servers: ServerProcess[] = await Promise.all([restartable(), restartable()]);
    const proxy = await roundRobinProxy(servers.map((s) => s.url));
    const load = await steadyLoad(() => [proxy.url], workers.slice(1), { pauseMs: 10 });
    try {
      await sleep(1_000);
      for (const i of [0, 1]) {
        const old = servers[i]!;
        expect(await old.stop('SIGTERM')).toBe(0);
        const fresh = await restartable();
        servers[i] = fresh;
        proxy.setBackends(servers.map((s) => s.url));
        await vi.waitUntil(() => proxy.healthy(fresh.url), { timeout: 10_000, interval: 20 });
        await sleep(500);
      }
    } finally {
      await load.stop();
      await proxy.close();
      await Promise.all(servers.map((s) => s.stop('SIGTERM')));
    }
    const failed = load.outcomes.filter((o) => o.status !== 200 && o.status !== 204);
    expect(proxy.failures, JSON.stringify(proxy.failures)).toEqual([]);
    expect(failed, `every request of the load was answered 200 or 204: ${JSON.stringify(failed)}`).toEqual([]);
    expect(load.outcomes.length).toBeGreaterThan(200);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string }>(
        `SELECT w.email || ' ' || to_char(a.day, 'YYYY-MM-DD') AS key FROM availabilities a JOIN workers w ON w.id = a.worker_id`,
      );
      const stored = new Set(rows.map((r) => r.key));
      expect(load.acknowledged.filter((s) => !stored.has(`${s.email} ${s.day}`))).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
