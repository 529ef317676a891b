/**
 * Machines import exactly xstate, sibling machine files and the files of src/domain, nothing else: no package but
 * xstate, no sub-path, no sub-folder (docs/conventions.md, Machines). The app, features and API client are refused in
 * tests/lint/feature-boundaries.test.ts; here what a list of forbidden names would let through.
 */
import { describe, expect, it } from 'vitest';
import { lintSample, problemsOf } from './lint-sample.ts';

const imports = (code: string) => problemsOf('no-restricted-imports', 'machines/x.machine.ts', code);

describe('machines import only xstate, sibling machine files and src/domain/*', () => {
  it.each([
    ["import type { Statute } from '../src/api/schema.ts';", 'the generated schema (a type import too)'],
    ["import { x } from '../src/domain/../api/schema.ts';", 'a path that leaves src/domain'],
    ["import { x } from './sub/file.ts';", 'a sub-folder of machines/'],
    ["import { x } from 'lodash';", 'a package nobody thought to forbid'],
    ["import { createBrowserInspector } from '@statelyai/inspect';", 'a scoped package'],
    ["import { toDirectedGraph } from 'xstate/graph';", 'a sub-path of xstate'],
    ["export { x } from 'immer';", 'a re-export'],
  ])('fails %s (%s)', async (line) => {
    expect(await imports(`${line}\nexport const used = 1;`)).toEqual([expect.stringContaining('A machine imports only from xstate, sibling machine files and src/domain (docs/conventions.md, Machines).')]);
  });

  it('passes xstate, a sibling and files of src/domain', async () => {
    const code = [
      "import { setup } from 'xstate';",
      "import { notProvided } from './invokes.ts';",
      "import { Statute } from '../src/domain/enums.ts';",
      "import { SIGNING_COMMENT_MAX_LENGTH } from '../src/domain/constants.ts';",
      'export const used = [setup, notProvided, Statute, SIGNING_COMMENT_MAX_LENGTH];',
    ].join('\n');
    expect(await lintSample('machines/x.machine.ts', code)).toEqual([]);
  });
});
