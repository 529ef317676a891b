/**
 * What a first visit to each route of spec §2 downloads: every script and stylesheet the browser fetched until
 * the network went quiet, in gzip bytes (level 9, as scripts/check-size.ts counts them, from the files in dist/).
 * Public routes are opened signed out; the others as an approved employee, so that the guard lets the route's
 * own screen load instead of redirecting.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from '@playwright/test';
import { signIn, type Worker } from '../../e2e/support/workers.ts';
import { ROOT } from '../lib/server-process.ts';

export const SPEC_ROUTES: Array<{ path: string; public?: boolean; note?: string }> = [
  { path: '/' },
  { path: '/home' },
  { path: '/login', public: true },
  { path: '/register', public: true },
  { path: '/reset-password', public: true },
  { path: '/policies' },
  { path: '/documents' },
  { path: '/employee-details' },
  { path: '/availabilities' },
  { path: '/user/reset-password' },
  { path: '/user/manage-signature' },
  { path: '/digital-signing' },
  { path: '/planning' },
  { path: '/dummy' },
  { path: '/impersonate?token=not-a-real-token-123456', public: true },
  { path: '/redirect/validate-email', public: true, note: 'not an app page: the server redirects it to the API (spec §2), no JS' },
];

export type RouteSize = { path: string; js: number; css: number; files: number; note?: string };

const gzipped = new Map<string, number>();
function gzipSize(pathname: string): number {
  if (!gzipped.has(pathname)) gzipped.set(pathname, gzipSync(readFileSync(join(ROOT, 'dist', pathname)), { level: 9 }).length);
  return gzipped.get(pathname)!;
}

export async function routeSizes(browser: Browser, baseURL: string, worker: Worker): Promise<RouteSize[]> {
  const out: RouteSize[] = [];
  for (const route of SPEC_ROUTES) {
    const context = await browser.newContext({ baseURL, locale: 'fr-BE' });
    const page = await context.newPage();
    if (!route.public) await signIn(page, worker);
    const assets = new Set<string>();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.origin === baseURL && /\.(js|css)$/.test(url.pathname) && res.ok()) assets.add(url.pathname);
    });
    await page.goto(route.path, { waitUntil: 'networkidle' });
    const files = [...assets];
    out.push({
      path: route.path.split('?')[0]!,
      js: files.filter((f) => f.endsWith('.js')).reduce((n, f) => n + gzipSize(f), 0),
      css: files.filter((f) => f.endsWith('.css')).reduce((n, f) => n + gzipSize(f), 0),
      files: files.length,
      note: route.note,
    });
    await context.close();
  }
  return out;
}
