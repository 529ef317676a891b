/**
 * The server the Playwright suite runs against: the production build (dist/, built by `npm test` before)
 * served by the reference server on PORT (playwright.config.ts), started as every script and test starts it
 * (scripts/lib/server-process.ts), with a fresh data folder that is removed when the server stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from './lib/server-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const server = await startServerProcess({ dataDir, port: Number(process.env.PORT ?? 4173), echo: true }).catch((error: unknown) => {
  rmSync(dataDir, { recursive: true, force: true });
  throw error;
});
const stop = () => void server.stop('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
const code = await server.exited;
rmSync(dataDir, { recursive: true, force: true });
process.exit(typeof code === 'number' ? code : 0);
