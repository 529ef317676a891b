// npm start rebuilds dist/ when it is missing or older than a source the build reads (never for generated files).
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildIsStale } from '../../server/build-check.ts';

const at = (path: string, seconds: number) => utimesSync(path, seconds, seconds);

describe('buildIsStale', () => {
  it('is true without dist/, false when dist/ is newer, true when a source is newer, and ignores generated files', () => {
    const root = mkdtempSync(join(tmpdir(), 'portal-build-'));
    mkdirSync(join(root, 'src', 'paraglide'), { recursive: true });
    writeFileSync(join(root, 'src', 'main.tsx'), '');
    writeFileSync(join(root, 'src', 'paraglide', 'messages.js'), '');
    expect(buildIsStale(root)).toBe(true);
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.html'), '');
    at(join(root, 'src', 'main.tsx'), 1_000);
    at(join(root, 'dist', 'index.html'), 2_000);
    at(join(root, 'src', 'paraglide', 'messages.js'), 3_000);
    expect(buildIsStale(root)).toBe(false);
    at(join(root, 'src', 'main.tsx'), 3_000);
    expect(buildIsStale(root)).toBe(true);
    rmSync(root, { recursive: true, force: true });
  });
});
