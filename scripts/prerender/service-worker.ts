/**
 * The service worker's part of the build (docs/decisions/240-service-worker.md): vite-plugin-pwa builds src/sw/sw.ts
 * with Workbox's injectManifest once the prerender has written the pages (its `closeBundle` runs after ours: both are
 * `post`, and vite-plugin-pwa's build plugin is `enforce: 'post'`), then `finishPlugin` checks that the worker's
 * precache lists every document of dist/prerender.json and compresses dist/ (compress.ts), the worker included.
 *
 * `PORTAL_SERVICE_WORKER=off` builds the portal without a worker: dist/sw.js is then vite-plugin-pwa's
 * self-destroying worker (it takes over, unregisters itself, empties Cache Storage and reloads the open pages from
 * the network), and the app registers none (src/pwa/register.ts). A build that drops the worker must keep serving that
 * file at the same address: it is how the browsers that installed the worker learn that it is gone.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { pageFiles, type PrerenderIndex } from '../../domain/prerendered-pages.ts';
import { precompress } from './compress.ts';

export const SERVICE_WORKER_FILE = 'sw.js';

/** Whether this build has a worker (`PORTAL_SERVICE_WORKER=off`: the kill switch's build). */
export const serviceWorkerEnabled = (env: NodeJS.ProcessEnv = process.env): boolean => env.PORTAL_SERVICE_WORKER !== 'off';

export function serviceWorkerOptions(enabled: boolean): Partial<VitePWAOptions> {
  return {
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    // The app registers the worker itself, after the first paint (src/pwa/register.ts); the manifests are the
    // prerender's, one per language (docs/decisions/103-installable.md).
    injectRegister: false,
    manifest: false,
    includeManifestIcons: false,
    selfDestroying: !enabled,
    integration: { closeBundleOrder: 'post' },
    injectManifest: {
      rollupFormat: 'iife',
      globPatterns: ['**/*.{js,css,html,json,webmanifest,png,svg}'],
      // The worker itself, the build's own manifest (.vite/, a dot folder the glob skips), the compressed copies
      // (not written yet, and the browser decodes what it fetches) and the bench's page.
      globIgnores: [SERVICE_WORKER_FILE, '**/*.br', '**/*.gz', 'assets/bench-bare.html'],
      // Hashed names change with their content: no revision needed.
      dontCacheBustURLsMatching: /^assets\//,
      maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
    },
  };
}

/** The URLs of a built worker's precache list (`{url, revision}` entries as Workbox writes them into sw.js). */
export function precachedUrls(workerSource: string): string[] {
  return [...workerSource.matchAll(/"?url"?:\s*"([^"]+)"/g)].map((match) => match[1]!);
}

/** After the worker is built: the check that it precaches every page, then the compressed files. */
export function finishPlugin(enabled: boolean): Plugin {
  let outDir = '';
  let ssr = false;
  return {
    name: 'portal-finish',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        if (ssr) return;
        const worker = join(outDir, SERVICE_WORKER_FILE);
        if (!existsSync(worker)) throw new Error(`The build wrote no ${SERVICE_WORKER_FILE}`);
        if (enabled) {
          const index = JSON.parse(readFileSync(join(outDir, 'prerender.json'), 'utf8')) as PrerenderIndex;
          const precached = new Set(precachedUrls(readFileSync(worker, 'utf8')));
          const missing = [...pageFiles(index).keys(), 'prerender.json'].filter((file) => !precached.has(file));
          if (missing.length) throw new Error(`The service worker does not precache ${missing.join(', ')}: it was built before the prerender`);
        }
        const totals = precompress(outDir);
        this.info(`compressed ${totals.files} files`);
      },
    },
  };
}
