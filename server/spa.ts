/**
 * Serves the built portal (dist/, docs/decisions/100-prerendered-pages.md and 102-first-load-critical-path.md):
 *  - each path its own prerendered page (dist/prerender.json), in the language the `portal_locale` cookie names
 *    (French otherwise); any other path, `/` included (the router sends it on to /home, spec §2), and a public page
 *    asked with a query parameter that changes its screen (a reset link's token), the fallback frame (index.html).
 *    Paths containing 'redirect' are not the app's (spec §2). Pages are checked again on every visit (`no-cache`,
 *    with an ETag);
 *  - hashed assets with a year-long immutable cache; icons and manifests revalidated;
 *  - every file as compressed at build time (`.br`, `.gz` beside it), as the browser accepts, with
 *    `Vary: Accept-Encoding`: nothing is compressed per request;
 *  - each document also by its own file name (`/nl/login.html`), the service worker (`/sw.js`) and the index it
 *    reads (`/prerender.json`): what the worker precaches (docs/decisions/240-service-worker.md).
 * Which document answers a path is domain/prerendered-pages.ts, the rule the service worker applies too.
 * The CSP and the other security headers come from server/security-headers.ts.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { cookieValue, pageFiles, pageFor, type PrerenderIndex } from '#domain/prerendered-pages.ts';

export function readPrerenderIndex(distDir: string): PrerenderIndex | null {
  const file = join(distDir, 'prerender.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PrerenderIndex) : null;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The encodings the request accepts (q=0 refuses), best first: what the build precompressed. */
export function acceptedEncodings(header: string | undefined): Array<'br' | 'gzip'> {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  return (['br', 'gzip'] as const).filter(ok);
}

/**
 * Sends `file` (an absolute path inside dist/), or its precompressed variant the request accepts. Null when the file
 * is not there. A matching If-None-Match is answered 304.
 */
async function sendFile(c: Context, file: string, headers: Record<string, string>): Promise<Response | null> {
  const original = await stat(file).catch(() => null);
  if (!original?.isFile()) return null;
  let body = file;
  let encoding: string | null = null;
  for (const candidate of acceptedEncodings(c.req.header('Accept-Encoding'))) {
    const variant = `${file}.${candidate === 'br' ? 'br' : 'gz'}`;
    if (
      await stat(variant).then(
        (s) => s.isFile(),
        () => false,
      )
    ) {
      body = variant;
      encoding = candidate;
      break;
    }
  }
  // The variant's identity: the original's size and time, and the encoding sent.
  const etag = `"${original.size.toString(36)}-${Math.floor(original.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
  const response = new Headers({ 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', Vary: 'Accept-Encoding', ETag: etag, ...headers });
  if (encoding) response.set('Content-Encoding', encoding);
  if (c.req.header('If-None-Match') === etag) return new Response(null, { status: 304, headers: response });
  const bytes = await readFile(body);
  response.set('Content-Length', String(bytes.length));
  return new Response(c.req.method === 'HEAD' ? null : bytes, { status: 200, headers: response });
}

/** The file of `root` (dist/) for a URL path, or null for anything outside the folder `within` (`assets`, or '' for all). */
function inside(root: string, within: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const file = resolve(root, `.${decoded}`);
  return file.startsWith(join(root, within) + (within ? sep : '')) ? file : null;
}

/** A page's headers: checked again on each visit (a new build's page names new asset files), in its language. */
const pageHeaders = (index: PrerenderIndex | null, locale: string) => ({
  'Cache-Control': 'no-cache',
  'Content-Language': locale,
  // The language comes from the cookie: a shared cache must keep one answer per cookie.
  ...(index ? { Vary: 'Accept-Encoding, Cookie' } : {}),
});

export function mountSpa(app: Hono, distDir: string): void {
  const dist = resolve(distDir);
  const index = readPrerenderIndex(dist);
  const documents = index ? pageFiles(index) : new Map<string, string>();

  app.get('/assets/*', async (c) => {
    const file = inside(dist, 'assets', c.req.path);
    // A missing asset is a 404, not the portal page: an old tab asking for a chunk of a previous build must fail
    // clearly (and no HTML may be served where a script is expected).
    return (file && (await sendFile(c, file, { 'Cache-Control': IMMUTABLE }))) || c.notFound();
  });
  app.use('/policies/*', serveStatic({ root: distDir }));
  // Icons and manifests keep their names from build to build: checked again on each use, cheap with the ETag.
  app.get('/icons/*', async (c) => {
    const file = inside(dist, 'icons', c.req.path);
    return (file && (await sendFile(c, file, { 'Cache-Control': 'no-cache' }))) || c.notFound();
  });
  app.get('/:file{(favicon\\.svg|manifest-[a-z]+\\.webmanifest)}', async (c) => {
    const file = inside(dist, '', c.req.path);
    return (file && (await sendFile(c, file, { 'Cache-Control': 'no-cache' }))) || c.notFound();
  });

  // The service worker of the build and the index it reads (docs/decisions/240-service-worker.md): stable names,
  // checked again on each use (the browser also checks the worker's script itself on every navigation).
  app.get('/:file{(sw\\.js|prerender\\.json)}', async (c) => {
    const file = inside(dist, '', c.req.path);
    return (file && (await sendFile(c, file, { 'Cache-Control': 'no-cache' }))) || c.notFound();
  });

  app.get('*', async (c) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.includes('redirect')) return c.notFound();
    // A document asked by its file name (`/nl/login.html`): what the service worker's precache fetches, each in its
    // own language whatever the cookie says.
    const named = documents.get(path.slice(1));
    if (named) return (await sendFile(c, join(dist, path.slice(1)), pageHeaders(index, named))) ?? c.notFound();
    if (!index) return (await sendFile(c, join(dist, 'index.html'), pageHeaders(null, 'fr'))) ?? c.notFound();
    const url = new URL(c.req.url);
    // A mailed link names the worker's language (`?lang=nl`, src/i18n/locale.ts adoptLinkLocale): a browser without a
    // choice gets the page in it; one with a choice keeps it (domain/prerendered-pages.ts).
    const { file, locale } = pageFor(index, { path, search: url.searchParams, cookieLocale: cookieValue(c.req.header('Cookie'), index.localeCookie) });
    return (await sendFile(c, join(dist, file), pageHeaders(index, locale))) ?? c.notFound();
  });
}
