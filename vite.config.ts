import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import { messagesPlugins } from './scripts/compiled-messages.ts';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPlugin } from './scripts/prerender/plugin.ts';
import { finishPlugin, serviceWorkerEnabled, serviceWorkerOptions } from './scripts/prerender/service-worker.ts';
import { isBootModule } from './scripts/boot-modules.ts';

// `PORTAL_SERVICE_WORKER=off`: a build without the service worker, whose sw.js removes an installed one
// (docs/decisions/240-service-worker.md).
const withServiceWorker = serviceWorkerEnabled();

// The reference server (server/main.ts) listens here in development; `npm run dev` starts both.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [
    // The router plugin must run before react(). Files in src/routes starting with '-' are not routes.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      routeFileIgnorePrefix: '-',
      quoteStyle: 'single',
    }),
    react(),
    vanillaExtractPlugin(),
    // The dev server recompiles the messages on each edit (paraglide's plugin); a build and vitest use the ones
    // `npm run gen:i18n` compiled, compiling only if their inputs changed since (scripts/compiled-messages.ts).
    ...messagesPlugins(),
    // After the client build: the prerendered pages, icons, manifests (docs/decisions/100-…); then the service worker
    // that precaches them; then the check of its list and the compressed files.
    prerenderPlugin(),
    VitePWA(serviceWorkerOptions(withServiceWorker)),
    finishPlugin(withServiceWorker),
  ],
  define: {
    // Whether the app registers the service worker (src/pwa/register.ts), and the name a deploy gives its build
    // (`PORTAL_BUILD`, shown in the footer; empty by default, so that a build changes only with its sources).
    __PORTAL_SERVICE_WORKER__: JSON.stringify(withServiceWorker),
    __PORTAL_BUILD__: JSON.stringify(process.env.PORTAL_BUILD ?? ''),
  },
  server: { host: '127.0.0.1', proxy: { '/api': { target: apiTarget } } },
  preview: { host: '127.0.0.1' },
  // The manifest lets scripts/check-size.ts follow what each route loads.
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      // The app is an entry of its own: the page's entry (src/main.tsx) imports it once the page has painted
      // (docs/decisions/215-paint-before-work.md). As an entry, its static imports count as initial (below).
      input: { index: 'index.html', app: 'src/app.tsx' },
      output: {
        // Everything the entries load statically stays in one chunk. Without this group, once two lazily loaded
        // route chunks use router hooks (Route.useLoaderData…), rolldown moves shared router code out of the entry
        // into extra chunks that the first load fetches anyway: ~2 KB gzip more, for nothing (decision 051).
        // The entry's own modules first, in a small chunk that imports no other (scripts/boot-modules.ts): it runs
        // before the first paint; the app's chunk is preloaded beside it and runs once imported, after that paint.
        codeSplitting: {
          groups: [
            { name: 'index', test: isBootModule, priority: 1 },
            { name: 'portal', tags: ['$initial'] },
          ],
        },
      },
    },
  },
});
