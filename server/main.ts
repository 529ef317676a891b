/**
 * `npm start`: builds the portal when dist/ is missing or older than its sources, opens the data folder
 * (DATA_DIR, default ./data; seeded with demo workers when empty), then serves the app and /api on one port
 * (PORT, default 3000; 127.0.0.1 unless HOST says otherwise).
 */
import { execSync } from 'node:child_process';
import { Server as HttpServer } from 'node:http';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { configFromEnv } from './config.ts';
import { buildIsStale } from './build-check.ts';
import { acquireDataLock } from './data-lock.ts';
import { openRuntime } from './runtime.ts';
import { printDemoAccounts, seedIfEmpty } from './seed.ts';

const started = Date.now();
/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 65_000;
const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, 'dist');
if (process.env.SKIP_BUILD !== '1' && buildIsStale(root)) {
  console.log('Building the portal (dist/ is missing or older than its sources)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const config = configFromEnv();
// PGlite allows one process per data folder. On PostgreSQL the folder holds nothing the instances could corrupt
// (only uploads of older versions, moved into the database at start, safely from several at once), so several
// instances may share it (docs/decisions/142-uploads-in-the-database.md).
const releaseLock = config.databaseUrl ? () => undefined : acquireDataLock(config.dataDir!);
const runtime = await openRuntime(config, { distDir: existsSync(resolve(distDir, 'index.html')) ? distDir : null });
const seeded = await seedIfEmpty(runtime.deps);
if (seeded) printDemoAccounts(seeded);

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '127.0.0.1';
const server = serve({ fetch: runtime.app.fetch, port, hostname }, (info) => {
  console.log(`Worker portal on http://${hostname}:${info.port} (data in ${config.dataDir}, ready in ${Date.now() - started} ms)`);
  if (!config.backofficeToken) console.log('Back-office off (set BACKOFFICE_TOKEN to switch it on).');
});

// Idle keep-alive connections stay open longer than a client's or a proxy's own idle limit (60 s is common). With
// Node's 5 s default, a client reusing a connection at the moment the server closed it got ECONNRESET (an e2e
// API call, CI 2026-11-22); behind a proxy that is a 502. tests/reliability/keep-alive.test.ts.
if (server instanceof HttpServer) {
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  server.close();
  void runtime.close().finally(() => {
    releaseLock();
    process.exit(0);
  });
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
