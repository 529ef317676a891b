/**
 * The format is checked by `npm run lint` (docs/decisions/230-formatter.md): Biome, with the project's biome.json,
 * refuses a badly formatted file and accepts a well formatted one.
 */
import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Biome's verdict on `code` as if it were the file at `path` (the project's configuration applies). */
const formatCheck = (path: string, code: string) => spawnSync('npx', ['biome', 'format', `--stdin-file-path=${path}`], { input: code, encoding: 'utf8' });

describe('the formatter', () => {
  it('rewrites a badly formatted sample (double quotes, no semicolon, a cramped object)', () => {
    const bad = 'export const sample = {a:1,b:"two"}\n';
    const result = formatCheck('src/sample.ts', bad);
    expect(result.status).toBe(0);
    expect(result.stdout).toBe("export const sample = { a: 1, b: 'two' };\n");
    expect(result.stdout).not.toBe(bad);
  });

  it('keeps a well formatted sample as it is', () => {
    const good = "export const sample = { a: 1, b: 'two' };\n";
    expect(formatCheck('src/sample.ts', good).stdout).toBe(good);
  });

  it('fails the check on a file of the tree that differs, passes it once formatted', () => {
    // A file of its own in the tree (removed at once), so that the project's includes apply to it as to any other.
    const path = `tests/lint/format-sample-${process.pid}.ts`;
    const check = () => spawnSync('npx', ['biome', 'format', '--reporter=summary', path], { encoding: 'utf8' }).status;
    try {
      writeFileSync(path, 'export const sample = {a:1,b:"two"}\n');
      expect(check()).not.toBe(0);
      writeFileSync(path, "export const sample = { a: 1, b: 'two' };\n");
      expect(check()).toBe(0);
    } finally {
      rmSync(path, { force: true });
    }
  });
});
