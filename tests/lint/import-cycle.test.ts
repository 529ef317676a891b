/**
 * `local/no-import-cycle` (scripts/lint-rules.js, docs/decisions/173-no-import-circles.md): a module never reaches
 * itself through its imports. The samples in tests/lint/samples/ import each other in one direction only
 * (c → b → a); linting circle-a.ts with an import back closes a circle, whichever kind of import it is.
 */
import { describe, expect, it } from 'vitest';
import { lintSample, problemsOf } from './lint-sample.ts';

const A = 'tests/lint/samples/circle-a.ts';
const circles = (code: string) => problemsOf('local/no-import-cycle', A, code);

describe('local/no-import-cycle', () => {
  it('fails the import that closes a circle, naming it', async () => {
    expect(await circles("import { b } from './circle-b.ts';\nexport const a = b;")).toEqual([
      'local/no-import-cycle: This import closes a circle: tests/lint/samples/circle-a.ts → tests/lint/samples/circle-b.ts → tests/lint/samples/circle-a.ts. Move what both sides need to a third module (an actor type beside its selectors in machines/, a shared type in its own file) (docs/decisions/173-no-import-circles.md).',
    ]);
  });

  it('counts type-only imports, re-exports, lazy imports, longer circles and a file importing itself', async () => {
    expect(await circles("import type { b } from './circle-b.ts';\nexport type A = typeof b;")).toHaveLength(1);
    expect(await circles("export { b } from './circle-b.ts';")).toHaveLength(1);
    expect(await circles("export const later = () => import('./circle-b.ts');")).toHaveLength(1);
    expect(await circles("import { c } from './circle-c.ts';\nexport const a = c;")).toEqual([
      expect.stringContaining('circle-a.ts → tests/lint/samples/circle-c.ts → tests/lint/samples/circle-b.ts → tests/lint/samples/circle-a.ts.'),
    ]);
    expect(await circles("import { a as self } from './circle-a.ts';\nexport const a = self;")).toHaveLength(1);
  });

  it('fails the circle it was written for: a dialog taking its actor type from the screen that renders it', async () => {
    const code = "import type { SignatureActor } from './signature-screen.tsx';\nexport type Props = { actor: SignatureActor };";
    expect(await problemsOf('local/no-import-cycle', 'src/features/signature/signature-dialog.tsx', code)).toEqual([
      expect.stringContaining(
        'src/features/signature/signature-dialog.tsx → src/features/signature/signature-screen.tsx → src/features/signature/signature-dialog.tsx',
      ),
    ]);
  });

  it('passes imports that lead only away (the samples as they are on disk)', async () => {
    expect(await lintSample('tests/lint/samples/circle-c.ts', "import { b } from './circle-b.ts';\n\nexport const c = b + 1;\n")).toEqual([]);
    expect(await circles("import { setup } from 'xstate';\nexport const a = setup;")).toEqual([]);
  });
});
