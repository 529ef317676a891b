// Every Playwright spec takes `test` from e2e/fixtures.ts, so that the auto fixtures (axe, CSP, personal data,
// headers, mutations) run on it; the detector is tried on bad samples first.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { forbiddenTestImport } from './rules/test-imports.ts';

const e2e = new URL('../../e2e/', import.meta.url).pathname;
const specs = (readdirSync(e2e, { recursive: true }) as string[]).filter((f) => f.endsWith('.spec.ts'));

describe('forbiddenTestImport', () => {
  it('catches a spec that takes test from @playwright/test', () => {
    expect(forbiddenTestImport("import { test, expect } from '@playwright/test';")).toMatch(/imports `test`/);
    expect(forbiddenTestImport("import { expect, test as it } from \"@playwright/test\";\nimport { m } from './fixtures.ts';")).toMatch(/imports `test`/);
    expect(forbiddenTestImport("import * as pw from '@playwright/test';")).toMatch(/as a whole/);
    expect(forbiddenTestImport("import { expect } from '@playwright/test';")).toMatch(/fixtures/);
  });

  it('accepts the shared fixture with types from @playwright/test', () => {
    expect(forbiddenTestImport("import type { Page } from '@playwright/test';\nimport { test, expect } from '../fixtures.ts';")).toBeNull();
    expect(forbiddenTestImport("import { type Page } from '@playwright/test';\nimport { test } from './fixtures.ts';")).toBeNull();
  });
});

describe('the Playwright specs', () => {
  it.each(specs)('%s uses the shared fixture', (file) => {
    expect(specs.length).toBeGreaterThan(10);
    expect(forbiddenTestImport(readFileSync(join(e2e, file), 'utf8'))).toBeNull();
  });
});
