/**
 * `vite build` (and so `npm run build`, `npm test`'s build) ends with the prerender of run.ts: once the client
 * build is written, the pages, icons, manifests and compressed files join it in dist/.
 */
import type { Plugin } from 'vite';

export function prerenderPlugin(): Plugin {
  let enabled = false;
  let root = '';
  let outDir = '';
  return {
    name: 'portal-prerender',
    apply: 'build',
    configResolved(config) {
      // The prerender's own Node bundle goes through this config too: it must not prerender in turn.
      enabled = !config.build.ssr;
      root = config.root;
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        if (!enabled) return;
        const { join, isAbsolute } = await import('node:path');
        const { prerender } = await import('./run.ts');
        const started = Date.now();
        const index = await prerender(root, isAbsolute(outDir) ? outDir : join(root, outDir));
        this.info(`prerendered ${index.pages.length} pages and the fallback in ${index.locales.join(', ')} (${Date.now() - started} ms)`);
      },
    },
  };
}
