/** The build check of scripts/dev-only-code.ts finds a trace of the inspector, and only then. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { devOnlyTraces } from '../../scripts/dev-only-code.ts';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('devOnlyTraces', () => {
  it('finds the inspector in a built chunk, and nothing in a clean build', () => {
    dir = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="/assets/index.js"></script>');
    writeFileSync(join(dir, 'assets', 'index.js'), 'import("./x.js").then(() => createActor(m, {}));');
    expect(devOnlyTraces(dir)).toEqual([]);
    writeFileSync(join(dir, 'assets', 'inspect-abc.js'), 'export function createBrowserInspector(){ return "https://stately.ai/inspect" }');
    expect(devOnlyTraces(dir)).toEqual(['assets/inspect-abc.js: createBrowserInspector', 'assets/inspect-abc.js: stately.ai/inspect']);
  });
});
