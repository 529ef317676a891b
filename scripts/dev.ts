/**
 * `npm run dev`: the reference server (API_PORT, default 3000, data in DATA_DIR or ./data) and Vite's dev
 * server (with /api proxied to it, see vite.config.ts) in one command; Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const apiPort = process.env.API_PORT ?? '3000';
const env = { ...process.env, API_PORT: apiPort };
const children: ChildProcess[] = [
  spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env: { ...env, PORT: apiPort, SKIP_BUILD: '1' } }),
  spawn(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js')], { cwd: root, stdio: 'inherit', env }),
];
let stopping = false;
const stop = (code: number) => {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
