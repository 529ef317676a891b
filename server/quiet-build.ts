/**
 * The build `npm start` runs when dist/ is missing or older than its sources (server/build-check.ts), told in two
 * lines: the bundler's own report (every chunk's size, the plugin timings) is for whoever works on the build, not for
 * the worker or operator starting the portal. It is shown only when the build fails, where it says why.
 * docs/decisions/212-quiet-first-commands.md.
 */
import { spawnSync } from 'node:child_process';

export type BuildRun = () => { status: number | null; output: string };
export type Say = (line: string) => void;

/** `npm run build` in `root`, its output kept rather than shown. */
export const npmBuild =
  (root: string): BuildRun =>
  () => {
    const result = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
    return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
  };

/** Builds, saying only that it does and how long it took; on failure the build's whole output goes to `fail`, then throws. */
export function buildQuietly(run: BuildRun, say: Say = console.log, fail: Say = console.error, now: () => number = Date.now): void {
  const started = now();
  say('Building the portal (dist/ is missing or older than its sources), about a minute the first time…');
  const { status, output } = run();
  if (status !== 0) {
    fail(output);
    throw new Error(`The build failed (exit ${status ?? 'signal'}): its output is above.`);
  }
  say(`Built in ${Math.round((now() - started) / 1000)} s.`);
}
