/**
 * The size budget of §11, read from the build's manifest (dist/.vite/manifest.json):
 *  - first load of /login: the entry chunk, everything it imports statically, and the /login route's own
 *    split chunks with their static imports — at most 150 KB of JavaScript, gzip;
 *  - every other route: what its split chunks add beyond the entry — at most 30 KB gzip.
 * Prints one line per route and fails when a budget is exceeded. It also fails when development-only code (the
 * Stately inspector, docs/decisions/072-dev-inspector.md) reached the build.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { devOnlyTraces } from './dev-only-code.ts';
import { APP_MODULE } from './prerender/document.ts';

type Chunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
const dist = join(process.cwd(), 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;

const FIRST_LOAD_BUDGET = 150 * 1024;
const ROUTE_BUDGET = 30 * 1024;

const gzipCache = new Map<string, number>();
const gz = (file: string) => {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file)!;
};

/** The chunk keys loaded together with `keys`: their static imports, transitively. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}
const jsBytes = (keys: Iterable<string>) => [...keys].filter((k) => manifest[k]!.file.endsWith('.js')).reduce((n, k) => n + gz(manifest[k]!.file), 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((k) => manifest[k]!.isEntry && k !== APP_MODULE);
if (!entryKey) throw new Error('No entry chunk in the manifest: run `npm run build` first.');
// The entry paints first, then imports the app (src/main.tsx): both are every page's first load.
const entry = closure([entryKey, ...(manifest[APP_MODULE] ? [APP_MODULE] : [])]);

/** Split chunks per route file: keys like `src/routes/login.tsx?tsr-split=component`. */
const routes = new Map<string, string[]>();
for (const key of Object.keys(manifest)) {
  const match = /^src\/routes\/(.+?)\.tsx(\?.*)?$/.exec(key);
  if (!match || key === 'src/routes/__root.tsx') continue;
  routes.set(match[1]!, [...(routes.get(match[1]!) ?? []), key]);
}

let failed = false;
// The entry runs before the first paint: it must load nothing of the app (scripts/boot-modules.ts).
const bootOnly = closure([entryKey]);
const bootBytes = jsBytes(bootOnly);
const appInBoot = [...bootOnly].filter((key) => manifest[key]!.file.startsWith('assets/portal-'));
failed ||= appInBoot.length > 0;
console.log(
  `${appInBoot.length ? '✗' : ' '} entry before the first paint: ${kb(bootBytes)}${appInBoot.length ? ` — it imports the app's chunk (${appInBoot.join(', ')}): list the module it needs in scripts/boot-modules.ts` : ''}`,
);
const loginKeys = routes.get('login') ?? [];
const firstLoad = jsBytes(new Set([...entry, ...closure(loginKeys)]));
console.log(`entry (react, router, shell…): ${kb(jsBytes(entry))}`);
for (const [route, keys] of [...routes].sort()) {
  const own = [...closure(keys)].filter((k) => !entry.has(k));
  const bytes = jsBytes(own);
  const over = bytes > ROUTE_BUDGET && route !== 'login';
  failed ||= over;
  console.log(`${over ? '✗' : ' '} /${route.replace(/\/?index$/, '')}: ${kb(bytes)} of its own${over ? ` (budget ${kb(ROUTE_BUDGET)})` : ''}`);
}
const loginOver = firstLoad > FIRST_LOAD_BUDGET;
failed ||= loginOver;
console.log(
  `budget: first load of /login ${kb(firstLoad)} of ${kb(FIRST_LOAD_BUDGET)} JS gzip${loginOver ? ' — OVER' : ''}; route chunks within ${kb(ROUTE_BUDGET)}`,
);
const traces = devOnlyTraces(dist);
failed ||= traces.length > 0;
for (const trace of traces) console.log(`✗ development-only code in the build: ${trace}`);
console.log(`dev-only code: ${traces.length === 0 ? 'none in dist/' : `${traces.length} trace(s)`}`);
process.exit(failed ? 1 : 0);
