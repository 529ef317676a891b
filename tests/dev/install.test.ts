/**
 * A newcomer's first two commands are quiet (docs/decisions/212-quiet-first-commands.md).
 * `npm install`: every Node version package.json promises is one every locked package accepts (no EBADENGINE warning,
 * whichever of them a newcomer runs), and every locked package with an install script has been reviewed in
 * `allowScripts` (npm 11 lists the unreviewed ones after every install). Read from package.json and package-lock.json
 * only: no network, no install.
 * `npm start`: a build says two lines (its report only when it fails); the first start on a new data folder ends
 * with the address and the demo accounts.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../../scripts/lib/server-process.ts';
import { buildQuietly } from '../../server/quiet-build.ts';

const root = join(import.meta.dirname, '..', '..');
type Manifest = { engines: { node: string }; allowScripts?: Record<string, boolean> };
type Locked = { version?: string; engines?: unknown; hasInstallScript?: boolean };
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as { packages: Record<string, Locked> };
const locked = Object.entries(lock.packages)
  .filter(([path]) => path.startsWith('node_modules/'))
  .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), ...entry }));

/** The Node range a locked package declares, when it declares one (some write an array or an object without node). */
function nodeRange(engines: unknown): string | undefined {
  const node = typeof engines === 'object' && engines !== null && !Array.isArray(engines) ? (engines as { node?: unknown }).node : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('npm install on a fresh clone', () => {
  it('promises only Node versions that every locked package accepts, this one included', () => {
    const promised = manifest.engines.node;
    expect(semver.validRange(promised)).not.toBeNull();
    expect(semver.satisfies(process.versions.node, promised)).toBe(true);
    const refusing = locked.flatMap(({ name, version, engines }) => {
      const range = nodeRange(engines);
      return range !== undefined && !semver.subset(promised, range) ? [`${name}@${version} wants node ${range}`] : [];
    });
    expect(refusing).toEqual([]);
  });

  it('has reviewed every install script (allowed or denied in allowScripts)', () => {
    const reviewed = new Set(Object.keys(manifest.allowScripts ?? {}).map((key) => key.replace(/(.)@.*$/, '$1')));
    expect(locked.filter((p) => p.hasInstallScript && !reviewed.has(p.name)).map((p) => `${p.name}@${p.version}`)).toEqual([]);
  });
});

describe('npm start', () => {
  const REPORT = [
    'vite v8.3.8 building client environment for production...',
    'dist/assets/index-ixwrhw9F.js  417.60 kB',
    '[PLUGIN_TIMINGS] JavaScript callbacks ran for 19.5s.',
  ].join('\n');

  it("builds in two lines; the bundler's report shows only when the build fails", () => {
    const said: string[] = [];
    const failed: string[] = [];
    let t = 0;
    buildQuietly(
      () => ((t += 41_000), { status: 0, output: REPORT }),
      (line) => said.push(line),
      (text) => failed.push(text),
      () => t,
    );
    expect(said).toEqual(['Building the portal (dist/ is missing or older than its sources), about a minute the first time…', 'Built in 41 s.']);
    expect(failed).toEqual([]);
    expect(() =>
      buildQuietly(
        () => ({ status: 1, output: `${REPORT}\nerror TS2304` }),
        () => {},
        (text) => failed.push(text),
      ),
    ).toThrow(/build failed \(exit 1\)/);
    expect(failed).toEqual([`${REPORT}\nerror TS2304`]);
  });

  it('ends its first start with where the portal is and the demo accounts, in plain words', { timeout: 60_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-first-start-'));
    const server = await startServerProcess({ dataDir, env: { LOG_LEVEL: 'info' } });
    try {
      await expect.poll(() => server.output(), { timeout: 10_000 }).toContain('rejected@demo.example');
      const plain = server
        .output()
        .split('\n')
        .filter((line) => !line.startsWith('{'));
      const welcome = plain.slice(plain.indexOf(`Worker portal: ${server.url}`));
      expect(welcome.slice(0, 3)).toEqual([
        `Worker portal: ${server.url}`,
        'Demo workers (password for all: portail-demo):',
        expect.stringMatching(/^ {2}nieuw@demo\.example +new account/),
      ]);
      expect(welcome.filter((line) => /^ {2}\S+@demo\.example /.test(line))).toHaveLength(7);
      // Above it, only the server's JSON log lines: nothing of the build, nothing else in plain text.
      expect(plain.slice(0, plain.indexOf(`Worker portal: ${server.url}`)).filter((line) => line.trim() !== '')).toEqual([]);
    } finally {
      await server.stop('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
