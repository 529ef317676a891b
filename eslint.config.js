// The lint of `npm test`. Besides correctness, it enforces the house rules of DESIGN.md §2 and §6:
// imports flow one way, views render only messages (no literal text), no HTML injection.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import react from 'eslint-plugin-react';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/** Import patterns a folder may not use, with the reason shown in the error. */
const forbid = (patterns, message) => ['error', { patterns: [{ group: patterns, message }] }];

export default tseslint.config(
  {
    ignores: ['dist/', 'node_modules/', 'src/paraglide/', 'src/routeTree.gen.ts', 'src/api/schema.ts', 'test-results/', 'playwright-report/', 'data/', '.e2e-data/', 'scripts/tmp/'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
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
      'react/jsx-no-literals': ['error', { noStrings: false, ignoreProps: true, allowedStrings: ['·', '–', '—', '/', '-', ':', '×', '…', '*', '(', ')', '|', '+', '€', '%'] }],
    },
  },
  // Machines stay pure: only xstate and sibling machine files (Stately Studio and the tests load them alone).
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(['../*', '../**', 'react', 'react-*', '@tanstack/*', 'openapi-fetch', 'radix-ui', '@vanilla-extract/*', 'valibot', '@formisch/*'], 'A machine imports only from xstate and sibling machine files (DESIGN.md §3).'),
    },
  },
  // The design system knows nothing of flows, API or routes.
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(['**/machines/**', '**/features/**', '**/routes/**', '**/actors/**', '**/api/client*', 'xstate', '@xstate/*'], 'src/ui is the design system: it imports no machine, feature, route or API client (DESIGN.md §2).'),
    },
  },
  // Features render views: they talk to machines and ui, never to the API client directly (actors and loaders do).
  {
    files: ['src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': forbid(['**/routes/**', '**/api/client*'], 'Views send events and read snapshots; calls live in src/actors or route loaders (DESIGN.md §2).'),
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(['react', 'react-*', '**/machines/**', '**/features/**', '**/routes/**', '**/ui/**', '**/actors/**', '**/api/client*', 'xstate', '@xstate/*'], 'src/domain is pure rules shared with the server.'),
    },
  },
  // The server may use src/domain and the generated API types, nothing else of src/.
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': forbid(['**/src/features/**', '**/src/routes/**', '**/src/ui/**', '**/src/actors/**', '**/src/api/client*', '**/machines/**', 'react', 'react-*'], 'The server imports only src/domain and src/api/schema.ts (DESIGN.md §2).'),
    },
  },
);
