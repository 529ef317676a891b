/**
 * `npm run load [-- --workers 200 --seconds 20 --missions 8 --scrypt-log2n 12]`: the reference server on 127.0.0.1 (a free port, a fresh temp
 * data folder, stopped and removed at the end) driven by concurrent workers who log in, read and save their
 * availabilities, read their documents to sign and sign them (spec §7), sometimes sending a signing request
 * twice at once as a double click would. Every acknowledged write carries a unique marker (its own day with its
 * own slot pattern; its own comment); after the run the data folder itself is read and each acknowledged write
 * must be stored exactly once, and nothing refused may be stored. Prints throughput and latency percentiles.
 * Exits 1 on any lost, duplicated or phantom write, any 5xx or any failed connection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openPglite } from '../server/storage/pglite.ts';
import { Latencies } from './lib/latency.ts';
import { LOAD_PASSWORD, prepareWorkers, type LoadWorker } from './lib/load-workers.ts';
import { startServerProcess } from './lib/server-process.ts';

const { values } = parseArgs({ options: { workers: { type: 'string', default: '200' }, seconds: { type: 'string', default: '20' }, missions: { type: 'string', default: '8' }, 'scrypt-log2n': { type: 'string', default: '12' } } });
const WORKERS = Number(values.workers);
const SECONDS = Number(values.seconds);
const MISSIONS = Number(values.missions);
const SCRYPT_LOG2N = Number(values['scrypt-log2n']);

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
  if (res.status >= 500) failures.push(`${kind}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, body: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

type Acks = { slots: Map<string, Map<string, ReturnType<typeof slotWrite>['edit']>>; refusedSlots: number; signing: Map<string, number>; signingSent: Set<string> };

async function driveWorker(base: string, w: LoadWorker, deadline: number, acks: Acks) {
  const json = (token: string | null, body?: unknown): RequestInit => ({
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let token: string | null = null;
  let k = 0;
  let nextMission = 0;
  const mySlots = new Map<string, ReturnType<typeof slotWrite>['edit']>();
  acks.slots.set(w.email, mySlots);
  for (let action = 0; Date.now() < deadline; action++) {
    if (!token || action % 40 === 0) {
      const res = await call(`${base}/api/auth/login`, 'login', json(null, { username: w.email, password: LOAD_PASSWORD, remember: false }));
      if (res.status !== 200) {
        failures.push(`login of ${w.email} answered ${res.status}`);
        return;
      }
      token = (res.body as { token: string }).token;
    }
    const dice = Math.random();
    if (dice < 0.55) {
      const write = slotWrite(k++);
      const res = await call(`${base}/api/user/me/availabilities/${write.year}/${write.month}`, 'save availabilities', json(token, [write.edit]));
      if (res.status === 204) mySlots.set(dayOf(write), write.edit);
      else acks.refusedSlots++;
    } else if (dice < 0.7) {
      const write = slotWrite(Math.floor(Math.random() * Math.max(1, k)));
      await call(`${base}/api/user/me/availabilities/${write.year}/${write.month}`, 'read availabilities', json(token));
    } else if (dice < 0.8) {
      await call(`${base}/api/user/me/documents/documents-to-sign`, 'documents to sign', json(token));
    } else if (dice < 0.9 && nextMission < w.missions.length) {
      const mission = w.missions[nextMission++]!;
      const comment = `load ${w.email} ${mission}`;
      acks.signingSent.add(comment);
      // One time in four the same request goes twice at once (a double click, a retry): one may be acknowledged.
      const copies = Math.random() < 0.25 ? 2 : 1;
      const answers = await Promise.all(Array.from({ length: copies }, () => call(`${base}/api/user/me/documents/mark-for-signing`, 'sign missions', json(token, [{ mission, comment }]))));
      acks.signing.set(comment, answers.filter((a) => a.status === 200).length);
    } else {
      await call(`${base}/api/user/me/info`, 'general info', json(token));
    }
  }
}

async function verify(dataDir: string, workers: LoadWorker[], acks: Acks): Promise<string[]> {
  const problems: string[] = [];
  const db = await openPglite(join(dataDir, 'db'));
  try {
    const rows = await db.query<{ email: string; day: string; morning: boolean; afternoon: boolean; evening: boolean }>(
      `SELECT w.email, to_char(a.day, 'YYYY-MM-DD') AS day, morning, afternoon, evening FROM availabilities a JOIN workers w ON w.id = a.worker_id
       WHERE w.email LIKE 'load-%' AND a.day >= '2030-01-01'`,
    );
    const stored = new Map(rows.map((r) => [`${r.email} ${r.day}`, r]));
    let checked = 0;
    for (const w of workers)
      for (const [day, edit] of acks.slots.get(w.email) ?? []) {
        checked++;
        const row = stored.get(`${w.email} ${day}`);
        if (!row) problems.push(`lost: availability ${day} of ${w.email}`);
        else if (row.morning !== edit.morning || row.afternoon !== edit.afternoon || row.evening !== edit.evening) problems.push(`changed: availability ${day} of ${w.email}`);
      }
    if (rows.length !== checked) problems.push(`${rows.length - checked} availability rows stored that were never acknowledged`);

    const signed = await db.query<{ comment: string; n: number }>(`SELECT comment, count(*)::int AS n FROM signing_requests WHERE comment LIKE 'load %' GROUP BY comment`);
    const storedSigning = new Map(signed.map((r) => [r.comment, r.n]));
    for (const comment of acks.signingSent) {
      const acked = acks.signing.get(comment) ?? 0;
      const n = storedSigning.get(comment) ?? 0;
      if (acked > 1) problems.push(`duplicate acknowledgement: ${comment} (${acked} times)`);
      if (n !== Math.min(acked, 1)) problems.push(`signing request ${comment}: acknowledged ${acked}, stored ${n}`);
    }
    return problems;
  } finally {
    await db.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-load-'));
let exitCode = 1;
try {
  const t0 = Date.now();
  const workers = await prepareWorkers(dataDir, WORKERS, MISSIONS, SCRYPT_LOG2N);
  console.log(`prepared ${WORKERS} approved workers (password hashes at scrypt N=2^${SCRYPT_LOG2N}) with a validated signature and ${MISSIONS} missions each in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const server = await startServerProcess({ dataDir });
  console.log(`server on ${server.url}; ${WORKERS} concurrent workers for ${SECONDS} s…`);
  const acks: Acks = { slots: new Map(), refusedSlots: 0, signing: new Map(), signingSent: new Set() };
  const started = performance.now();
  await Promise.all(workers.map((w) => driveWorker(server.url, w, Date.now() + SECONDS * 1000, acks)));
  const elapsed = (performance.now() - started) / 1000;
  const stopped = await server.stop('SIGTERM');
  if (stopped !== 0) failures.push(`the server stopped with ${stopped}`);

  const problems = await verify(dataDir, workers, acks);
  const writes = [...acks.slots.values()].reduce((n, m) => n + m.size, 0) + [...acks.signing.values()].filter((n) => n > 0).length;
  console.log(`\n${requests} requests in ${elapsed.toFixed(1)} s: ${(requests / elapsed).toFixed(0)} requests/s, ${(writes / elapsed).toFixed(0)} acknowledged writes/s (${writes} in all)`);
  for (const [kind, l] of Object.entries(latency).sort()) console.log(`  ${kind.padEnd(20)} ${l.summary()}`);
  const all = Latencies.merge(Object.values(latency));
  console.log(`  ${'all requests'.padEnd(20)} ${all.summary()}`);
  console.log(`refused availability writes (4xx, must not be stored): ${acks.refusedSlots}`);
  console.log(`signing requests sent: ${acks.signingSent.size}, acknowledged: ${[...acks.signing.values()].filter((n) => n > 0).length}`);
  const bad = [...failures, ...problems];
  if (bad.length) {
    console.error(`\n✗ ${bad.length} problems:\n  ${bad.slice(0, 30).join('\n  ')}`);
  } else {
    console.log('\n✓ every acknowledged write is stored exactly once; nothing refused was stored; no 5xx, no failed connection');
    exitCode = 0;
  }
} catch (error) {
  console.error(error);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
