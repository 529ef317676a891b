/**
 * Opens what the app needs: the database (PGlite, or PostgreSQL when config.databaseUrl is set; migrated), the mailer and the contract. Used by main.ts and by the
 * tests (in-memory database, injected clock).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract } from './api/contract.ts';
import type { Deps } from './api/operation.ts';
import { createApp } from './app.ts';
import type { Config } from './config.ts';
import { createMailer } from './services/mail.ts';
import { sessionReader } from './services/session-cache.ts';
import { migrate } from './storage/migrate.ts';
import type { Db } from './storage/db.ts';
import { guardRequestTransactions } from './storage/request-transaction.ts';
import { openPglite } from './storage/pglite.ts';
import { openPostgres } from './storage/postgres.ts';
import { importUploadFolder, uploadStore } from './storage/uploads.ts';

/** Images of a data folder from before they moved into the database (migration 002) go in at start. */
async function importUploads(db: Db, dir: string) {
  const { moved, waiting, strays } = await importUploadFolder(db, dir);
  if (moved) console.log(`Moved ${moved} uploaded images from ${dir} into the database.`);
  if (waiting) console.warn(`${waiting} uploaded images are recorded but their file is not in ${dir}: start the instance whose data folder has them.`);
  if (strays) console.warn(`${strays} files in ${dir} belong to no upload; they were left in place.`);
}

export async function openRuntime(config: Config, options: { distDir?: string | null; template?: Blob } = {}) {
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const opened: Db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, { schema: config.databaseSchema })
    : await openPglite(config.dataDir ? join(config.dataDir, 'db') : null, options.template);
  // Every statement goes through the session reader's Db, so that what it remembers (PGlite only) stays true.
  const { db: watched, reader: sessions } = sessionReader(opened);
  // What the server holds refuses to run inside a request's own transaction, where it would wait for it or escape it.
  const db = guardRequestTransactions(watched);
  await migrate(db);
  await importUploads(db, config.uploadsDir);
  const mailer = createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, now: () => config.now() });
  const deps: Deps = { db, config, contract: loadContract(), mailer, sessions, uploads: uploadStore(db) };
  const app = createApp({ distDir: options.distDir ?? null, deps });
  return {
    app,
    deps,
    async close() {
      await mailer.idle();
      await db.close();
    },
  };
}
