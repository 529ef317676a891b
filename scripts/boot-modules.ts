/**
 * The page's entry (src/main.tsx) and the modules it imports, kept in the entry's own chunk (the group is named as
 * the entry, `index`: under another name the build loses its entry) apart from the app's
 * (docs/decisions/215-paint-before-work.md): the entry runs before the first paint, the app (src/app.tsx) after it.
 * A module the entry imports that is not listed here would land in the app's chunk, and the entry would then load and
 * run the whole app before the page paints: `npm run size` fails when the entry's chunk imports another chunk.
 */
export const BOOT_MODULES = [
  // The HTML entry's own module, then the script it names.
  'index.html',
  'src/main.tsx',
  'src/early-calls.ts',
  'src/api/early-answers.ts',
  'src/prerender/after-first-paint.ts',
  'src/prerender/held-submits.ts',
  'src/storage.ts',
  'src/kept/page-kept.ts',
  'src/kept/kept-names.ts',
  'domain/accounts.ts',
  'domain/constants.ts',
  'domain/brussels-day.ts',
  'domain/enums.ts',
  'domain/api-schema.ts',
  'domain/page-path.ts',
  'src/actors/session-keys.ts',
  'src/features/home/summary-calls.ts',
  'machines/session.selectors.ts',
  'machines/page-access.ts',
  'machines/route-gate.ts',
  'machines/session.types.ts',
];

const normalised = (id: string) => id.replace(/\\/g, '/').split('?')[0]!;
export const isBootModule = (id: string): boolean => BOOT_MODULES.some((file) => normalised(id).endsWith(`/${file}`));
