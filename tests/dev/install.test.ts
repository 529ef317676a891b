/**
 * A fresh clone's `npm install` is quiet (docs/decisions/212-quiet-first-commands.md): every Node version package.json
 * promises is one every locked package accepts (no EBADENGINE warning, whichever of them a newcomer runs), and every
 * locked package with an install script has been reviewed in `allowScripts` (npm 11 lists the unreviewed ones after
 * every install). Read from package.json and package-lock.json only: no network, no install.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

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
