// The lint of `npm test`. Besides correctness, it enforces the house rules of docs/conventions.md (Code) and of §10:
// imports flow one way, views render only messages (no literal text), no HTML injection.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import local from './scripts/lint-rules.js';

/** Import patterns a folder may not use, with the reason shown in the error; more [patterns, message] pairs may follow. */
const forbid = (patterns, message, ...more) => {
  const groups = [[patterns, message]];
  for (let i = 0; i < more.length; i += 2) groups.push([more[i], more[i + 1]]);
  return ['error', { patterns: groups.map(([group, reason]) => ({ group, message: reason })) }];
};
/** Browser tests start axe through e2e/fixtures.ts's `axeIn(page)`: in the page, violations detailed (decision 283). */
const AXE_ONLY_THROUGH_FIXTURES = {
  name: '@axe-core/playwright',
  message: 'Start axe with `axeIn(page)` from e2e/fixtures.ts (docs/decisions/283-axe-in-the-page.md): one way, in the page, the same options.',
};
/** src/router.tsx imports the route tree: a route or a view that imported it would close a circle through the routes. */
// `no-restricted-syntax` options do not merge across blocks (decision 157): the blocks below list these as they need.
const DEV_INSPECT = {
  selector: "CallExpression[callee.name=/^(createActor|useActorRef)$/]:not(:has(ObjectExpression > SpreadElement[argument.name='devInspect']))",
  message:
    'Spread devInspect into the options of every createActor / useActorRef, e.g. `useActorRef(logic, { input, ...devInspect })` (docs/decisions/072-dev-inspector.md).',
};
const ASK_SELECTORS = {
  selector: 'CallExpression[callee.property.name=/^(matches|hasTag|can)$/]',
  message:
    "Ask the snapshot through the machine's selectors (machines/<flow>.selectors.ts), never matches / hasTag / can in a view or a route (docs/decisions/171-actors-start-in-routes.md).",
};
const READ_SELECTORS = {
  selector: "MemberExpression[property.name='context']",
  message:
    "Read the snapshot through the machine's selectors (machines/<flow>.selectors.ts), never its context in a view (docs/decisions/171-actors-start-in-routes.md).",
};
/** Where a page's actors start: one layer for all of them. */
const STARTS_IN_ROUTES =
  "A view does not start actors: its route starts them (useActorRef with the app's implementations) and passes the actor; the view reads it through machines/<flow>.selectors.ts (docs/decisions/171-actors-start-in-routes.md).";
const ROUTER = [
  ['**/router.tsx'],
  'Take SessionActor and RouterContext from src/router-context.ts: src/router.tsx imports every route (docs/decisions/155-feature-boundaries.md).',
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'src/paraglide/',
      'src/routeTree.gen.ts',
      'domain/api-schema.ts',
      'test-results/',
      'playwright-report/',
      'data/',
      '.e2e-data/',
      'scripts/tmp/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local },
    rules: {
      // A comment cites a § of docs/requirements.md or a decision record, never a tracker number (docs/decisions/157-house-rules-as-lint-rules.md).
      'local/comment-references': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'tests/**/*.tsx'],
    ...react.configs.flat.recommended,
    ...react.configs.flat['jsx-runtime'],
    settings: { react: { version: '19' } },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'react-hooks/exhaustive-deps': 'error',
      ...jsxA11y.flatConfigs.strict.rules,
      'react/no-danger': 'error',
      'react/jsx-no-target-blank': 'error',
      'react/jsx-no-script-url': 'error',
      // Every word a worker reads comes from messages/*.json (paraglide). Punctuation and symbols may stay.
      'react/jsx-no-literals': [
        'error',
        { noStrings: false, ignoreProps: true, allowedStrings: ['·', '–', '—', '/', '-', ':', '×', '…', '*', '(', ')', '|', '+', '€', '%'] },
      ],
    },
  },
  // No module reaches itself through its imports, type-only and lazy ones included (docs/decisions/173).
  {
    files: ['**/*.{ts,tsx,js}'],
    plugins: { local },
    rules: { 'local/no-import-cycle': ['error', { notWalked: ['src/paraglide/'] }] },
  },
  // Every app actor reports to the dev inspector the one same way (docs/decisions/072-dev-inspector.md), and views
  // and routes ask a snapshot only through the machine's selectors (docs/decisions/171-actors-start-in-routes.md).
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dev/**', 'src/features/**'],
    rules: { 'no-restricted-syntax': ['error', DEV_INSPECT, ASK_SELECTORS] },
  },
  // The same in the views, which do not read a snapshot's context either.
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', DEV_INSPECT, ASK_SELECTORS, READ_SELECTORS] },
  },
  // Axe starts one way, `axeIn(page)` of e2e/fixtures.ts (docs/decisions/283-axe-in-the-page.md); the specs' own block
  // below lists it again, since `no-restricted-imports` options do not merge across blocks.
  {
    files: ['e2e/support/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [AXE_ONLY_THROUGH_FIXTURES] }] },
  },
  // Every Playwright spec takes `test` from e2e/fixtures.ts, whose auto fixtures run the axe and security checks
  // on it (docs/decisions/077-security-fixtures.md); types and `expect` may come from '@playwright/test'.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test', 'default'],
              message:
                'Take `test` from e2e/fixtures.ts: its auto fixtures run the accessibility and security checks on every test (docs/decisions/077-security-fixtures.md).',
            },
            AXE_ONLY_THROUGH_FIXTURES,
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program:not(:has(ImportDeclaration[source.value=/(^|\\/)fixtures\\.ts$/]))',
          message: 'A Playwright spec imports `test` from e2e/fixtures.ts (docs/decisions/077-security-fixtures.md).',
        },
      ],
    },
  },
  // A test that cannot fail is a defect: getBy… and findBy… throw when nothing matches, so `toBeTruthy()` or
  // `toBeDefined()` on what they return asserts nothing. Assert something the test is about instead.
  {
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['', 'argument.'].flatMap((awaited) =>
          ['callee.property.name', 'callee.name'].map((query) => ({
            selector: `CallExpression[callee.property.name=/^(toBeTruthy|toBeDefined)$/][callee.object.callee.name='expect'][callee.object.arguments.0.${awaited}${query}=/^(get|find)(All)?By/]`,
            message:
              'getBy… / findBy… throw when nothing matches: toBeTruthy() or toBeDefined() on their result cannot fail. Assert what the test is about (text, attribute, state, focus).',
          })),
        ),
      ],
    },
  },
  // Machines stay pure: xstate, sibling machine files and the shared core, domain/ by its name #domain/ (docs/conventions.md,
  // Machines: no copies of its rules in machines/), nothing else of the project (Stately Studio and the tests load them alone).
  {
    files: ['machines/**/*.ts'],
    plugins: { local },
    rules: {
      // No copy of the core's constants, rules or error-code lists (docs/decisions/229-machines-read-the-core.md).
      'local/no-core-copy': ['error', { core: 'domain', limits: ['OFFER_DECLINE_REASON_MAX', 'API_YEAR_MIN', 'API_YEAR_MAX'] }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // Everything but these three is refused: no list of packages to keep up to date.
            {
              regex: '^(?!xstate$|\\./[^/]+$|#domain/[^/]+$)',
              message: 'A machine imports only from xstate, sibling machine files and the core by its name, #domain/<file> (docs/conventions.md, Machines).',
            },
          ],
        },
      ],
    },
  },
  // The design system knows nothing of flows, API or routes.
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(
        ['**/machines/**', '**/features/**', '**/routes/**', '**/actors/**', '**/api/client*', 'xstate', '@xstate/*'],
        'src/ui is the design system: it imports no machine, feature, route or API client (docs/conventions.md, Code).',
      ),
    },
  },
  // Features render views: they talk to machines and ui, never to the API client directly (actors and loaders do),
  // and never to another feature (what two features share lives in src/ui, domain or machines/).
  // Views get their actors from the route that started them (docs/decisions/171-actors-start-in-routes.md).
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...forbid(
            ['**/routes/**', '**/api/client*'],
            'Views send events and read snapshots; calls live in src/actors or route loaders (docs/conventions.md, Code).',
            ...ROUTER,
          )[1],
          paths: [
            { name: '@xstate/react', importNames: ['useActorRef', 'useMachine', 'useActor'], message: STARTS_IN_ROUTES },
            { name: 'xstate', importNames: ['createActor'], message: STARTS_IN_ROUTES },
          ],
        },
      ],
      'local/no-cross-feature-import': 'error',
    },
  },
  {
    files: ['src/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(...ROUTER),
    },
  },
  {
    files: ['src/router-context.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['**/routes/**', '**/features/**', '**/router.tsx', '**/routeTree.gen*'],
        'src/router-context.ts is the types routes and views share: it imports no route.',
      ),
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['react', 'react-*', '**/src/**', '**/machines/**', '**/server/**', '#*', 'xstate', '@xstate/*', 'node:*'],
        "domain/ is the pure core the app, the machines and the server share: it imports only its own files (relatively), valibot and the messages' keys (docs/architecture.md).",
      ),
    },
  },
  // One place per rule on the server's side: every write to the workers table is a named step of
  // server/services/worker-writes.ts, and image formats are told by domain/image-bytes.ts's sniffImage, not by
  // magic bytes copied into a handler (a PNG or JPEG signature written as an array literal).
  {
    files: ['server/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['server/services/worker-writes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Literal[value', 'TemplateElement[value.raw'].map((node) => ({
          selector: `${node}=/\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+workers\\b/i]`,
          message: 'Write the workers table through a named function of server/services/worker-writes.ts (add one there if none fits).',
        })),
        ...['[elements.0.value=137][elements.1.value=80][elements.2.value=78]', '[elements.0.value=255][elements.1.value=216]'].map((bytes) => ({
          selector: `ArrayExpression${bytes}`,
          message: "Tell an image's format with sniffImage of domain/image-bytes.ts (its signatures are there).",
        })),
      ],
    },
  },
  // The server shares the core (#domain/: the rules and the generated API types) and nothing of the browser app.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(
        ['**/src/**', '**/machines/**', '**/domain/**', 'react', 'react-*'],
        'The server imports the shared core by its name (#domain/<file>), nothing of the browser app (src/) or the machines (docs/architecture.md).',
      ),
    },
  },
);
