// The upload store (server/storage/uploads.ts): images live in the database, behind put/get/delete/kinds by worker
// and kind; a data folder of an older version (files in DATA_DIR/uploads) is moved in when the server starts.
// Runs on PGlite and, in the PostgreSQL suite, on a PostgreSQL schema.
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../server/storage/db.ts';
import { MIGRATIONS_DIR, migrate } from '../../server/storage/migrate.ts';
import { openPglite } from '../../server/storage/pglite.ts';
import { openPostgres } from '../../server/storage/postgres.ts';
import { stripImageMetadata } from '../../server/services/image-metadata.ts';
import { uploadStore } from '../../server/storage/uploads.ts';
import { SMALL_JPEG } from '../fixtures/camera-exif.ts';
import { TEST_DATABASE_URL, testSchema } from './helpers/database.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { JPEG, PNG, fileForm, newWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('the store', () => {
  let api: TestServer;
  beforeAll(async () => {
    api = await startServer();
  });
  afterAll(() => api.close());

  const workerId = async (email: string) => (await api.deps.db.query<{ id: string }>('SELECT id FROM workers WHERE email = $1', [email]))[0]!.id;

  it('puts, gets, replaces and deletes by worker and kind', async () => {
    const store = api.deps.uploads;
    const a = await workerId((await newWorker(api)).email);
    const b = await workerId((await newWorker(api)).email);
    const now = api.clock.now;
    await store.put(a, 'idFront', { bytes: PNG, mediaType: 'image/png' }, now);
    await store.put(a, 'picture1', { bytes: JPEG, mediaType: 'image/jpeg' }, now);
    expect(await store.get(a, 'idFront')).toEqual({ bytes: PNG, mediaType: 'image/png', size: PNG.length, uploadedAt: now });
    expect(await store.kinds(a)).toEqual(new Set(['idFront', 'picture1']));
    expect(await store.get(b, 'idFront')).toBeNull();
    expect(await store.kinds(b)).toEqual(new Set());
    await store.put(a, 'idFront', { bytes: JPEG, mediaType: 'image/jpeg' }, now);
    expect((await store.get(a, 'idFront'))?.bytes).toEqual(JPEG);
    expect(await store.delete(a, 'idFront')).toBe(true);
    expect(await store.delete(a, 'idFront')).toBe(false);
    expect(await store.kinds(a)).toEqual(new Set(['picture1']));
  });

  it('keeps an image of several megabytes byte for byte', async () => {
    const a = await workerId((await newWorker(api)).email);
    const big = new Uint8Array(4 * 1024 * 1024).map((_, i) => (i * 7919) % 251);
    big.set(JPEG);
    await api.deps.uploads.put(a, 'picture2', { bytes: big, mediaType: 'image/jpeg' }, api.clock.now);
    const back = await api.deps.uploads.get(a, 'picture2');
    expect(back?.size).toBe(big.length);
    expect(Buffer.compare(Buffer.from(back!.bytes), Buffer.from(big))).toBe(0);
  });

  it('writes with the transaction it is given: a rollback leaves nothing', async () => {
    const a = await workerId((await newWorker(api)).email);
    await expect(
      api.deps.db.transaction(async (tx) => {
        await uploadStore(tx).put(a, 'idBack', { bytes: PNG, mediaType: 'image/png' }, api.clock.now);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await api.deps.uploads.kinds(a)).toEqual(new Set());
  });

  it('an upload through the API lands in the store, its metadata stripped', async () => {
    const w = await newWorker(api);
    expect((await api.post('/api/user/me/upload-file/id-back', { token: w.token, form: fileForm(SMALL_JPEG, 'id.jpg', 'image/jpeg') })).status).toBe(204);
    expect(await api.deps.uploads.get(await workerId(w.email), 'idBack')).toMatchObject({ bytes: stripImageMetadata(SMALL_JPEG), mediaType: 'image/jpeg' });
  });
});

/** A data folder as an older version left it: migrated to 001 only, images as files under DATA_DIR/uploads. */
async function olderDataFolder() {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-older-'));
  folders.push(dataDir);
  const only001 = mkdtempSync(join(tmpdir(), 'portal-migrations-001-'));
  folders.push(only001);
  copyFileSync(join(MIGRATIONS_DIR, '001-initial.sql'), join(only001, '001-initial.sql'));
  const db: Db = TEST_DATABASE_URL ? await openPostgres(TEST_DATABASE_URL, { schema: (await testSchema(dataDir))! }) : await openPglite(join(dataDir, 'db'));
  await migrate(db, only001);
  const now = new Date();
  await db.query(
    `INSERT INTO workers (id, email, password_hash, first_name, last_name, locale, agreed_gdpr, agreed_labour, created_at)
     VALUES ('older1', 'older@test.example', 'x', 'Old', 'Timer', 'fr', true, true, $1)`,
    [now],
  );
  const uploads = join(dataDir, 'uploads');
  mkdirSync(uploads);
  const row = (kind: string, name: string, size: number) =>
    db.query('INSERT INTO uploads (worker_id, kind, stored_name, media_type, size, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      'older1',
      kind,
      name,
      'image/png',
      size,
      now,
    ]);
  await row('idFront', `${'a'.repeat(32)}.png`, PNG.length);
  writeFileSync(join(uploads, `${'a'.repeat(32)}.png`), PNG);
  await row('picture1', `${'b'.repeat(32)}.jpg`, JPEG.length);
  writeFileSync(join(uploads, `${'b'.repeat(32)}.jpg`), JPEG);
  await row('idBack', `${'c'.repeat(32)}.png`, PNG.length); // its file lives in another instance's folder
  writeFileSync(join(uploads, 'notes.txt'), 'not an upload');
  await db.close();
  return { dataDir, uploads };
}

describe('a data folder of an older version', () => {
  it('has its images moved into the database at start, the files deleted, once', async () => {
    const { dataDir, uploads } = await olderDataFolder();
    const first = await startServer({ dataDir });
    try {
      expect(await first.deps.uploads.get('older1', 'idFront')).toMatchObject({ bytes: PNG, mediaType: 'image/png' });
      expect(await first.deps.uploads.get('older1', 'picture1')).toMatchObject({ bytes: JPEG });
      // Recorded, its file elsewhere: still on file, not readable here until the instance that has it starts.
      expect(await first.deps.uploads.kinds('older1')).toEqual(new Set(['idFront', 'picture1', 'idBack']));
      expect(await first.deps.uploads.get('older1', 'idBack')).toBeNull();
      expect(readdirSync(uploads)).toEqual(['notes.txt']);
      // The API answers as before: the images are on file.
      const token = (await first.bo('POST', '/workers/older%40test.example/impersonation-token')).json.token as string;
      const session = (await first.get(`/api/auth/impersonate?token=${token}`)).json.token as string;
      expect((await first.get('/api/user/me/details', { token: session })).json.images).toMatchObject({
        idFront: true,
        idBack: true,
        picture1: true,
        drivingFront: false,
      });
    } finally {
      await first.close();
    }
    // The other instance's file appears in this folder (say, copied over): the next start moves it in.
    writeFileSync(join(uploads, `${'c'.repeat(32)}.png`), PNG);
    rmSync(join(uploads, 'notes.txt'));
    const second = await startServer({ dataDir });
    try {
      expect(await second.deps.uploads.get('older1', 'idBack')).toMatchObject({ bytes: PNG });
      expect(await second.deps.uploads.get('older1', 'idFront')).toMatchObject({ bytes: PNG });
      expect(existsSync(uploads)).toBe(false); // emptied, then removed
    } finally {
      await second.close();
    }
  });
});
