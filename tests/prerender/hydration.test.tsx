// @vitest-environment jsdom
// The prerendered pages hydrate without a single warning of React's development build (which compares every text and
// attribute, where the production build only notices text), in both languages; the elements the worker already sees
// stay the same elements (no remount: nothing repainted, no new largest paint); the screen of a signed-in page comes
// into its frame. docs/decisions/100-prerendered-pages.md.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor as waitForDom } from '@testing-library/react';
import { createActor } from 'xstate';
import { storedUserOf } from '../../src/actors/session-actors.ts';
import { SESSION_KEYS } from '../../src/actors/session-keys.ts';
import { createSessionLogic } from '../../src/actors/session.ts';
import { createApi } from '../../src/api/client.ts';
import { pendingView, signedOutView } from '../../src/features/shell/session-view.tsx';
import { m } from '../../src/paraglide/messages.js';
import { overwriteGetLocale, type Locale } from '../../src/paraglide/runtime.js';
import { mountPortal } from '../../src/prerender/mount.ts';
import { holdSubmits, settleSubmits } from '../../src/prerender/held-submits.ts';
import { fallbackPage, markAttributes, type PageMark } from '../../src/prerender/pages.ts';
import { PortalTree } from '../../src/prerender/portal-tree.tsx';
import { pages, renderPage } from '../../src/prerender/render.tsx';
import type { SessionActor } from '../../src/router-context.ts';
import { createAppRouter, rerunGateOnChange, sessionNavigator } from '../../src/router.tsx';
import { storage } from '../../src/storage.ts';
import { toasts } from '../../src/ui/toast-store.ts';
import { INFO, USER, apiError, json } from '../support/portal.tsx';

vi.setConfig({ testTimeout: 30_000 });

let all: PageMark[];
beforeAll(() => {
  all = pages();
});
/** What a test mounted: unmounted after it, so that no router of an earlier test follows the next one's history. */
const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) act(cleanup);
  storage.clear();
  document.body.innerHTML = '';
});

async function mount(options: Parameters<typeof mountPortal>[0], portal: ReturnType<typeof browserPortal>) {
  let mounted: Awaited<ReturnType<typeof mountPortal>> | undefined;
  await act(async () => {
    mounted = await mountPortal(options);
  });
  cleanups.push(() => {
    mounted!.root.unmount();
    portal.session.stop();
    portal.router.history.destroy();
  });
  return mounted!.how;
}

const ANSWERS: Record<string, () => Response> = {
  'GET /user/me/info': () => json(INFO.open),
  'GET /user/me/upcoming-planning': () => json([]),
  'GET /user/me/offers': () => json([]),
  'GET /user/me/absences': () => json([]),
  'GET /user/me/documents/documents-to-sign': () => json([]),
};

/** The browser's side, as src/main.tsx builds it, over a fake API. */
function browserPortal(page: PageMark, locale: Locale, path: string) {
  overwriteGetLocale(() => locale);
  window.history.replaceState(null, '', path);
  const app: { session?: SessionActor; router?: ReturnType<typeof createAppRouter> } = {};
  const api = createApi({
    baseUrl: 'http://portal.test/api',
    fetch: (async (request: Request) => {
      const key = `${request.method} ${new URL(request.url).pathname.replace(/^\/api/, '')}`;
      return ANSWERS[key]?.() ?? apiError(404, 'not_found', key);
    }) as typeof fetch,
    getToken: () => app.session?.getSnapshot().context.user?.token,
    getLocale: () => locale,
    onUnauthorized: () => {},
    notify: (notice) => toasts.show(notice),
  });
  const session = (app.session = createActor(
    createSessionLogic({ api, store: storage, toasts, navigate: sessionNavigator(() => app.router), reload: () => {} }),
  ).start());
  const router = (app.router = createAppRouter({ api, session }));
  rerunGateOnChange(session, router);
  const tree = <PortalTree session={session} router={router} prerenderedView={page.kind === 'public' ? signedOutView : pendingView} />;
  return { session, router, tree };
}

/** The page as the server sends it: the prerendered HTML in #root, the language on <html>. */
async function serve(page: PageMark, locale: Locale) {
  const rendered = await renderPage(page, locale);
  document.documentElement.lang = locale;
  const root = document.createElement('div');
  root.id = 'root';
  for (const [name, value] of Object.entries(markAttributes(page))) root.setAttribute(name, value);
  root.innerHTML = rendered.html;
  document.body.replaceChildren(root);
  // What the entry does before the app runs (src/main.tsx): it holds the forms' submits and enables their buttons
  // (docs/decisions/224-held-submits.md); the app then hydrates the page as the entry left it.
  settleSubmits();
  holdSubmits(window);
  return root;
}

/**
 * React's development build notices that the server renderer and the client renderer share context objects: they do
 * here, both in this one test process (the build renders in Node, the browser hydrates). Nothing about hydration.
 */
const IN_ONE_PROCESS = /^Detected multiple renderers concurrently rendering the same context provider/;

function consoleProblems() {
  // Recorded (and kept out of the test's output), then judged below.
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  return () => [...error.mock.calls, ...warn.mock.calls].map((args) => args.map(String).join(' ')).filter((text) => !IN_ONE_PROCESS.test(text));
}

describe('every public page hydrates as it was prerendered', () => {
  for (const locale of ['fr', 'nl'] as const) {
    it(`in ${locale}`, async () => {
      for (const page of all.filter((p) => p.kind === 'public')) {
        const root = await serve(page, locale);
        const heading = root.querySelector('h1');
        const problems = consoleProblems();
        const portal = browserPortal(page, locale, page.path);
        expect(
          await mount({ container: root, tree: portal.tree, router: portal.router, page, locales: { page: locale, current: locale } }, portal),
          page.path,
        ).toBe('hydrated');
        expect(root.querySelector('h1'), `${page.path}: the same heading element`).toBe(heading);
        expect(problems(), page.path).toEqual([]);
        vi.restoreAllMocks();
        for (const cleanup of cleanups.splice(0)) act(cleanup);
      }
    });
  }
});

describe('a worker who comes back to /login', () => {
  it('hydrates without a warning, then finds the e-mail remembered from the last sign-in in its field', async () => {
    const page = all.find((p) => p.path === '/login')!;
    const root = await serve(page, 'fr');
    storage.set(SESSION_KEYS.email, USER.email);
    const problems = consoleProblems();
    const portal = browserPortal(page, 'fr', '/login');
    expect(await mount({ container: root, tree: portal.tree, router: portal.router, page, locales: { page: 'fr', current: 'fr' } }, portal)).toBe('hydrated');
    await waitForDom(() => expect(screen.getByLabelText<HTMLInputElement>(m.login_email({}, { locale: 'fr' })).value).toBe(USER.email));
    expect(problems()).toEqual([]);
  });
});

describe('the frame of a signed-in page', () => {
  it('hydrates, then the screen comes into the same shell for a signed-in worker', async () => {
    const page = all.find((p) => p.path === '/home')!;
    const root = await serve(page, 'nl');
    expect(root.querySelector('h1')).toBeNull();
    expect(root.querySelector('nav')).toBeNull();
    const header = root.querySelector('header');
    storage.set(SESSION_KEYS.user, storedUserOf(USER));
    // Until the screen comes, from the frame the server sends: its placeholder, the main area busy, a polite
    // "loading" (src/ui/page-placeholder.tsx). Asked before the mount: after it, the screen may already be there.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(m.shell_pageLoading({}, { locale: 'nl' }));
    expect(root.querySelector('main')!.getAttribute('aria-busy')).toBe('true');
    const problems = consoleProblems();
    const portal = browserPortal(page, 'nl', '/home');
    expect(await mount({ container: root, tree: portal.tree, router: portal.router, page, locales: { page: 'nl', current: 'nl' } }, portal)).toBe('hydrated');
    await screen.findByRole('heading', { level: 1, name: m.home_title({}, { locale: 'nl' }) });
    expect(root.querySelector('[data-page-placeholder]'), 'the placeholder gives way to the screen').toBeNull();
    expect(root.querySelector('main')!.hasAttribute('aria-busy')).toBe(false);
    expect(root.querySelector('header'), 'the same header element').toBe(header);
    expect(screen.getByRole('link', { name: m.nav_home({}, { locale: 'nl' }) }).getAttribute('aria-current'), 'the menu came, /home marked').toBe('page');
    expect(problems()).toEqual([]);
  });

  it('a signed-out visitor goes on to the login page, without a warning', async () => {
    const page = all.find((p) => p.path === '/planning')!;
    const root = await serve(page, 'fr');
    const problems = consoleProblems();
    const portal = browserPortal(page, 'fr', '/planning');
    expect(await mount({ container: root, tree: portal.tree, router: portal.router, page, locales: { page: 'fr', current: 'fr' } }, portal)).toBe('hydrated');
    await screen.findByRole('heading', { level: 1, name: m.login_title({}, { locale: 'fr' }) });
    await waitForDom(() => expect(window.location.pathname).toBe('/login'));
    expect(problems()).toEqual([]);
  });
});

describe('the fallback frame', () => {
  it('hydrates on a signed-in path it answers (here /, on to /home), the bell’s place and all, without a warning', async () => {
    const root = await serve(fallbackPage, 'fr');
    storage.set(SESSION_KEYS.user, storedUserOf(USER));
    const problems = consoleProblems();
    const portal = browserPortal(fallbackPage, 'fr', '/');
    expect(await mount({ container: root, tree: portal.tree, router: portal.router, page: fallbackPage, locales: { page: 'fr', current: 'fr' } }, portal)).toBe(
      'hydrated',
    );
    await screen.findByRole('heading', { level: 1, name: m.home_title({}, { locale: 'fr' }) });
    expect(problems()).toEqual([]);
  });
});

describe('a page React does not hydrate', () => {
  it('in another language than the worker chose: rendered afresh in theirs', async () => {
    const page = all.find((p) => p.path === '/login')!;
    const root = await serve(page, 'fr');
    const portal = browserPortal(page, 'nl', '/login');
    expect(await mount({ container: root, tree: portal.tree, router: portal.router, page, locales: { page: 'fr', current: 'nl' } }, portal)).toBe('rendered');
    await screen.findByRole('heading', { level: 1, name: m.login_title({}, { locale: 'nl' }) });
    expect(root.querySelectorAll('h1')).toHaveLength(1);
  });

  it('a page asked with a banner of spec §2: rendered with its banner, rather than the banner pushing the screen down', async () => {
    const page = all.find((p) => p.path === '/login')!;
    const root = await serve(page, 'fr');
    const portal = browserPortal(page, 'fr', '/login?emailHasBeenValidated');
    const how = await mount(
      {
        container: root,
        tree: portal.tree,
        router: portal.router,
        page,
        locales: { page: 'fr', current: 'fr' },
        location: { pathname: '/login', search: '?emailHasBeenValidated' },
      },
      portal,
    );
    expect(how).toBe('rendered');
    await screen.findByText(m.banner_emailHasBeenValidated({}, { locale: 'fr' }));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('a reset link (its token changes the screen): rendered, the token screen shown', async () => {
    const page = all.find((p) => p.path === '/reset-password')!;
    const root = await serve(page, 'fr');
    const portal = browserPortal(page, 'fr', '/reset-password?token=abc');
    const how = await mount(
      {
        container: root,
        tree: portal.tree,
        router: portal.router,
        page,
        locales: { page: 'fr', current: 'fr' },
        location: { pathname: '/reset-password', search: '?token=abc' },
      },
      portal,
    );
    expect(how).toBe('rendered');
    // The prerendered screen asked for an e-mail; the link's screen does not.
    await waitForDom(() => expect(screen.queryByLabelText(m.resetPassword_email({}, { locale: 'fr' }))).toBeNull());
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
