// The database goes away under load (docs/decisions/180-database-outages.md): on a throw-away PostgreSQL cluster of its
// own (scripts/lib/pg-cluster.ts), under a steady load of reads and availability saves, every portal connection is
// terminated, then PostgreSQL restarts, then it stops for 3 s and starts. The server processes never exit, answer 503
// database_unavailable with Retry-After while it is away (never another 5xx, never a dropped connection), serve again
// within 1 s of its return, log the outage and the recovery, and every acknowledged save is in the database afterwards.
// Once with one instance, once with two behind round robin. PostgreSQL run only (npm run test:server:pg, CI).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareWorkersIn, type LoadWorker } from '../../scripts/lib/load-workers.ts';
import { createPgCluster, type PgCluster } from '../../scripts/lib/pg-cluster.ts';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import { openPostgres } from '../../server/storage/postgres.ts';
import { TEST_DATABASE_URL } from '../server/helpers/database.ts';
import { steadyLoad, type Outcome } from './helpers/steady-load.ts';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 120_000 });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let cluster: PgCluster;
let workers: LoadWorker[];
const folders: string[] = [];

describe.skipIf(!TEST_DATABASE_URL)('the database goes away under load', () => {
  beforeAll(async () => {
    cluster = await createPgCluster();
    const db = await openPostgres(cluster.url);
    workers = await prepareWorkersIn(db, 8, 0, 10).finally(() => db.close());
  });
  afterAll(async () => {
    await cluster?.destroy();
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const start = () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-outage-'));
    folders.push(dataDir);
    return startServerProcess({ dataDir, env: { DATABASE_URL: cluster.url, DATABASE_WAIT_MS: '1000' }, timeoutMs: 110_000 });
  };

  /** How long after the database's return each instance answers a read again (polled every 20 ms). */
  async function recovery(servers: ServerProcess[], token: string, returnedAt: number): Promise<number[]> {
    return Promise.all(
      servers.map(async (s) => {
        for (;;) {
          const res = await fetch(`${s.url}/api/user/me/info`, { headers: { Authorization: `Bearer ${token}` } }).catch(() => null);
          if (res?.status === 200) return Date.now() - returnedAt;
          await res?.text();
          if (Date.now() - returnedAt > 10_000) return Infinity;
          await sleep(20);
        }
      }),
    );
  }

  async function scenario(servers: ServerProcess[]) {
    const t0 = Date.now();
    const load = await steadyLoad(() => servers.map((s) => s.url), workers);
    const token = await fetch(`${servers[0]!.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: workers[0]!.email, password: 'load-test-password' }),
    }).then(async (r) => ((await r.json()) as { token: string }).token);
    await sleep(800);

    expect(await cluster.terminateConnections()).toBeGreaterThan(0);
    await sleep(800);

    await cluster.restart();
    const afterRestart = await recovery(servers, token, Date.now());
    await sleep(500);

    await cluster.stop();
    const away = { from: Date.now(), to: 0 };
    await sleep(3_000);
    // While it is away, readiness says so (a load balancer takes the instances out), liveness does not.
    for (const s of servers) {
      expect((await fetch(`${s.url}/api/health/ready`)).status).toBe(503);
      expect((await fetch(`${s.url}/api/health/live`)).status).toBe(200);
    }
    await cluster.start();
    away.to = Date.now();
    const afterStop = await recovery(servers, token, away.to);
    await sleep(800);
    await load.stop();

    const outcomes = load.outcomes;
    const failedOtherwise = outcomes.filter((o) => ![200, 204, 503].includes(o.status));
    expect(failedOtherwise, 'only 200, 204 and 503: no other 5xx, no dropped connection').toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    expect(unavailable.every((o) => o.code === 'database_unavailable' && o.retryAfter === '2')).toBe(true);
    // Every instance answered 503 while the database was stopped.
    for (const s of servers) expect(unavailable.filter((o) => o.base === s.url && o.at >= away.from && o.at < away.to).length, s.url).toBeGreaterThan(0);
    expect(Math.max(...afterRestart, ...afterStop), `back within 1 s: ${afterRestart} / ${afterStop} ms`).toBeLessThanOrEqual(1_000);
    for (const s of servers) {
      expect(s.child.exitCode, 'the process is still running').toBeNull();
      expect(s.output()).toMatch(/"event":"database_unavailable"/);
      expect(s.output()).toMatch(/"event":"database_available"/);
    }
    await checkSavesStored(load.acknowledged);
    const served = (o: Outcome) => o.status === 200 || o.status === 204;
    return {
      seconds: (Date.now() - t0) / 1000,
      requests: outcomes.length,
      served: outcomes.filter(served).length,
      unavailable: unavailable.length,
      afterRestart,
      afterStop,
    };
  }

  async function checkSavesStored(saves: Array<{ email: string; day: string; morning: boolean; evening: boolean }>) {
    expect(saves.length).toBeGreaterThan(20);
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string; day: string; morning: boolean; evening: boolean }>(
        `SELECT w.email, to_char(a.day, 'YYYY-MM-DD') AS day, a.morning, a.evening FROM availabilities a JOIN workers w ON w.id = a.worker_id`,
      );
      const stored = new Map(rows.map((r) => [`${r.email} ${r.day}`, r]));
      const lost = saves.filter((s) => {
        const row = stored.get(`${s.email} ${s.day}`);
        return !row || row.morning !== s.morning || row.evening !== s.evening;
      });
      expect(lost, 'every acknowledged save is stored as acknowledged').toEqual([]);
    } finally {
      await client.end();
    }
  }

  it('one instance: never exits, 503 while away, back within 1 s, no acknowledged save lost', async () => {
    const server = await start();
    try {
      const result = await scenario([server]);
      console.log('one instance:', JSON.stringify(result));
    } finally {
      expect(await server.stop('SIGTERM')).toBe(0);
    }
  });

  it('two instances behind round robin: the same for both', async () => {
    const servers = await Promise.all([start(), start()]);
    try {
      const result = await scenario(servers);
      console.log('two instances:', JSON.stringify(result));
    } finally {
      expect(await Promise.all(servers.map((s) => s.stop('SIGTERM')))).toEqual([0, 0]);
    }
  });
});
