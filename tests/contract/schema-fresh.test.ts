// domain/api-schema.ts is generated from openapi.yaml (`npm run gen:api`) and committed: it must not be stale.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('domain/api-schema.ts', () => {
  it('is what `npm run gen:api` makes of openapi.yaml today', () => {
    const dir = mkdtempSync(join(tmpdir(), 'schema-'));
    const out = join(dir, 'schema.ts');
    // The same command as the npm script, with only the output path changed.
    const script = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts['gen:api']!;
    const args = script.split(/\s+/).map((arg) => (arg === './domain/api-schema.ts' ? out : arg));
    execFileSync('npx', args, { stdio: 'pipe' });
    const fresh = readFileSync(out, 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(readFileSync('domain/api-schema.ts', 'utf8') === fresh, 'domain/api-schema.ts is stale: run `npm run gen:api`').toBe(true);
  });
});
