/**
 * `npm start`: builds the portal when dist/ is missing or older than its sources, opens the data folder
 * (DATA_DIR, default ./data; seeded with demo workers when empty), then serves the app and /api on one port
 * (PORT, default 3000; 127.0.0.1 unless HOST says otherwise). DIST_DIR serves another build than ./dist as it is (a
 * previous build to roll back to; the deploy tests' builds, e2e/phone-app/deploy.spec.ts): it is never rebuilt.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { configFromEnv, drainFromEnv } from './config.ts';
import { buildIsStale } from './build-check.ts';
import { acquireDataLock } from './data-lock.ts';
import { createLogger, loggableError } from './log.ts';
import { openRuntime } from './runtime.ts';
import { buildQuietly, npmBuild } from './quiet-build.ts';
import { printWelcome, seedIfEmpty } from './seed.ts';
import { serve } from './serve.ts';

const started = Date.now();
const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');
if (process.env.SKIP_BUILD !== '1' && !process.env.DIST_DIR && buildIsStale(root)) {
  try {
    buildQuietly(npmBuild(root));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const config = configFromEnv();
const drainSettings = drainFromEnv();
const log = createLogger(config.logLevel ?? 'info');
// PGlite allows one process per data folder. On PostgreSQL the folder holds nothing the instances could corrupt
// (only uploads of older versions, moved into the database at start, safely from several at once), so several
// instances may share it (docs/decisions/142-uploads-in-the-database.md).
const releaseLock = config.databaseUrl ? () => undefined : acquireDataLock(config.dataDir!);
const runtime = await openRuntime(config, { distDir: existsSync(resolve(distDir, 'index.html')) ? distDir : null, log });
const seeded = await seedIfEmpty(runtime.deps);

const hostname = process.env.HOST ?? '127.0.0.1';
const listening = await serve({
  fetch: runtime.app.fetch,
  port: Number(process.env.PORT ?? 3000),
  hostname,
  log,
  onDraining: () => (runtime.deps.health.draining = true),
  ...drainSettings,
});
const url = `http://${hostname}:${listening.port}`;
// Where it listens is said at any level but silent: tools started with PORT=0 read the port from this line.
const announce = log.child({}, { level: config.logLevel === 'silent' ? 'silent' : 'info' });
announce.info(
  { event: 'listening', url, readyMs: Date.now() - started },
  `Worker portal on ${url} (data in ${config.dataDir}, ready in ${Date.now() - started} ms)`,
);
if (!config.backofficeToken) log.info({ event: 'backoffice_off' }, 'Back-office off (set BACKOFFICE_TOKEN to switch it on).');
// A new data folder is a newcomer's first start: where to go and with which accounts, in plain words, last.
if (seeded) printWelcome(url, seeded);

/**
 * SIGTERM (a deploy, a scale-down): drain, then close the database and exit 0. SIGINT (Ctrl-C in a terminal) drains
 * without the load balancer's notice; a second Ctrl-C while stopping exits at once. Another SIGTERM changes nothing.
 */
let stopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (stopping) {
    if (signal !== 'SIGINT') return;
    log.warn({ event: 'stop_forced', signal }, 'a second Ctrl-C: exiting now');
    process.exit(1);
  }
  stopping = true;
  void (async () => {
    await listening.drain(signal === 'SIGINT' ? 0 : drainSettings.noticeMs);
    await runtime.close();
    releaseLock();
    log.info({ event: 'stopped', signal }, 'stopped');
    process.exit(0);
  })().catch((error: unknown) => {
    log.error({ event: 'stop_failed', err: loggableError(error) }, 'the stop failed');
    process.exit(1);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
