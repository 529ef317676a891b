/**
 * The reference server as a child process on 127.0.0.1: the one way a script or a test starts it (the Playwright
 * suite's server, scripts/e2e-server.ts; the screenshots; the load script; the benchmark; the SIGKILL, keep-alive
 * and two-instance tests; in-process servers are tests/server/helpers/harness.ts). By default on a free port (PORT=0;
 * the port is read from its "Worker portal on http://…" line, so readiness is that line, not a poll) and without
 * building the portal. The child is killed when this process exits, so a failed run leaves no server behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string | null>;
  /** SIGTERM (a clean stop, the database closed) or SIGKILL (a crash); waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string | null>;
  output(): string;
};

export type ServerOptions = {
  dataDir: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** A fixed port (the Playwright suite's, the screenshots'); 0, the default, lets the system choose. */
  port?: number;
  /** Let the server build the portal first when dist/ is missing or stale (a minute or two). */
  build?: boolean;
  /** Copy the server's output to this process's (a long-running server a person may read). */
  echo?: boolean;
  /** false: once started, its output (a JSON line per request) is read and dropped, not kept (the benchmark). */
  keepOutput?: boolean;
};

export function startServerProcess(options: ServerOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(options.port ?? 0),
      HOST: '127.0.0.1',
      SKIP_BUILD: options.build ? '0' : '1',
      // No load balancer watches these servers: a stop need not give one time to notice (DRAIN_NOTICE_MS).
      DRAIN_NOTICE_MS: '0',
      DATA_DIR: options.dataDir,
      ...options.env,
    },
  });
  if (options.echo) {
    child.stdout!.pipe(process.stdout);
    child.stderr!.pipe(process.stderr);
  }
  const killOnExit = () => child.kill('SIGKILL');
  process.on('exit', killOnExit);
  let output = '';
  const exited = new Promise<number | string | null>((done) =>
    child.on('exit', (code, signal) => {
      process.off('exit', killOnExit);
      done(signal ?? code);
    }),
  );
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${options.timeoutMs ?? 60_000} ms:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    let started = false;
    const take = (chunk: Buffer) => {
      if (started && options.keepOutput === false) return;
      output += chunk.toString();
      if (started) return;
      const url = /Worker portal on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) {
        started = true;
        clearTimeout(timer);
        resolveStart({
          url,
          child,
          exited,
          output: () => output,
          stop(signal = 'SIGTERM') {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', take);
    child.stderr!.on('data', take);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`));
    });
  });
}
