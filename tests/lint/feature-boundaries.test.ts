/**
 * Imports between the parts of src/ (docs/decisions/155-feature-boundaries.md): no feature imports another
 * feature, and no route or view imports src/router.tsx (which imports every route). Each rule on bad and good
 * samples; `npm run lint` applies them to the whole project.
 */
import { describe, expect, it } from 'vitest';
import { lintSample, problemsOf } from './lint-sample.ts';

describe('local/no-cross-feature-import', () => {
  const crossFeature = (file: string, code: string) => problemsOf('local/no-cross-feature-import', file, code);

  it('fails an import, a re-export or a lazy import of another feature, however the path is spelled', async () => {
    expect(
      await crossFeature('src/features/planning/x.tsx', "import { DownloadButton } from '../documents/download-button.tsx';\nexport const a = DownloadButton;"),
    ).toEqual([
      'local/no-cross-feature-import: src/features/planning imports from src/features/documents: a feature imports no other feature; move what they share to src/ui, domain or a selector in machines/ (docs/decisions/155-feature-boundaries.md).',
    ]);
    expect(
      await crossFeature('src/features/session/x.tsx', "import type { StepForm } from '../../features/details/step-form.tsx';\nexport type A = StepForm;"),
    ).toHaveLength(1);
    expect(await crossFeature('src/features/home/x.ts', "export { HomeNotices } from '../session/home-notices.tsx';")).toHaveLength(1);
    expect(await crossFeature('src/features/shell/x.ts', "export * from '../auth/form-kit.tsx';")).toHaveLength(1);
    expect(await crossFeature('src/features/shell/x.ts', "export const load = () => import('../signature/signature-pad.tsx');")).toHaveLength(1);
  });

  it('lets a feature import its own files, the design system, the domain, the machines and the shared router types', async () => {
    const code = [
      "import { group } from './group.ts';",
      "import { Button } from '../../ui/button.tsx';",
      "import { LOCALES } from '#domain/constants.ts';",
      "import { menu } from '../../../machines/session.selectors.ts';",
      "import type { SessionActor } from '../../router-context.ts';",
      'export const used = [group, Button, LOCALES, menu];',
      'export type Used = SessionActor;',
    ].join('\n');
    expect(await lintSample('src/features/planning/x.tsx', code)).toEqual([]);
  });

  it('says nothing of files outside the features', async () => {
    expect(
      await crossFeature('src/routes/x.tsx', "import { PlanningScreen } from '../features/planning/planning-screen.tsx';\nexport const a = PlanningScreen;"),
    ).toEqual([]);
  });
});

describe('src/router.tsx stays out of the routes and the features', () => {
  const routerImport = (file: string, code: string) => problemsOf('no-restricted-imports', file, code);

  it('fails a feature or a route that takes its types from src/router.tsx', async () => {
    expect(await routerImport('src/features/home/x.tsx', "import type { SessionActor } from '../../router.tsx';\nexport type A = SessionActor;")).toEqual([
      "no-restricted-imports: '../../router.tsx' import is restricted from being used by a pattern. Take SessionActor and RouterContext from src/router-context.ts: src/router.tsx imports every route (docs/decisions/155-feature-boundaries.md).",
    ]);
    expect(await routerImport('src/routes/-x.ts', "import type { RouterContext } from '../router.tsx';\nexport type A = RouterContext;")).toHaveLength(1);
    expect(await routerImport('src/routes/user/x.tsx', "import type { RouterContext } from '../../router.tsx';\nexport type A = RouterContext;")).toHaveLength(
      1,
    );
  });

  it('fails src/router-context.ts if it imports a route', async () => {
    expect(await routerImport('src/router-context.ts', "import type { Route } from './routes/__root.tsx';\nexport type A = typeof Route;")).toHaveLength(1);
  });

  it('lets them take the types from src/router-context.ts', async () => {
    expect(await routerImport('src/routes/-x.ts', "import type { RouterContext } from '../router-context.ts';\nexport type A = RouterContext;")).toEqual([]);
  });
});

describe('machines import xstate, their siblings and the pure rules of domain only', () => {
  const machineImport = (code: string) => problemsOf('no-restricted-imports', 'machines/x.machine.ts', code);

  it('fails a machine that imports the app, a feature, the API client or a form library', async () => {
    for (const bad of [
      "import { api } from '../src/api/client.ts';",
      "import { m } from '../src/paraglide/messages.js';",
      "import { field } from '../src/features/details/fields.tsx';",
      "import { deep } from '#domain/sub/deep.ts';",
      "import * as v from 'valibot';",
    ])
      expect(await machineImport(`${bad}\nexport const used = 1;`), bad).toEqual([
        expect.stringContaining(
          'A machine imports only from xstate, sibling machine files and the core by its name, #domain/<file> (docs/conventions.md, Machines).',
        ),
      ]);
  });

  it('lets a machine import xstate, a sibling machine file and a rule of domain', async () => {
    const code = [
      "import { setup } from 'xstate';",
      "import { stepName } from './details-wizard.types.ts';",
      "import { IMAGE_FIELDS } from '#domain/enums.ts';",
      'export const used = [setup, stepName, IMAGE_FIELDS];',
    ].join('\n');
    expect(await machineImport(code)).toEqual([]);
  });
});
