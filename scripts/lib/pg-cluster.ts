/**
 * A throw-away PostgreSQL cluster this process controls, for what the shared test cluster of scripts/with-postgres.sh
 * must not suffer: having every connection terminated, being restarted, being stopped for seconds. Debian's server
 * binaries, a fresh cluster in a temp folder (as the `postgres` user when run as root: PostgreSQL refuses root),
 * listening on 127.0.0.1 and a free port only, with a `portal` role and database. `destroy()` stops and removes it.
 * Used by the outage tests (tests/reliability/*.pg.test.ts) and `npm run load -- --restart-database`.
 */
import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const execFile = promisify(execFileCallback);

export type PgCluster = {
  /** postgres://portal:…@127.0.0.1:port/portal */
  url: string;
  /** Ends every session of the portal's role, as `pg_terminate_backend` does in a failover; answers how many. */
  terminateConnections(): Promise<number>;
  /** A fast shutdown (sessions are told, then cut), then a start: what a restart for an upgrade does. */
  restart(): Promise<void>;
  stop(): Promise<void>;
  /** Resolves once the server accepts connections. */
  start(): Promise<void>;
  destroy(): Promise<void>;
};

function binaries(): string {
  const root = '/usr/lib/postgresql';
  const versions = (() => {
    try {
      return readdirSync(root).sort((a, b) => Number(a) - Number(b));
    } catch {
      return [];
    }
  })();
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (apt-get install postgresql)');
  return join(root, versions.at(-1)!, 'bin');
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

export async function createPgCluster(): Promise<PgCluster> {
  const bin = binaries();
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-cluster-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number((await execFile('id', ['-u', 'postgres'])).stdout), Number((await execFile('id', ['-g', 'postgres'])).stdout));
  const run = (tool: string, args: string[]) =>
    asRoot ? execFile('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : execFile(join(bin, tool), args);
  const port = await freePort();
  const password = randomBytes(18).toString('base64url');
  const data = join(dir, 'data');
  const options = `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=100`;
  const psql = (sql: string) =>
    run('psql', ['-X', '-q', '-t', '-A', '-v', 'ON_ERROR_STOP=1', '-h', dir, '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-c', sql]);

  const start = async () => {
    await run('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  };
  const stop = async () => {
    await run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth-local=trust', '--auth-host=scram-sha-256', '-E', 'UTF8', '--locale=C.UTF-8']);
  await start();
  await psql(`CREATE ROLE portal LOGIN PASSWORD '${password}'`);
  await psql('CREATE DATABASE portal OWNER portal');
  return {
    url: `postgres://portal:${password}@127.0.0.1:${port}/portal`,
    async terminateConnections() {
      const { stdout } = await psql("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = 'portal'");
      return Number(stdout.trim());
    },
    async restart() {
      await stop();
      await start();
    },
    stop,
    start,
    async destroy() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
