/**
 * The server the Playwright suite runs against: the production build (dist/, built by `npm test` before)
 * served by the reference server, with a fresh data folder that is removed when the server stops.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const root = resolve(import.meta.dirname, '..');
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  // No load balancer in front: the stop need not wait for one to notice (DRAIN_NOTICE_MS).
  env: { DRAIN_NOTICE_MS: '0', ...process.env, DATA_DIR: dataDir, SKIP_BUILD: '1' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
