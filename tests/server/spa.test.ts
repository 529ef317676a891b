// How the reference server serves the built portal (server/spa.ts; docs/decisions/100–102): each path its own
// prerendered page in the language of the `portal_locale` cookie, the fallback frame for any other path, files as
// compressed at build time (nothing compressed per request) with the right Content-Encoding and Vary, the long
// immutable cache for hashed assets and `no-cache` for pages.
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { acceptedEncodings } from '../../server/spa.ts';
import { startServer, type TestServer } from './helpers/harness.ts';

// Starting PGlite takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const script = `export const words = ${JSON.stringify(Array.from({ length: 800 }, (_, i) => `word-${i}`))};\n`;
const page = (name: string) => `<!doctype html><title>${name}</title><div id="root">${name}</div>`;
const variants = (path: string, content: string) => ({ [path]: content, [`${path}.br`]: brotliCompressSync(content), [`${path}.gz`]: gzipSync(content) });
const index = {
  locales: ['fr', 'nl'],
  defaultLocale: 'fr',
  localeCookie: 'portal_locale',
  pages: [
    { path: '/login', kind: 'public', variesWith: [], files: { fr: 'login.html', nl: 'nl/login.html' } },
    { path: '/reset-password', kind: 'public', variesWith: ['token'], files: { fr: 'reset-password.html', nl: 'nl/reset-password.html' } },
    { path: '/user/reset-password', kind: 'frame', variesWith: [], files: { fr: 'user/reset-password.html', nl: 'nl/user/reset-password.html' } },
  ],
  fallback: { fr: 'index.html', nl: 'nl/index.html' },
  styleHashes: ["'sha256-X+u+TnE/TKLv9oK1/KSIip3gQLzDD4pGGcbpmW3Mfh0='"],
};

let api: TestServer;
beforeAll(async () => {
  api = await startServer({
    dist: {
      'prerender.json': JSON.stringify(index),
      ...variants('index.html', page('fallback fr')),
      ...variants('nl/index.html', page('fallback nl')),
      ...variants('login.html', page('login fr')),
      ...variants('nl/login.html', page('login nl')),
      'reset-password.html': page('reset fr'),
      'nl/reset-password.html': page('reset nl'),
      'user/reset-password.html': page('change password fr'),
      'nl/user/reset-password.html': page('change password nl'),
      ...variants('assets/index-abc123.js', script),
      'assets/tiny-0a1b2c.js': 'export {};',
      'icons/icon-192.png': new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      ...variants('manifest-fr.webmanifest', '{"name":"Portail intérimaires"}'),
      ...variants('sw.js', 'self.addEventListener("fetch", () => {});'),
      'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    },
  });
});
afterAll(() => api.close());

const br = { 'Accept-Encoding': 'gzip, deflate, br' };

describe('hashed assets', () => {
  it('go out as compressed at build time, brotli first, with Vary and the year-long immutable cache', async () => {
    const res = await api.get('/assets/index-abc123.js', { headers: br });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(res.bytes)).toEqual(brotliCompressSync(script));
  });

  it('gzip for a browser without brotli, as they are for one that takes neither', async () => {
    const gzip = await api.get('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(gzip.bytes)).toEqual(gzipSync(script));
    const refused = await api.get('/assets/index-abc123.js', { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(refused.text).toBe(script);
    const plain = await api.get('/assets/index-abc123.js');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.text).toBe(script);
  });

  it('a file the build did not compress goes out as it is: nothing is compressed per request', async () => {
    const res = await api.get('/assets/tiny-0a1b2c.js', { headers: br });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.text).toBe('export {};');
  });

  it('a missing asset is a 404, never a page; a path out of dist/ is refused', async () => {
    expect((await api.get('/assets/gone-000000.js', { headers: br })).status).toBe(404);
    expect((await api.get('/assets/..%2fprerender.json')).status).toBe(404);
    expect((await api.get('/icons/..%2f..%2fpackage.json')).status).toBe(404);
    // The URL parser makes this one /prerender.json, the index the service worker reads (served on purpose).
    expect(JSON.parse((await api.get('/assets/%2e%2e/prerender.json')).text)).toEqual(index);
  });

  it('a second visit with the ETag is a 304 without a body', async () => {
    const first = await api.get('/assets/index-abc123.js', { headers: br });
    const again = await api.get('/assets/index-abc123.js', { headers: { ...br, 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });
});

describe('pages', () => {
  it('each path its own prerendered page, French by default, checked again on every visit', async () => {
    const res = await api.get('/login', { headers: br });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(res.headers.get('content-language')).toBe('fr');
    expect(Buffer.from(res.bytes)).toEqual(brotliCompressSync(page('login fr')));
    expect((await api.get('/login/')).text).toBe(page('login fr'));
    expect((await api.get('/user/reset-password')).text).toBe(page('change password fr'));
  });

  it('in Dutch for a worker whose cookie says nl; an unknown language is French', async () => {
    const nl = await api.get('/login', { headers: { Cookie: 'other=1; portal_locale=nl' } });
    expect(nl.text).toBe(page('login nl'));
    expect(nl.headers.get('content-language')).toBe('nl');
    expect((await api.get('/user/reset-password', { headers: { Cookie: 'portal_locale=nl' } })).text).toBe(page('change password nl'));
    expect((await api.get('/login', { headers: { Cookie: 'portal_locale=de' } })).text).toBe(page('login fr'));
  });

  it("a mailed link's ?lang= gives its language to a browser without a choice; a choice made in the browser stays", async () => {
    const link = await api.get('/home?emailHasBeenValidated&lang=nl');
    expect(link.text).toBe(page('fallback nl'));
    expect(link.headers.get('content-language')).toBe('nl');
    expect((await api.get('/login?lang=nl')).text).toBe(page('login nl'));
    expect((await api.get('/login?lang=nl', { headers: { Cookie: 'portal_locale=fr' } })).text).toBe(page('login fr'));
    expect((await api.get('/login?lang=de')).text).toBe(page('login fr'));
  });

  it("any other path gets the fallback frame in the worker's language", async () => {
    expect((await api.get('/nothing-here')).text).toBe(page('fallback fr'));
    const nl = await api.get('/nothing-here', { headers: { ...br, Cookie: 'portal_locale=nl' } });
    expect(nl.status).toBe(200);
    expect(Buffer.from(nl.bytes)).toEqual(brotliCompressSync(page('fallback nl')));
  });

  it("a query parameter that changes a public screen (a reset link's token) gets the frame, not the page", async () => {
    expect((await api.get('/reset-password')).text).toBe(page('reset fr'));
    expect((await api.get('/reset-password?token=abc')).text).toBe(page('fallback fr'));
    expect((await api.get('/login?redirect=%2Fhome')).text).toBe(page('login fr'));
  });

  it('/ gets the fallback frame (the router sends it on to /home, spec §2); paths containing "redirect" are not pages', async () => {
    const root = await api.get('/?emailHasBeenValidated');
    expect(root.status).toBe(200);
    expect(root.text).toBe(page('fallback fr'));
    expect((await api.get('/redirect/elsewhere')).status).toBe(404);
  });

  it("the CSP allows the pages' first-paint <style> by its hash, and nothing more inline", async () => {
    const csp = (await api.get('/login')).headers.get('content-security-policy')!;
    expect(csp).toContain(`style-src 'self' ${index.styleHashes[0]}`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("manifest-src 'self'");
  });
});

describe('what the service worker precaches (docs/decisions/240-service-worker.md)', () => {
  it('each document by its file name, in its own language whatever the cookie, with the headers of its page', async () => {
    const nl = await api.get('/nl/login.html', { headers: { ...br, Cookie: 'portal_locale=fr' } });
    expect(nl.status).toBe(200);
    expect(Buffer.from(nl.bytes)).toEqual(brotliCompressSync(page('login nl')));
    expect(nl.headers.get('content-language')).toBe('nl');
    expect(nl.headers.get('cache-control')).toBe('no-cache');
    expect(nl.headers.get('content-security-policy')).toContain(`style-src 'self' ${index.styleHashes[0]}`);
    const fr = await api.get('/login.html', { headers: { Cookie: 'portal_locale=nl' } });
    expect([fr.text, fr.headers.get('content-language')]).toEqual([page('login fr'), 'fr']);
    expect((await api.get('/nl/index.html')).text).toBe(page('fallback nl'));
    expect((await api.get('/user/reset-password.html')).text).toBe(page('change password fr'));
    // A file the index does not name is no document: the path's page rule applies (here the fallback).
    expect((await api.get('/secret.html')).text).toBe(page('fallback fr'));
  });

  it('the worker and the index it reads, revalidated on every use', async () => {
    const worker = await api.get('/sw.js', { headers: br });
    expect(worker.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-encoding')).toBe('br');
    const pages = await api.get('/prerender.json');
    expect(pages.headers.get('cache-control')).toBe('no-cache');
    expect(JSON.parse(pages.text)).toEqual(index);
  });
});

describe('icons and manifests', () => {
  it('are served with their types, revalidated rather than kept', async () => {
    const icon = await api.get('/icons/icon-192.png');
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const manifest = await api.get('/manifest-fr.webmanifest', { headers: br });
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest.headers.get('content-encoding')).toBe('br');
    expect((await api.get('/favicon.svg')).headers.get('content-type')).toBe('image/svg+xml');
    expect((await api.get('/icons/missing.png')).status).toBe(404);
  });
});

describe('acceptedEncodings', () => {
  it('reads q-values, the wildcard and refusals', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=0.5, br;q=0')).toEqual(['gzip']);
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('*;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('identity')).toEqual([]);
  });
});
