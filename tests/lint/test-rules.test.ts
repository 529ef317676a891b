/**
 * House rules that used to be hand-made source scanners or unchecked habits, now ESLint rules (eslint.config.js),
 * each proved on bad and good samples: every app actor spreads `devInspect` (decision 072; was
 * tests/dev/actor-sites.test.ts), every Playwright spec takes `test` from e2e/fixtures.ts (decision 077; was
 * tests/security/spec-imports.test.ts), axe starts only through `axeIn(page)` of that file (decision 283), and no
 * test asserts `toBeTruthy()` on what getBy… / findBy… return (they throw when nothing matches, so such an assertion
 * cannot fail).
 */
import { describe, expect, it } from 'vitest';
import { lintSample, problemsOf } from './lint-sample.ts';

const syntax = (file: string, code: string) => problemsOf('no-restricted-syntax', file, code);
const imports = (file: string, code: string) => problemsOf('no-restricted-imports', file, code);

describe('every app actor reports to the dev inspector', () => {
  const head =
    "import { createActor } from 'xstate';\nimport { useActorRef } from '@xstate/react';\nimport { devInspect } from '../../dev/inspector.ts';\ndeclare const logic: never;\ndeclare const x: number;\ndeclare const f: (n: number) => object;\n";

  it('fails a createActor or useActorRef without ...devInspect in its options', async () => {
    const found = await syntax(
      'src/routes/-x.ts',
      `${head}export const a = () => useActorRef(logic, { input: f(x) });\nexport const b = createActor(logic).start();\nexport const c = createActor(logic, { input: { ...f(x) } });\nexport const d = devInspect;`,
    );
    expect(found).toHaveLength(3);
    expect(found[0]).toMatch(/Spread devInspect into the options of every createActor \/ useActorRef/);
  });

  // Where actors start: the routes (decision 171) and main.tsx.
  it('accepts the spread anywhere in the options, in a route and in main.tsx', async () => {
    const good = `${head}export const a = () => useActorRef(logic, { input: f(x), ...devInspect });\nexport const b = createActor(logic, { ...devInspect }).start();`;
    expect(await lintSample('src/routes/-x.ts', good)).toEqual([]);
    expect(await syntax('src/main.tsx', good)).toEqual([]);
  });

  it('leaves the inspector itself and the tests alone', async () => {
    const bare = `${head}export const b = createActor(logic).start();\nexport const d = devInspect;`;
    expect(await syntax('src/dev/x.ts', bare)).toEqual([]);
    expect(await syntax('tests/dev/x.test.ts', bare)).toEqual([]);
  });
});

describe('every Playwright spec runs on the shared fixture', () => {
  const spec = 'e2e/journeys/x.spec.ts';
  const body = "\ntest('x', async ({ page }) => {\n  await expect(page).toHaveTitle('x');\n});\n";

  it('fails a spec that takes test from @playwright/test, by name, as default or as a whole', async () => {
    const named = await imports(spec, `import { test, expect } from '@playwright/test';${body}`);
    expect(named).toHaveLength(1);
    expect(named[0]).toMatch(/'test' import from '@playwright\/test' is restricted.*Take `test` from e2e\/fixtures\.ts/);
    expect(
      await imports(
        spec,
        `import { expect, test as it } from '@playwright/test';\nimport { m } from '../fixtures.ts';\nconst test = it;\nexport { m };${body}`,
      ),
    ).toHaveLength(1);
    expect(await imports(spec, `import base, { expect } from '@playwright/test';\nconst test = base;${body}`)).toHaveLength(1);
    expect(await imports(spec, `import * as pw from '@playwright/test';\nconst { test, expect } = pw;${body}`)).toHaveLength(1);
  });

  it('fails a spec that does not import e2e/fixtures.ts at all', async () => {
    const found = await syntax(spec, `import { expect } from '@playwright/test';\nimport { test } from './elsewhere.ts';${body}`);
    expect(found).toEqual(['no-restricted-syntax: A Playwright spec imports `test` from e2e/fixtures.ts (docs/decisions/077-security-fixtures.md).']);
  });

  it('accepts the shared fixture, with types and expect from @playwright/test', async () => {
    expect(
      await lintSample(spec, `import type { Page } from '@playwright/test';\nimport { test, expect } from '../fixtures.ts';\nexport type P = Page;${body}`),
    ).toEqual([]);
    expect(
      await lintSample(
        'e2e/x.spec.ts',
        `import { type Page, expect } from '@playwright/test';\nimport { test } from './fixtures.ts';\nexport type P = Page;${body}`,
      ),
    ).toEqual([]);
  });

  it('leaves the fixture file itself alone (it builds `test` from @playwright/test)', async () => {
    expect(await imports('e2e/fixtures.ts', "import { test as base } from '@playwright/test';\nexport const test = base;")).toEqual([]);
  });
});

describe('axe starts through axeIn(page) of e2e/fixtures.ts (decision 283)', () => {
  const axe = "import { AxeBuilder } from '@axe-core/playwright';\nexport const run = AxeBuilder;\n";

  it('fails a spec or a support file that imports @axe-core/playwright', async () => {
    for (const file of ['e2e/journeys/x.spec.ts', 'e2e/support/x.ts']) {
      const found = await imports(file, `import { test } from '../fixtures.ts';\nexport { test };\n${axe}`);
      expect(found, file).toHaveLength(1);
      expect(found[0]).toMatch(/Start axe with `axeIn\(page\)` from e2e\/fixtures\.ts/);
    }
  });

  it('leaves the fixture file itself alone (axeIn is built there)', async () => {
    expect(await imports('e2e/fixtures.ts', axe)).toEqual([]);
  });
});

describe('no test asserts toBeTruthy() on a query that throws', () => {
  const file = 'tests/ui/x.test.tsx';
  const head =
    "import { expect } from 'vitest';\nimport { screen, within } from '@testing-library/react';\ndeclare const box: HTMLElement;\ndeclare const getByText: (t: string) => HTMLElement;\n";

  it('fails toBeTruthy / toBeDefined on getBy…, getAllBy…, findBy… (awaited), within(…).getBy… and a destructured getBy…', async () => {
    const bad = [
      "expect(screen.getByRole('menu')).toBeTruthy();",
      "expect(screen.getAllByRole('row')).toBeDefined();",
      "expect(await screen.findByText('Saved')).toBeTruthy();",
      "expect(within(box).getByLabelText('Name')).toBeTruthy();",
      "expect(getByText('Hello')).toBeTruthy();",
    ];
    const found = await syntax(file, `${head}export async function t() {\n${bad.join('\n')}\n}`);
    expect(found).toHaveLength(bad.length);
    expect(found[0]).toMatch(/cannot fail/);
  });

  it('accepts real assertions on what they return, and toBeTruthy on what may be missing', async () => {
    const good = [
      "expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', false);",
      "expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Planning');",
      "expect(screen.queryByRole('menu')).toBeNull();",
      "expect(box.getAttribute('aria-describedby')).toBeTruthy();",
    ];
    expect(await syntax(file, `${head}export async function t() {\n${good.join('\n')}\n}`)).toEqual([]);
  });
});
