/**
 * The build's last step (the Vite plugin of plugin.ts runs it after the client build; docs/decisions/100–103):
 *  1. bundles src/prerender/render.tsx for Node with the same Vite config (same class names, same messages);
 *  2. renders every page of spec §2 in French and Dutch, plus the fallback frame, and writes them as documents
 *     (French at dist/<path>.html, Dutch at dist/nl/<path>.html; the fallback at dist/index.html, dist/nl/index.html);
 *  3. writes the icons and a web app manifest per language;
 *  4. writes dist/prerender.json: the pages, their files, and the CSP hashes of their <style> elements, for the
 *     server (server/spa.ts) and for a plain web server's configuration (docs/static-hosting.md);
 * The compressed files (compress.ts) come after the service worker is built (service-worker.ts `finishPlugin`).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import type { PageMark } from '../../src/prerender/pages.ts';
import type * as Render from '../../src/prerender/render.tsx';
import { tokens } from '../../src/styles/tokens.ts';
import { precompress } from './compress.ts';
import { classesWithoutStyle, firstLoad, manifestFile, pageDocument, styleHash, type BuildManifest } from './document.ts';
import { ICONS, iconFiles } from './icons.ts';

export const LOCALES = ['fr', 'nl'] as const;
export const DEFAULT_LOCALE = 'fr';
export const LOCALE_COOKIE = 'portal_locale';
export type Locale = (typeof LOCALES)[number];

/** What dist/prerender.json holds (read by server/spa.ts). */
export type PrerenderIndex = {
  locales: readonly string[];
  defaultLocale: string;
  /** The cookie whose value chooses the page's language (src/i18n/locale.ts). */
  localeCookie: string;
  pages: Array<PageMark & { files: Record<string, string> }>;
  fallback: Record<string, string>;
  /** CSP sources for the pages' <style> elements. */
  styleHashes: string[];
};

/** dist/login.html, dist/nl/login.html; the fallback is index.html. */
export const pageFile = (path: string, locale: string): string =>
  `${locale === DEFAULT_LOCALE ? '' : `${locale}/`}${path === '*' ? 'index' : path.replace(/^\//, '')}.html`;

async function bundleRenderer(root: string): Promise<typeof Render> {
  // Inside the project, so that the bundle's imports of node_modules resolve.
  const outDir = join(root, 'node_modules', '.cache', 'portal-prerender');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: join(root, 'vite.config.ts'),
    root,
    mode: 'production',
    logLevel: 'warn',
    build: {
      ssr: 'src/prerender/render.tsx',
      outDir,
      emptyOutDir: true,
      manifest: false,
      copyPublicDir: false,
      rolldownOptions: { output: { entryFileNames: 'render.mjs' } },
    },
  });
  return (await import(pathToFileURL(join(outDir, 'render.mjs')).href)) as typeof Render;
}

function write(dist: string, file: string, content: string | Buffer) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), content);
}

export async function prerender(root: string, dist: string): Promise<PrerenderIndex> {
  const render = await bundleRenderer(root);
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  const cssOf = (files: string[]) => files.map((file) => readFileSync(join(dist, file), 'utf8').trim()).join('\n');
  const hashes = new Set<string>();
  const index: PrerenderIndex = { locales: LOCALES, defaultLocale: DEFAULT_LOCALE, localeCookie: LOCALE_COOKIE, pages: [], fallback: {}, styleHashes: [] };

  const writePage = async (page: PageMark, locale: Locale): Promise<string> => {
    const rendered = await render.renderPage(page, locale);
    if (/<script/i.test(rendered.html)) throw new Error(`${page.path} (${locale}): the prerendered HTML has a <script>; the CSP allows none inline`);
    const load = firstLoad(manifest, rendered.routeIds);
    // A public page paints its screen at once: its routes' CSS is part of the first paint. A frame's screen comes later.
    const css = cssOf(page.kind === 'public' ? [...load.entryStyles, ...load.routeStyles] : load.entryStyles);
    const unstyled = classesWithoutStyle(rendered.html, css);
    if (unstyled.length) throw new Error(`${page.path} (${locale}): classes without CSS in the page: ${unstyled.join(', ')}`);
    hashes.add(styleHash(css));
    const file = pageFile(page.path, locale);
    const appTitle = render.manifestTexts(locale).shortName;
    write(dist, file, pageDocument({ locale, title: rendered.title, css, load, rootAttributes: render.markAttributes(page), body: rendered.html, appTitle }));
    return file;
  };

  for (const page of render.pages()) {
    const files: Record<string, string> = {};
    for (const locale of LOCALES) files[locale] = await writePage(page, locale);
    index.pages.push({ ...page, files });
  }
  for (const locale of LOCALES) index.fallback[locale] = await writePage(render.fallbackPage, locale);

  for (const { file, bytes } of iconFiles()) write(dist, file, bytes);
  for (const locale of LOCALES) write(dist, manifestFile(locale), JSON.stringify(webAppManifest(locale, render.manifestTexts(locale)), null, 2));

  index.styleHashes = [...hashes].sort();
  write(dist, 'prerender.json', JSON.stringify(index, null, 2));
  return index;
}

/** The web app manifest of one language: the same app (same id) in either. */
export function webAppManifest(
  locale: Locale,
  texts: { name: string; shortName: string; description: string; shortcuts: Record<'planning' | 'offers' | 'hours', string> },
) {
  const icons = ICONS.filter((icon) => icon.purpose).map((icon) => ({
    src: `/${icon.file}`,
    sizes: `${icon.shape.size}x${icon.shape.size}`,
    type: 'image/png',
    purpose: icon.purpose,
  }));
  return {
    id: '/home',
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    lang: locale === 'nl' ? 'nl-BE' : 'fr-BE',
    dir: 'ltr',
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    background_color: tokens.color.background,
    theme_color: tokens.color.primary,
    icons,
    // A long press on the installed app's icon (docs/decisions/103-installable.md): the worker's daily pages. The pages
    // open in the app's own language whichever manifest installed it (the cookie chooses, decision 101).
    shortcuts: (['planning', 'offers', 'hours'] as const).map((page) => ({
      name: texts.shortcuts[page],
      url: `/${page}`,
      icons: icons.filter((icon) => icon.purpose === 'any' && icon.sizes === '192x192').map(({ purpose: _purpose, ...icon }) => icon),
    })),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `npx tsx scripts/prerender/run.ts`: the step alone, on an existing client build.
  const root = resolve(import.meta.dirname, '..', '..');
  const index = await prerender(root, join(root, 'dist'));
  precompress(join(root, 'dist'));
  console.log(`prerendered ${index.pages.length} pages × ${index.locales.length} languages`);
}
