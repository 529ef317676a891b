/**
 * PGlite's initdb costs ~4 s per in-memory database; loading a dump of a migrated one costs under 1 s.
 * The dump is cached in the temp folder under a key of the migrations and the PGlite version, written
 * atomically so that parallel test workers can race for it safely. Paths are resolved from the file's folder, not
 * with `new URL(…, import.meta.url)`, which Vite rewrites in a jsdom test.
 */
import { Blob as NodeBlob } from 'node:buffer';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { MIGRATIONS_DIR, migrate } from '../../../server/storage/migrate.ts';
import { dumpPglite, openPglite } from '../../../server/storage/pglite.ts';

export async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  hash.update(readFileSync(resolve(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json')));
  for (const name of readdirSync(MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(join(MIGRATIONS_DIR, name)));
  const file = join(tmpdir(), `portal-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const db = await openPglite(null);
    await migrate(db);
    const dump = await dumpPglite(db);
    await db.close();
    const partial = `${file}.${process.pid}.${Date.now()}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  // Node's own Blob: in a jsdom test the global one is jsdom's, which PGlite cannot read (tests/signing/evidence.test.tsx).
  return new NodeBlob([readFileSync(file)]) as unknown as Blob;
}
