/**
 * Opens what the app needs: the database (PGlite, or PostgreSQL when config.databaseUrl is set; migrated), the mailer and the contract. Used by main.ts and by the
 * tests (in-memory database, injected clock).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract } from './api/contract.ts';
import type { Deps } from './api/operation.ts';
import { createApp } from './app.ts';
import { createLogger, type Logger } from './log.ts';
import { agencyOf, type Config } from './config.ts';
import { conversationRound } from './services/conversation-rounds.ts';
import { purgeNotificationHistory } from './services/notifications.ts';
import { createMailer } from './services/mail.ts';
import { vapidKeys } from './services/push-keys.ts';
import { createPushService } from './services/push-service.ts';
import { httpTransport, type PushTransport } from './services/push-transport.ts';
import { sessionReader } from './services/session-cache.ts';
import { migrate } from './storage/migrate.ts';
import type { Db } from './storage/db.ts';
import { guardRequestTransactions } from './storage/request-transaction.ts';
import { openPglite } from './storage/pglite.ts';
import { openPostgres } from './storage/postgres.ts';
import { importUploadFolder, uploadStore } from './storage/uploads.ts';

/** Images of a data folder from before they moved into the database (migration 002) go in at start. */
async function importUploads(db: Db, dir: string, log: Logger) {
  const { moved, waiting, strays } = await importUploadFolder(db, dir);
  if (moved) log.info({ event: 'uploads_moved', moved }, `Moved ${moved} uploaded images from ${dir} into the database.`);
  if (waiting)
    log.warn(
      { event: 'uploads_waiting', waiting },
      `${waiting} uploaded images are recorded but their file is not in ${dir}: start the instance whose data folder has them.`,
    );
  if (strays) log.warn({ event: 'uploads_strays', strays }, `${strays} files in ${dir} belong to no upload; they were left in place.`);
}

/** The outages of a PostgreSQL server, as log events an operator can search for and alert on. */
const databaseEvents = (log: Logger) => ({
  unavailable: (reason: string) => log.warn({ event: 'database_unavailable', reason }, 'the database cannot be reached; requests wait for it, then answer 503'),
  available: (downMs: number) => log.info({ event: 'database_available', downMs }, `the database answers again after ${downMs} ms`),
});

/**
 * `log`: where the server logs (tests pass their own to read it); by default a logger at config.logLevel on stdout,
 * silent when the Config names no level (tests and tools build theirs without one).
 */
export async function openRuntime(config: Config, options: { distDir?: string | null; template?: Blob; log?: Logger; pushTransport?: PushTransport } = {}) {
  const log = options.log ?? createLogger(config.logLevel ?? 'silent');
  if (config.dataDir) mkdirSync(config.dataDir, { recursive: true });
  const opened: Db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, {
        schema: config.databaseSchema,
        max: config.databasePoolMax,
        waitMs: config.databaseWaitMs,
        events: databaseEvents(log),
      })
    : await openPglite(config.dataDir ? join(config.dataDir, 'db') : null, options.template);
  // Every statement goes through the session reader's Db, so that what it remembers (PGlite only) stays true.
  const { db: watched, reader: sessions } = sessionReader(opened);
  // What the server holds refuses to run inside a request's own transaction, where it would wait for it or escape it.
  const db = guardRequestTransactions(watched);
  await migrate(db);
  await importUploads(db, config.uploadsDir, log);
  const mailer = createMailer(db, { smtpUrl: config.smtpUrl, from: config.mailFrom, now: () => config.now(), log });
  const transport = httpTransport();
  const push = createPushService(db, {
    keys: await vapidKeys(db, config.vapidKeys, config.now()),
    subject: config.vapidSubject ?? `mailto:${agencyOf(config).email}`,
    allowedOrigins: config.pushAllowedOrigins ?? [],
    transport: options.pushTransport ?? transport,
    now: () => config.now(),
    log,
    pollMs: config.pushPollMs ?? 0,
    scans: [(now) => conversationRound(db, mailer, config.publicUrl, now), (now) => purgeNotificationHistory(db, now)],
  });
  const deps: Deps = { db, config, contract: loadContract(), mailer, push, sessions, uploads: uploadStore(db), health: { draining: false } };
  const app = createApp({ distDir: options.distDir ?? null, deps, log });
  return {
    app,
    deps,
    log,
    async close() {
      await mailer.idle();
      await push.stop();
      transport.close();
      await db.close();
    },
  };
}
