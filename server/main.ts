/**
 * `npm start`: builds the portal when dist/ is missing or older than its sources, then serves the app and
 * /api on one port (PORT, default 3000; 127.0.0.1 unless HOST says otherwise).
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';

const root = resolve(import.meta.dirname, '..');
const distDir = resolve(root, 'dist');
if (!existsSync(resolve(distDir, 'index.html')) && process.env.SKIP_BUILD !== '1') {
  console.log('Building the portal (dist/ is missing)…');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? '127.0.0.1';
const app = createApp({ distDir: existsSync(distDir) ? distDir : null });
serve({ fetch: app.fetch, port, hostname }, (info) => console.log(`Worker portal on http://${hostname}:${info.port}`));
