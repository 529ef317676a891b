/**
 * `npm run test:server:pg`: the server test suite (tests/server/**) against a real PostgreSQL, with the reliability
 * tests that need it (lib/server-pg-files.ts). With
 * TEST_DATABASE_URL set it uses that database (each test server makes its own schema in it); without, it starts
 * a throw-away cluster on loopback for the run (scripts/with-postgres.sh, needs Debian's `postgresql`).
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVER_PG_FILES } from './lib/server-pg-files.ts';

const root = resolve(import.meta.dirname, '..');
const vitest = ['npx', 'vitest', 'run', ...SERVER_PG_FILES];
const [command, ...args] = process.env.TEST_DATABASE_URL ? vitest : [resolve(root, 'scripts/with-postgres.sh'), ...vitest];
const result = spawnSync(command!, args, { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? 1);
