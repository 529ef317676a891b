/**
 * Machines import exactly xstate, sibling machine files and the files of domain, nothing else: no package but
 * xstate, no sub-path, no sub-folder (docs/conventions.md, Machines). The app, features and API client are refused in
 * tests/lint/feature-boundaries.test.ts; here what a list of forbidden names would let through.
 */
import { describe, expect, it } from 'vitest';
import { lintSample, problemsOf } from './lint-sample.ts';

const imports = (code: string) => problemsOf('no-restricted-imports', 'machines/x.machine.ts', code);

describe('machines import only xstate, sibling machine files and domain/*', () => {
  it.each([
    ["import type { Statute } from '../domain/api-schema.ts';", 'the core by a relative path (a type import too)'],
    ["import { x } from '#domain/details-steps/legal.ts';", 'a sub-folder of the core'],
    ["import { x } from '../src/api/client.ts';", 'the browser app'],
    ["import { x } from './sub/file.ts';", 'a sub-folder of machines/'],
    ["import { x } from 'lodash';", 'a package nobody thought to forbid'],
    ["import { createBrowserInspector } from '@statelyai/inspect';", 'a scoped package'],
    ["import { toDirectedGraph } from 'xstate/graph';", 'a sub-path of xstate'],
    ["export { x } from 'immer';", 'a re-export'],
  ])('fails %s (%s)', async (line) => {
    expect(await imports(`${line}\nexport const used = 1;`)).toEqual([
      expect.stringContaining(
        'A machine imports only from xstate, sibling machine files and the core by its name, #domain/<file> (docs/conventions.md, Machines).',
      ),
    ]);
  });

  it('passes xstate, a sibling and files of domain', async () => {
    const code = [
      "import { setup } from 'xstate';",
      "import { notProvided } from './invokes.ts';",
      "import { Statute } from '#domain/enums.ts';",
      "import { SIGNING_COMMENT_MAX_LENGTH } from '#domain/constants.ts';",
      "import type { Offer } from '#domain/api-schema.ts';",
      'export type Used = Offer;',
      'export const used = [setup, notProvided, Statute, SIGNING_COMMENT_MAX_LENGTH];',
    ].join('\n');
    expect(await lintSample('machines/x.machine.ts', code)).toEqual([]);
  });
});
