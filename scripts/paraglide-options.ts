/**
 * The one set of paraglide compiler options, for scripts/compiled-messages.ts: paraglide's Vite plugin (the dev
 * server), `npm run gen:i18n` (which the type check needs before tsc runs), a build and vitest.
 *
 * Strategy: our own `custom-storage` first (src/i18n/locale-storage.ts keeps the worker's choice in
 * browser storage with the expiry of spec §9), then French, the base locale.
 */
export const paraglideOptions = {
  project: './project.inlang',
  outdir: './src/paraglide',
  strategy: ['custom-storage', 'baseLocale'],
  emitTsDeclarations: true,
  outputStructure: 'message-modules',
} as const;
