/**
 * Serves the built portal (dist/): hashed assets with a long cache (gzip when the browser accepts it), and index.html for every other path
 * except those containing 'redirect' (spec §2: not handled inside the app). The CSP and the other security headers
 * come from server/security-headers.ts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { compress } from 'hono/compress';
import { serveStatic } from '@hono/node-server/serve-static';

export function mountSpa(app: Hono, distDir: string): void {
  const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
  // Scripts and styles gzip to a third: on a slow mobile network that is most of /login's first paint
  // (docs/benchmark.md). Compressed on the fly; the long cache means once per browser and file.
  app.use('/assets/*', compress({ encoding: 'gzip' }));
  // Set on the answer itself: serveStatic builds its own Response, and a header set in its onFound hook was lost
  // (the hashed files went out without any Cache-Control: tests/server/spa-assets.test.ts).
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('/assets/*', serveStatic({ root: distDir }));
  // A missing asset is a 404, not the portal page: an old tab asking for a chunk of a previous build must fail
  // clearly (and no HTML may be served where a script is expected).
  app.use('/assets/*', async (c) => c.notFound());
  app.use('/policies/*', serveStatic({ root: distDir }));
  app.get('*', (c) => {
    const path = c.req.path;
    if (path.startsWith('/api/') || path.includes('redirect')) return c.notFound();
    // Checked again on each visit: a new build's page names new asset files.
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
