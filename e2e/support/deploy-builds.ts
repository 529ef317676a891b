/**
 * Other builds of the portal for the deploy tests (docs/decisions/240-service-worker.md): the same sources built again
 * with a deploy's name (`PORTAL_BUILD`, which the footer shows, so its scripts differ) or without the service worker
 * (`PORTAL_SERVICE_WORKER=off`: the kill switch), each into a folder of its own under node_modules/.cache. A build is
 * reused while dist/ (the build the suite runs on) is the same, so only the first run after a change pays for it.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../scripts/lib/server-process.ts';

export type DeployBuild = { dir: string; scripts: Set<string> };

/** The scripts a build serves (`/assets/….js`): a page of this build asks for these and no others. */
export const scriptsOf = (dir: string): Set<string> =>
  new Set(
    readdirSync(join(dir, 'assets'))
      .filter((file) => file.endsWith('.js'))
      .map((file) => `/assets/${file}`),
  );

/** The suite's own build (dist/). */
export const currentBuild = (): DeployBuild => ({ dir: join(ROOT, 'dist'), scripts: scriptsOf(join(ROOT, 'dist')) });

export function deployBuild(name: string, env: Record<string, string>): DeployBuild {
  const sources = createHash('sha256')
    .update(readFileSync(join(ROOT, 'dist', 'sw.js')))
    .update(JSON.stringify({ name, env }))
    .digest('hex')
    .slice(0, 16);
  const dir = join(ROOT, 'node_modules', '.cache', 'portal-deploy', `${name}-${sources}`);
  if (!existsSync(join(dir, 'sw.js'))) {
    rmSync(dir, { recursive: true, force: true });
    execFileSync('npx', ['vite', 'build', '--outDir', dir, '--emptyOutDir', '--logLevel', 'warn'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: 'pipe',
      timeout: 240_000,
    });
  }
  return { dir, scripts: scriptsOf(dir) };
}
