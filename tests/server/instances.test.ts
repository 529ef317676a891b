// Two server processes on one PostgreSQL behave as one portal (docs/decisions/142-uploads-in-the-database.md):
// what a request leaves behind through one — a session, an uploaded image, a sign-in limit, a mail in the outbox —
// is seen through the other, and a logout through either is refused by both. Real processes (npm start's
// server/main.ts), started at the same moment on an empty schema, so they also race for the migrations and the
// demo seed. Runs in the PostgreSQL suite (npm test under scripts/with-postgres.sh, npm run test:server:pg); PGlite
// allows one process per data folder, so the PGlite run skips it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';
import type { Config } from '../../server/config.ts';
import { openRuntime } from '../../server/runtime.ts';
import { seedIfEmpty } from '../../server/seed.ts';
import { stripImageMetadata } from '../../server/services/image-metadata.ts';
import { MIGRATIONS_DIR } from '../../server/storage/migrate.ts';
import { TEST_DATABASE_URL, dropTestSchema, testSchema } from './helpers/database.ts';
import { schemaUrl } from './helpers/instances.ts';
import { testConfig } from './helpers/harness.ts';
import { signaturePng } from '../fixtures/worker-data.ts';
import { PASSWORD, PNG, uniqueEmail } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 60_000 });

const BACKOFFICE = 'instances-backoffice-token';
let schema: string;
let one: ServerProcess;
let other: ServerProcess;
const folders: string[] = [];

const configFor = (name: string): Config =>
  testConfig({
    dataDir: null,
    databaseUrl: TEST_DATABASE_URL,
    databaseSchema: name,
    uploadsDir: join(tmpdir(), `portal-no-uploads-${name}`),
    backofficeToken: null,
    now: () => new Date(),
  });

/** The URL of the test database with this file's schema as every connection's search_path. */
describe.skipIf(!TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  beforeAll(async () => {
    schema = (await testSchema(null))!;
    const start = () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-instance-'));
      folders.push(dataDir);
      return startServerProcess({ dataDir, env: { DATABASE_URL: schemaUrl(TEST_DATABASE_URL!, schema), BACKOFFICE_TOKEN: BACKOFFICE }, timeoutMs: 110_000 });
    };
    [one, other] = await Promise.all([start(), start()]);
  });

  afterAll(async () => {
    await Promise.all([one?.stop('SIGTERM'), other?.stop('SIGTERM')]);
    if (schema) await dropTestSchema(schema);
    for (const dir of folders) rmSync(dir, { recursive: true, force: true });
  });

  const call = async (server: ServerProcess, method: string, path: string, init: { token?: string; json?: unknown; form?: FormData } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, { method, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.form });
    const text = await res.text();
    return { status: res.status, json: res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null, text };
  };
  const outbox = (server: ServerProcess, email: string) =>
    fetch(`${server.url}/api/backoffice/outbox?to=${encodeURIComponent(email)}`, { headers: { Authorization: `Bearer ${BACKOFFICE}` } }).then((r) =>
      r.json(),
    ) as Promise<Array<{ subject: string }>>;

  it('both started on the empty schema: the migrations ran once, the demo workers were seeded once', async () => {
    const client = new pg.Client({ connectionString: schemaUrl(TEST_DATABASE_URL!, schema) });
    await client.connect();
    try {
      const migrations = await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(migrations.rows.map((r) => r.name)).toEqual(
        readdirSync(MIGRATIONS_DIR)
          .filter((f) => f.endsWith('.sql'))
          .sort(),
      );
      expect((await client.query<{ n: number }>("SELECT count(*)::int AS n FROM workers WHERE email LIKE '%@demo.example'")).rows[0]!.n).toBe(7);
    } finally {
      await client.end();
    }
  });

  it('migrations and the demo seed raced by two connections on a fresh schema: each runs once, neither fails', async () => {
    const fresh = (await testSchema(null))!;
    try {
      const open = async () => openRuntime(configFor(fresh));
      const [a, b] = await Promise.all([open(), open()]);
      try {
        const seeded = await Promise.all([seedIfEmpty(a.deps), seedIfEmpty(b.deps)]);
        expect(seeded.filter((s) => s !== null)).toHaveLength(1);
        expect((await a.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM workers'))[0]!.n).toBe(7);
      } finally {
        await Promise.all([a.close(), b.close()]);
      }
    } finally {
      await dropTestSchema(fresh);
    }
  });

  it('register, upload and sign in through one; read the details and log out through the other; then both refuse the token', async () => {
    const email = uniqueEmail('two');
    expect(
      (await call(one, 'POST', '/api/auth/register', { json: { firstName: 'Inès', lastName: 'Deux', email, password: PASSWORD, language: 'fr' } })).status,
    ).toBe(204);
    // The validation mail queued through one is in the outbox read through the other.
    expect((await outbox(other, email)).map((m) => m.subject)).toEqual(['Validez votre adresse e-mail']);
    const signedIn = await call(one, 'POST', '/api/auth/login', { json: { username: email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    const token = signedIn.json.token as string;
    expect(
      (await call(one, 'POST', '/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } })).status,
    ).toBe(200);
    const form = new FormData();
    form.append('upload', new File([PNG], 'id-front.png', { type: 'image/png' }));
    expect((await call(one, 'POST', '/api/user/me/upload-file/id-front', { token, form })).status).toBe(204);

    const details = await call(other, 'GET', '/api/user/me/details', { token });
    expect(details.status).toBe(200);
    expect(details.json.images).toEqual({ idFront: true, idBack: false, drivingFront: false, drivingBack: false, picture1: false, picture2: false });
    expect((await call(other, 'GET', '/api/user/me/info', { token })).json.agreedWithGdprPolicy).toBe(true);

    expect((await call(other, 'POST', '/api/auth/logout', { token, json: {} })).status).toBe(204);
    expect((await call(one, 'GET', '/api/user/me/info', { token })).status).toBe(401);
    expect((await call(other, 'GET', '/api/user/me/info', { token })).status).toBe(401);
  });

  it('the image uploaded through one is in the database the other reads, byte for byte', async () => {
    const email = uniqueEmail('img');
    await call(other, 'POST', '/api/auth/register', { json: { firstName: 'A', lastName: 'B', email, password: PASSWORD, language: 'nl' } });
    const token = (await call(other, 'POST', '/api/auth/login', { json: { username: email, password: PASSWORD } })).json.token as string;
    await call(other, 'POST', '/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } });
    const form = new FormData();
    const png = new Uint8Array(signaturePng());
    form.append('upload', new File([png], 'p.png', { type: 'image/png' }));
    expect((await call(other, 'POST', '/api/user/me/upload-file/picture2', { token, form })).status).toBe(204);
    expect((await call(one, 'GET', '/api/user/me/details', { token })).json.images.picture2).toBe(true);
    const client = new pg.Client({ connectionString: schemaUrl(TEST_DATABASE_URL!, schema) });
    await client.connect();
    try {
      const { rows } = await client.query<{ bytes: Buffer; stored_name: string | null }>(
        "SELECT u.bytes, u.stored_name FROM uploads u JOIN workers w ON w.id = u.worker_id WHERE w.email = $1 AND u.kind = 'picture2'",
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(new Uint8Array(rows[0]!.bytes)).toEqual(stripImageMetadata(png));
      expect(rows[0]!.stored_name).toBeNull();
    } finally {
      await client.end();
    }
  });

  it('a sign-in limit reached through one holds through the other, also for parallel guesses', async () => {
    const email = uniqueEmail('limit');
    await call(one, 'POST', '/api/auth/register', { json: { firstName: 'A', lastName: 'B', email, password: PASSWORD, language: 'fr' } });
    const guess = (server: ServerProcess) => call(server, 'POST', '/api/auth/login', { json: { username: email, password: 'a wrong guess' } });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => guess(i % 2 ? one : other)));
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(7);
    expect((await call(other, 'POST', '/api/auth/login', { json: { username: email, password: PASSWORD } })).status).toBe(429);
    expect((await call(one, 'POST', '/api/auth/login', { json: { username: email, password: PASSWORD } })).status).toBe(429);
  });
});
