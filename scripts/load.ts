/**
 * `npm run load [-- --workers 200 --seconds 20 --missions 8 --scrypt-log2n 12 --instances 1]`: the reference server on
 * 127.0.0.1 (a free port, a fresh temp data folder, stopped and removed at the end) driven by concurrent workers who
 * log in, read and save their availabilities, read their documents to sign and sign them (spec §7), sometimes
 * sending a signing request twice at once as a double click would. Every acknowledged write carries a unique marker
 * (its own day with its own slot pattern; its own comment); after the run the database itself is read and each
 * acknowledged write must be stored exactly once, and nothing refused may be stored. Prints throughput and latency
 * percentiles. Exits 1 on any lost, duplicated or phantom write, any 5xx or any failed connection.
 *
 * `--instances N` (N > 1) runs N servers on one PostgreSQL and sends the requests round robin (a worker's next
 * request goes to the next instance: signed in through one, saving through another; the two copies of a double
 * click to two of them). The database is TEST_DATABASE_URL's (a schema of its own, dropped at the end); without
 * it the script runs itself again under scripts/with-postgres.sh (a throw-away cluster). TEST_DATABASE_URL with one
 * instance runs that one on PostgreSQL too.
 *
 * `--restart-database` runs on a PostgreSQL cluster of its own (scripts/lib/pg-cluster.ts) and restarts it halfway
 * through (a fast shutdown, then a start): it reports the requests that failed while the database was away (503
 * database_unavailable, expected then) and how long after its return the servers answered again. Any other failure,
 * a 503 outside that window, or an acknowledged write that is not stored still fails the run; a write answered 503 may
 * or may not be stored (its confirmation may be what was lost), so neither is counted against it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { Db } from '../server/storage/db.ts';
import { openPglite } from '../server/storage/pglite.ts';
import { openPostgres } from '../server/storage/postgres.ts';
import { Latencies } from './lib/latency.ts';
import { LOAD_PASSWORD, prepareWorkersIn, type LoadWorker } from './lib/load-workers.ts';
import { createPgCluster } from './lib/pg-cluster.ts';
import { ROOT, startServerProcess, type ServerProcess } from './lib/server-process.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
    missions: { type: 'string', default: '8' },
    'scrypt-log2n': { type: 'string', default: '12' },
    instances: { type: 'string', default: '1' },
    'restart-database': { type: 'boolean', default: false },
  },
});
const WORKERS = Number(values.workers);
const SECONDS = Number(values.seconds);
const MISSIONS = Number(values.missions);
const SCRYPT_LOG2N = Number(values['scrypt-log2n']);
const INSTANCES = Number(values.instances);
const RESTART_DATABASE = values['restart-database'];
const cluster = RESTART_DATABASE ? await createPgCluster() : null;
const POSTGRES_URL = cluster?.url ?? (process.env.TEST_DATABASE_URL || null);

if (INSTANCES > 1 && !POSTGRES_URL) {
  // Several instances need a database they can share: this same command again, beside a throw-away cluster.
  const again = spawnSync(join(ROOT, 'scripts/with-postgres.sh'), [process.execPath, '--import', 'tsx', ...process.argv.slice(1)], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  process.exit(again.status ?? 1);
}

/** The kinds of request that only read (their p99 is the server figure of §11). */
const READS = ['read availabilities', 'documents to sign', 'general info'];

/** The k-th availability write of a worker: a day of its own (never written twice) and a pattern of its own. */
const slotWrite = (k: number) => ({
  year: 2030 + Math.floor(k / 336),
  month: 1 + (Math.floor(k / 28) % 12),
  edit: { day: 1 + (k % 28), morning: k % 2 === 0, afternoon: k % 3 === 0, evening: k % 5 !== 0 },
});
const dayOf = (w: ReturnType<typeof slotWrite>) => `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.edit.day).padStart(2, '0')}`;

const latency: Record<string, Latencies> = {};
const failures: string[] = [];
let requests = 0;
/** When each 503 database_unavailable was answered (ms since the epoch): expected while the database restarts, only then. */
const unavailable: Array<{ at: number; kind: string }> = [];

async function call(url: string, kind: string, init: RequestInit): Promise<{ status: number; body: unknown }> {
  const t0 = performance.now();
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (error) {
    failures.push(`${kind}: connection failed: ${(error as Error).message}`);
    return { status: 0, body: null };
  }
  const text = await res.text();
  (latency[kind] ??= new Latencies()).add(performance.now() - t0);
  requests++;
  if (res.status === 503 && text.includes('"database_unavailable"')) unavailable.push({ at: Date.now(), kind });
  else if (res.status >= 500) failures.push(`${kind}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

type Acks = {
  slots: Map<string, Map<string, ReturnType<typeof slotWrite>['edit']>>;
  /** Writes answered 503: the database may have kept them (`email day` and signing comments). */
  unsure: Set<string>;
  refusedSlots: number;
  signing: Map<string, number>;
  signingSent: Set<string>;
};

/** The next instance's address, round robin over every request of the run. */
function roundRobin(bases: string[]): () => string {
  let next = 0;
  return () => bases[next++ % bases.length]!;
}

async function driveWorker(base: () => string, w: LoadWorker, index: number, deadline: number, acks: Acks) {
  // Each worker on a phone of their own: their own address, as a proxy in front of the servers would pass it on
  // (TRUST_PROXY=1). From one address, 200 sign-ins at the same instant would meet the per-address limit (decision 141).
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  const json = (token: string | null, body?: unknown): RequestInit => ({
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Forwarded-For': address,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let token: string | null = null;
  let k = 0;
  let nextMission = 0;
  const mySlots = new Map<string, ReturnType<typeof slotWrite>['edit']>();
  acks.slots.set(w.email, mySlots);
  for (let action = 0; Date.now() < deadline; action++) {
    if (!token || action % 40 === 0) {
      const res = await call(`${base()}/api/auth/login`, 'login', json(null, { username: w.email, password: LOAD_PASSWORD, remember: false }));
      if (res.status === 503) {
        token = null;
        await new Promise((resolve) => setTimeout(resolve, 200));
        continue;
      }
      if (res.status !== 200) {
        failures.push(`login of ${w.email} answered ${res.status}`);
        return;
      }
      token = (res.body as { token: string }).token;
    }
    const dice = Math.random();
    if (dice < 0.55) {
      const write = slotWrite(k++);
      const res = await call(`${base()}/api/user/me/availabilities/${write.year}/${write.month}`, 'save availabilities', json(token, [write.edit]));
      if (res.status === 204) mySlots.set(dayOf(write), write.edit);
      else if (res.status === 503) acks.unsure.add(`${w.email} ${dayOf(write)}`);
      else acks.refusedSlots++;
    } else if (dice < 0.7) {
      const write = slotWrite(Math.floor(Math.random() * Math.max(1, k)));
      await call(`${base()}/api/user/me/availabilities/${write.year}/${write.month}`, 'read availabilities', json(token));
    } else if (dice < 0.8) {
      await call(`${base()}/api/user/me/documents/documents-to-sign`, 'documents to sign', json(token));
    } else if (dice < 0.9 && nextMission < w.missions.length) {
      const mission = w.missions[nextMission++]!;
      const comment = `load ${w.email} ${mission}`;
      acks.signingSent.add(comment);
      // One time in four the same request goes twice at once (a double click, a retry): one may be acknowledged.
      const copies = Math.random() < 0.25 ? 2 : 1;
      const answers = await Promise.all(
        Array.from({ length: copies }, () => call(`${base()}/api/user/me/documents/mark-for-signing`, 'sign missions', json(token, [{ mission, comment }]))),
      );
      acks.signing.set(comment, answers.filter((a) => a.status === 200).length);
      if (answers.some((a) => a.status === 503)) acks.unsure.add(comment);
    } else {
      await call(`${base()}/api/user/me/info`, 'general info', json(token));
    }
  }
}

async function verify(db: Db, workers: LoadWorker[], acks: Acks): Promise<string[]> {
  const problems: string[] = [];
  const rows = await db.query<{ email: string; day: string; morning: boolean; afternoon: boolean; evening: boolean }>(
    `SELECT w.email, to_char(a.day, 'YYYY-MM-DD') AS day, morning, afternoon, evening FROM availabilities a JOIN workers w ON w.id = a.worker_id
     WHERE w.email LIKE 'load-%' AND a.day >= '2030-01-01'`,
  );
  const stored = new Map(rows.map((r) => [`${r.email} ${r.day}`, r]));
  for (const w of workers)
    for (const [day, edit] of acks.slots.get(w.email) ?? []) {
      const row = stored.get(`${w.email} ${day}`);
      if (!row) problems.push(`lost: availability ${day} of ${w.email}`);
      else if (row.morning !== edit.morning || row.afternoon !== edit.afternoon || row.evening !== edit.evening)
        problems.push(`changed: availability ${day} of ${w.email}`);
    }
  const phantom = rows.filter((r) => !acks.slots.get(r.email)?.has(r.day) && !acks.unsure.has(`${r.email} ${r.day}`));
  if (phantom.length) problems.push(`${phantom.length} availability rows stored that were never acknowledged`);

  const signed = await db.query<{ comment: string; n: number }>(
    `SELECT comment, count(*)::int AS n FROM signing_requests WHERE comment LIKE 'load %' GROUP BY comment`,
  );
  const storedSigning = new Map(signed.map((r) => [r.comment, r.n]));
  for (const comment of acks.signingSent) {
    const acked = acks.signing.get(comment) ?? 0;
    const n = storedSigning.get(comment) ?? 0;
    if (acked > 1) problems.push(`duplicate acknowledgement: ${comment} (${acked} times)`);
    const allowed = acked > 0 ? [1] : acks.unsure.has(comment) ? [0, 1] : [0];
    if (!allowed.includes(n)) problems.push(`signing request ${comment}: acknowledged ${acked}, stored ${n}`);
  }
  return problems;
}

type Restart = { from: number; back: number; recovered: number[] };

/** Restarts the cluster after `afterMs`; answers when it went down, came back, and when each server answered again. */
async function restartHalfway(pgCluster: NonNullable<typeof cluster>, servers: ServerProcess[], afterMs: number): Promise<Restart> {
  await new Promise((resolve) => setTimeout(resolve, afterMs));
  const from = Date.now();
  await pgCluster.restart();
  const back = Date.now();
  const recovered = await Promise.all(
    servers.map(async (s) => {
      while (
        (await fetch(`${s.url}/api/health/ready`)
          .then((r) => (r.body?.cancel(), r.status))
          .catch(() => 0)) !== 200
      )
        await new Promise((r) => setTimeout(r, 20));
      return Date.now() - back;
    }),
  );
  return { from, back, recovered };
}

/** Prints what the restart cost; answers the 503s that came outside it (failures). */
function reportRestart(r: Restart): string[] {
  // Answered once the restart began (requests in flight then fail with it), or up to DATABASE_WAIT_MS and a little
  // after the return (a request that waited for the database may be answered just after it came back).
  const during = unavailable.filter((u) => u.at >= r.from && u.at <= r.back + 2_500);
  const byKind = new Map<string, number>();
  for (const u of during) byKind.set(u.kind, (byKind.get(u.kind) ?? 0) + 1);
  console.log(
    `\ndatabase restart: down ${r.back - r.from} ms; ${during.length} requests failed during it (503 database_unavailable: ${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}); readiness back ${r.recovered.join(' / ')} ms after the return`,
  );
  return unavailable.filter((u) => !during.includes(u)).map((u) => `${u.kind}: 503 outside the database restart`);
}

/** Where the run keeps its data: a PGlite folder, or a schema of its own on PostgreSQL (with the URL its servers use). */
async function openStore(dataDir: string): Promise<{ open: () => Promise<Db>; serverUrl: string | null; drop: () => Promise<void> }> {
  if (!POSTGRES_URL) return { open: () => openPglite(join(dataDir, 'db')), serverUrl: null, drop: async () => undefined };
  const schema = `load_${randomBytes(6).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return { open: () => openPostgres(POSTGRES_URL, { schema }), serverUrl: url.toString(), drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
let exitCode = 1;
let store: Awaited<ReturnType<typeof openStore>> | null = null;
try {
  const t0 = Date.now();
  store = await openStore(dataDir);
  const setup = await store.open();
  const workers = await prepareWorkersIn(setup, WORKERS, MISSIONS, SCRYPT_LOG2N).finally(() => setup.close());
  console.log(
    `prepared ${WORKERS} approved workers (password hashes at scrypt N=2^${SCRYPT_LOG2N}) with a validated signature and ${MISSIONS} missions each in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );
  const servers: ServerProcess[] = await Promise.all(
    Array.from({ length: INSTANCES }, (_, i) =>
      startServerProcess({
        dataDir: store!.serverUrl ? join(dataDir, `instance-${i}`) : dataDir,
        env: { TRUST_PROXY: '1', ...(store!.serverUrl ? { DATABASE_URL: store!.serverUrl } : {}) },
      }),
    ),
  );
  const where = store.serverUrl ? `${INSTANCES} instance${INSTANCES > 1 ? 's' : ''} on one PostgreSQL (round robin)` : 'PGlite';
  console.log(`${servers.map((s) => s.url).join(', ')}: ${where}; ${WORKERS} concurrent workers for ${SECONDS} s…`);
  const acks: Acks = { slots: new Map(), unsure: new Set(), refusedSlots: 0, signing: new Map(), signingSent: new Set() };
  const started = performance.now();
  const next = roundRobin(servers.map((s) => s.url));
  const restart = cluster ? restartHalfway(cluster, servers, SECONDS * 500) : null;
  await Promise.all(workers.map((w, i) => driveWorker(next, w, i, Date.now() + SECONDS * 1000, acks)));
  const elapsed = (performance.now() - started) / 1000;
  const restarted = await restart;
  for (const [i, server] of servers.entries()) {
    const stopped = await server.stop('SIGTERM');
    if (stopped !== 0) failures.push(`instance ${i} stopped with ${stopped}`);
  }

  const check = await store.open();
  const problems = await verify(check, workers, acks).finally(() => check.close());
  const writes = [...acks.slots.values()].reduce((n, m) => n + m.size, 0) + [...acks.signing.values()].filter((n) => n > 0).length;
  console.log(
    `\n${requests} requests in ${elapsed.toFixed(1)} s: ${(requests / elapsed).toFixed(0)} requests/s, ${(writes / elapsed).toFixed(0)} acknowledged writes/s (${writes} in all)`,
  );
  for (const [kind, l] of Object.entries(latency).sort()) console.log(`  ${kind.padEnd(20)} ${l.summary()}`);
  const all = Latencies.merge(Object.values(latency));
  console.log(`  ${'reads'.padEnd(20)} ${Latencies.merge(READS.map((k) => latency[k] ?? new Latencies())).summary()}`);
  console.log(`  ${'all requests'.padEnd(20)} ${all.summary()}`);
  console.log(`refused availability writes (4xx, must not be stored): ${acks.refusedSlots}`);
  console.log(`signing requests sent: ${acks.signingSent.size}, acknowledged: ${[...acks.signing.values()].filter((n) => n > 0).length}`);
  if (restarted) failures.push(...reportRestart(restarted));
  else failures.push(...unavailable.map((u) => `${u.kind}: 503 database_unavailable with no database restart`));
  const bad = [...failures, ...problems];
  if (bad.length) {
    console.error(`\n✗ ${bad.length} problems:\n  ${bad.slice(0, 30).join('\n  ')}`);
  } else {
    const other = RESTART_DATABASE ? ' besides the restart’s 503s' : '';
    console.log(`\n✓ every acknowledged write is stored exactly once; nothing refused was stored; no 5xx${other}, no failed connection`);
    exitCode = 0;
  }
} catch (error) {
  console.error(error);
} finally {
  await store?.drop();
  await cluster?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
