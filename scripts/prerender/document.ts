/**
 * One prerendered page as a document (docs/decisions/100-prerendered-pages.md, 102-first-load-critical-path.md):
 *  - the CSS its first paint needs, in the page (a <style> the CSP allows by its hash): an external stylesheet
 *    costs one more round trip before anything paints, 150 ms on Slow 4G;
 *  - the entry script, and as `modulepreload` every chunk the page's routes load, as `preload` their stylesheets
 *    (the screen's own stylesheet is also in the page's <style>; the router's chunk loader asks for the file too):
 *    all fetched in parallel with the entry, no waterfall;
 *  - the icons, the manifest of the page's language, the theme colour and what iOS's home-screen app reads.
 * Everything comes from Vite's build manifest (dist/.vite/manifest.json).
 */
import { createHash } from 'node:crypto';
import { tokens } from '../../src/styles/tokens.ts';

export type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; css?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/** The manifest keys loaded with `keys`: their static imports, transitively, in load order (imports first). */
export function closure(manifest: BuildManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const order: string[] = [];
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
    order.push(key);
  };
  keys.forEach(visit);
  return order;
}

export function entryKey(manifest: BuildManifest): string {
  // The page's entry is index.html's script; the app (APP_MODULE) is an entry too, imported by it.
  const key = manifest['index.html']?.isEntry ? 'index.html' : Object.keys(manifest).find((k) => manifest[k]!.isEntry && k !== APP_MODULE);
  if (!key) throw new Error('No entry chunk in the build manifest');
  return key;
}

/**
 * The app the entry imports once the page has painted (src/main.tsx, docs/decisions/215-paint-before-work.md): every
 * page loads it, so it is preloaded with the entry and counts as part of it.
 */
export const APP_MODULE = 'src/app.tsx';

/** The entry and the app it starts: what every page loads (a build without the app module: the entry alone). */
export const startupKeys = (manifest: BuildManifest): string[] => [entryKey(manifest), ...(manifest[APP_MODULE] ? [APP_MODULE] : [])];

/** A route id of the route tree → its file (`/user/reset-password` → src/routes/user/reset-password.tsx). */
export const routeFile = (routeId: string): string =>
  routeId === '__root__' ? 'src/routes/__root.tsx' : `src/routes${routeId === '/' ? '/index' : routeId}.tsx`;

/** The manifest keys of a route file: the file and its split parts (`src/routes/home.tsx?tsr-split=component…`). */
export const routeKeys = (manifest: BuildManifest, file: string): string[] => Object.keys(manifest).filter((key) => key.split('?')[0] === file);

export type FirstLoad = {
  entry: string;
  /** Chunks to modulepreload (beyond the entry). */
  scripts: string[];
  /** Stylesheets of the routes' chunks, in load order. */
  routeStyles: string[];
  /** The entry's own stylesheets. */
  entryStyles: string[];
};

/** What a page of these routes loads first, as files of dist/. */
export function firstLoad(manifest: BuildManifest, routeIds: readonly string[]): FirstLoad {
  const entry = entryKey(manifest);
  const inEntry = new Set(closure(manifest, startupKeys(manifest)));
  // A route without keys of its own is all in the entry (the root; a route whose parts are not split off).
  const routeChunkKeys = routeIds.flatMap((id) => routeKeys(manifest, routeFile(id)));
  const own = closure(manifest, routeChunkKeys).filter((key) => !inEntry.has(key));
  const files = (keys: string[], pick: (chunk: ManifestChunk) => string[]) => [...new Set(keys.flatMap((key) => pick(manifest[key]!)))];
  return {
    entry: manifest[entry]!.file,
    scripts: [
      ...files(
        [...inEntry].filter((k) => k !== entry),
        (c) => [c.file],
      ),
      ...files(own, (c) => [c.file]),
    ],
    entryStyles: files([...inEntry], (c) => c.css ?? []),
    routeStyles: files(own, (c) => c.css ?? []),
  };
}

/** The CSP source that allows exactly this <style> element's text. */
export const styleHash = (css: string): string => `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;

export const manifestFile = (locale: string) => `manifest-${locale}.webmanifest`;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export type PageDocument = {
  locale: string;
  /** Already escaped for HTML. */
  title: string;
  /** The CSS of the first paint (the text of the page's <style>). */
  css: string;
  load: FirstLoad;
  /** The page's mark on #root (src/prerender/pages.ts markAttributes). */
  rootAttributes: Record<string, string>;
  body: string;
  /** The short name iOS writes under the home-screen icon (the manifest's `short_name`); none: the title. */
  appTitle?: string;
};

export function pageDocument(page: PageDocument): string {
  const asset = (file: string) => `/${file}`;
  const root = Object.entries(page.rootAttributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  if (/<\/style/i.test(page.css)) throw new Error('The page CSS would close its <style> element');
  return [
    '<!doctype html>',
    `<html lang="${escapeAttribute(page.locale)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<meta name="theme-color" content="${tokens.color.primary}">`,
    `<title>${page.title}</title>`,
    `<style>${page.css}</style>`,
    `<script type="module" crossorigin src="${asset(page.load.entry)}"></script>`,
    ...page.load.scripts.map((file) => `<link rel="modulepreload" crossorigin href="${asset(file)}">`),
    ...page.load.routeStyles.map((file) => `<link rel="preload" as="style" crossorigin href="${asset(file)}">`),
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    '<link rel="icon" href="/icons/favicon-32.png" sizes="32x32" type="image/png">',
    '<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png">',
    // iOS's home-screen app (docs/decisions/103-installable.md): its own window, the system's status bar above the
    // header (dark text on light: the header's colour starts below it), and its name under the icon.
    '<meta name="apple-mobile-web-app-capable" content="yes">',
    '<meta name="apple-mobile-web-app-status-bar-style" content="default">',
    ...(page.appTitle ? [`<meta name="apple-mobile-web-app-title" content="${escapeAttribute(page.appTitle)}">`] : []),
    `<link rel="manifest" href="/${manifestFile(page.locale)}">`,
    '</head>',
    '<body>',
    `<div id="root"${root}>${page.body}</div>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Class names that carry no style of ours: the router marks the link of the current page `active`. */
const UNSTYLED_CLASSES = new Set(['active']);

/** Every class name the HTML uses must be defined by the page's CSS: a page must never paint unstyled. */
export function classesWithoutStyle(html: string, css: string): string[] {
  const used = new Set([...html.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/).filter(Boolean)));
  return [...used].filter((name) => !UNSTYLED_CLASSES.has(name) && !css.includes(`.${name}`));
}
