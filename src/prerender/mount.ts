/**
 * How the browser takes over the page the server sent (docs/decisions/100-prerendered-pages.md): React hydrates the
 * prerendered HTML when the client's first render will be that HTML, and renders the page itself otherwise (the
 * HTML stays on screen until then).
 *  - a public page: once the router has loaded the route (the screen's chunk is there, the stored sign-in read) and
 *    has not left it (a signed-in worker on /login goes home);
 *  - the frame of a signed-in page: at once; the router starts after hydration and the screen comes into the frame.
 */
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { isWrittenAs } from '#domain/page-path.ts';
import { matchesPage, readPageMark, type PageMark } from './pages.ts';

type LoadingRouter = { load: () => Promise<void>; state: { location: { pathname: string } } };

export type Mounted = { how: 'hydrated' | 'rendered'; root: Root };

/** The page's mark (null for a page the build did not prerender) and the language it was written in. */
export function prerenderedPage(container: HTMLElement): { page: PageMark | null; locale: string } {
  return { page: readPageMark(container), locale: container.ownerDocument.documentElement.lang };
}

export async function mountPortal(options: {
  container: HTMLElement;
  tree: ReactNode;
  router: LoadingRouter;
  page: PageMark | null;
  locales: { page: string; current: string };
  location?: { pathname: string; search: string };
  /** The interface language now (it may change while React hydrates: the worker switched it). */
  currentLocale?: () => string;
}): Promise<Mounted> {
  const { container, tree, router, page } = options;
  const location = options.location ?? window.location;
  const render = (): Mounted => {
    const root = createRoot(container);
    root.render(tree);
    return { how: 'rendered', root };
  };
  if (!page || !matchesPage(page, location, options.locales)) return render();
  if (page.kind === 'public') {
    await router.load();
    if (!isWrittenAs(router.state.location.pathname, page.path)) return render();
  }
  const root = hydrateRoot(container, tree, {
    // A hydration that failed is a defect (the e2e fixture fails on it): say so plainly, React then renders afresh.
    // Unless the worker switched the language while React was still hydrating: the rest of the page then differs
    // from the HTML as it must, and React renders it afresh in the language chosen.
    onRecoverableError: (error) => {
      if (options.currentLocale && options.currentLocale() !== options.locales.page) return;
      console.error('Hydration of the prerendered page failed:', error);
    },
  });
  return { how: 'hydrated', root };
}
