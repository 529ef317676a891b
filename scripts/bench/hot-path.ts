/**
 * `npx tsx scripts/bench/hot-path.ts`: where the time of one authenticated call (GET /api/user/me/info) goes, stage
 * by stage, in this process and one call at a time (no concurrency, no network): the token's hash, the session
 * lookup, the worker lookup, both as one joined query, the answer's JSON, the middleware around the handler, and the
 * whole call through the app beside a bare Hono route. PGlite in memory by default; on PostgreSQL when
 * DATABASE_URL is set (a throw-away schema, dropped at the end). Figures in microseconds per call (median of
 * rounds). docs/decisions/140-hot-path.md quotes them. Not part of `npm test`.
 */
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import pg from 'pg';
import type { Config } from '../../server/config.ts';
import { openRuntime } from '../../server/runtime.ts';
import { randomId, sha256Hex } from '../../server/services/crypto.ts';
import { demoSignatureDataUrl } from '../../server/services/png.ts';
import { createSession, sessionWorker } from '../../server/services/tokens.ts';
import { insertWorker } from '../../server/services/worker-writes.ts';
import { generalInfo, type Worker } from '../../server/services/workers.ts';

const ROUNDS = 7;
const CALLS = Number(process.env.CALLS ?? 2000);
const url = process.env.DATABASE_URL || null;
const schema = url ? `hot_${randomBytes(4).toString('hex')}` : undefined;
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: url! });
  await client.connect();
  await client.query(sql).finally(() => client.end());
};
if (schema) await admin(`CREATE SCHEMA ${schema}`);

const config: Config = {
  dataDir: null,
  databaseUrl: url,
  ...(schema ? { databaseSchema: schema } : {}),
  uploadsDir: '/nonexistent',
  publicUrl: 'http://bench.test',
  backofficeToken: null,
  smtpUrl: null,
  mailFrom: 'bench@bench.test',
  scryptLog2N: 10,
  trustProxy: 0,
  now: () => new Date(),
};
const runtime = await openRuntime(config);
const { db } = runtime.deps;

// An approved employee with a drawn signature and a filled file: the row every call of such a worker reads.
const id = randomId();
const details = {
  contactInfo: {
    firstName: 'Sophie',
    mobile: '+32 470 12 34 56',
    mainAddress: { street: 'Rue de la Loi', number: '16', zip: '1000', city: 'Bruxelles', country: 'BE' },
  },
  legal: { iban: 'BE68539007547034', registryNumber: '90011512345' },
  generalInfo: { looks: 'occidental', languages: { french: 4, dutch: 3 } },
};
await insertWorker(db, {
  id,
  email: `${id}@bench.test`,
  passwordHash: 'x',
  firstName: 'Sophie',
  lastName: 'Janssens',
  locale: 'fr',
  createdAt: new Date(),
  detailsStatus: 2,
  emailValidated: true,
  policiesAgreedAt: new Date(),
  details,
  signature: { value: demoSignatureDataUrl(), status: 2 },
});
const { token } = await createSession(db, id, true, new Date());
const hash = sha256Hex(token);
const WORKER_COLUMNS =
  'id, email, password_hash, first_name, last_name, locale, statute, details_status, new_account, email_validated, agreed_gdpr, agreed_labour, details, signature_value, signature_status';
const worker = (await db.query<Worker>(`SELECT ${WORKER_COLUMNS} FROM workers WHERE id = $1`, [id]))[0]!;

const bare = new Hono();
bare.get('/bare', (c) => c.json({ ok: true }));
const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
const auth = { headers: { Authorization: `Bearer ${token}` } };

/** Median over rounds of the mean time per call, in microseconds. */
async function time(name: string, fn: () => unknown): Promise<[string, number]> {
  for (let i = 0; i < 200; i++) await fn(); // warm-up (JIT, plans)
  const rounds: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const t0 = performance.now();
    for (let i = 0; i < CALLS; i++) await fn();
    rounds.push(((performance.now() - t0) * 1000) / CALLS);
  }
  rounds.sort((a, b) => a - b);
  return [name, rounds[Math.floor(ROUNDS / 2)]!];
}

const rows: Array<[string, number]> = [];
rows.push(await time('sha256 of the token', () => sha256Hex(token)));
rows.push(
  await time('session lookup (SELECT worker_id FROM sessions …)', () =>
    db.query('SELECT worker_id FROM sessions WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > $2', [hash, new Date()]),
  ),
);
rows.push(await time('worker lookup (SELECT 15 columns FROM workers …)', () => db.query(`SELECT ${WORKER_COLUMNS} FROM workers WHERE id = $1`, [id])));
rows.push(
  await time('both as one join', () =>
    db.query(
      `SELECT w.${WORKER_COLUMNS.split(', ').join(', w.')} FROM sessions s JOIN workers w ON w.id = s.worker_id WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [hash, new Date()],
    ),
  ),
);
rows.push(
  await time('the same join as the server runs it (sessionWorker: a named, prepared statement on PostgreSQL)', () => sessionWorker(db, hash, new Date())),
);
rows.push(
  await time('one join, without the signature and the file', () =>
    db.query(
      `SELECT w.id, w.email, w.first_name, w.last_name, w.locale, w.statute, w.details_status, w.new_account, w.email_validated, w.agreed_gdpr, w.agreed_labour, w.signature_status FROM sessions s JOIN workers w ON w.id = s.worker_id WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > $2`,
      [hash, new Date()],
    ),
  ),
);
rows.push(await time('SELECT 1 (a round trip alone)', () => db.query('SELECT 1')));
rows.push(await time('generalInfo + JSON.stringify', () => JSON.stringify(generalInfo(worker))));
rows.push(await time('GET /api/user/me/info through the app', async () => (await runtime.app.request('/api/user/me/info', auth, env)).arrayBuffer()));
rows.push(await time('GET /bare through a bare Hono app', async () => (await bare.request('/bare', {}, env)).arrayBuffer()));

console.log(
  `hot path of GET /api/user/me/info on ${url ? 'PostgreSQL' : 'PGlite (in memory)'}: µs per call, median of ${ROUNDS} rounds of ${CALLS} sequential calls`,
);
for (const [name, us] of rows) console.log(`  ${us.toFixed(1).padStart(8)} µs  ${name}`);

await runtime.close();
if (schema) await admin(`DROP SCHEMA ${schema} CASCADE`);
