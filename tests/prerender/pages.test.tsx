// @vitest-environment jsdom
// What the build writes for every route of spec §2 (docs/decisions/100-prerendered-pages.md): no page holds anything
// of a worker, even when the process that renders them has a signed-in worker in its storage and an API that would
// answer with their data; a signed-in page is a neutral frame (no menu, no heading that would vanish); a public page
// is its whole screen with the signed-out menu; every page of the route tree is written, in both languages.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { storedUserOf } from '../../src/actors/session-actors.ts';
import { SESSION_KEYS } from '../../src/actors/session-keys.ts';
import { m } from '../../src/paraglide/messages.js';
import { pagesOf } from '../../src/prerender/pages.ts';
import { fallbackPage, pages, renderPage, routePaths, type RenderedPage } from '../../src/prerender/render.tsx';
import { storage } from '../../src/storage.ts';
import { bellPlace } from '../../src/features/shell/shell.css.ts';
import { visuallyHidden } from '../../src/ui/visually-hidden.css.ts';
import { INFO, USER } from '../support/portal.tsx';

vi.setConfig({ testTimeout: 30_000 });

/** Everything that names or identifies the worker: none of it may be in a page. */
const PERSONAL = [USER.token, USER.username, USER.email, 'Dupont', 'anne.dupont', 'tok_'];

const fetched: string[] = [];
const rendered = new Map<string, RenderedPage>();
beforeAll(async () => {
  // The worst case for the build: a remembered sign-in, a remembered e-mail, and a network that answers with the
  // worker's data to anyone who asks.
  storage.set(SESSION_KEYS.user, storedUserOf(USER));
  storage.set(SESSION_KEYS.email, USER.email);
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return new Response(JSON.stringify(INFO.open), { headers: { 'Content-Type': 'application/json' } });
  });
  for (const page of [...pages(), fallbackPage])
    for (const locale of ['fr', 'nl'] as const) rendered.set(`${page.path} ${locale}`, await renderPage(page, locale));
});
afterAll(() => {
  vi.unstubAllGlobals();
  storage.clear();
});

describe('the prerendered pages', () => {
  it('are every route of the route tree but /, the redirect paths and the paths with a parameter, public ones whole, the others frames', () => {
    const paths = routePaths();
    expect(paths).toContain('/home');
    expect(pages().map((p) => p.path)).toEqual(paths.filter((p) => p !== '/' && !p.includes('redirect') && !p.includes('$')).sort());
    const kinds = Object.fromEntries(pages().map((p) => [p.path, p.kind]));
    expect(kinds).toMatchObject({
      '/login': 'public',
      '/register': 'public',
      '/reset-password': 'public',
      '/home': 'frame',
      '/planning': 'frame',
      '/user/manage-signature': 'frame',
    });
    expect(pagesOf(['/', '/home', '/redirect/x', '/conversations/$conversation']).map((p) => p.path)).toEqual(['/home']);
  });

  it('hold nothing of a worker, and asked the network for nothing', () => {
    expect(rendered.size).toBe((pages().length + 1) * 2);
    for (const [key, page] of rendered) {
      const text = `${page.title}\n${page.html}`;
      for (const personal of PERSONAL) expect(text.includes(personal), `${key} contains ${personal}`).toBe(false);
      expect(text, key).not.toMatch(/\bAnne\b/);
    }
    expect(fetched).toEqual([]);
  });

  it('a signed-in page is the shell alone: no menu, no heading, a main area busy with the placeholder of its screen', () => {
    for (const [key, page] of rendered) {
      if (!/^(\/home|\/planning|\/documents|\*) /.test(key)) continue;
      const locale = key.endsWith(' nl') ? 'nl' : 'fr';
      expect(page.html, key).not.toMatch(/<nav\b|<h1\b/);
      // The placeholder alone in main, its loading message in a polite status region (src/ui/page-placeholder.tsx).
      const main = /<main\b([^>]*)>(.*?)<\/main>/.exec(page.html);
      expect(main?.[1], key).toContain('aria-busy="true"');
      expect(main?.[2], key).toMatch(/^<div[^>]* data-page-placeholder="">/);
      expect(main?.[2], key).toContain(`<p role="status"><span class="${visuallyHidden}">${m.shell_pageLoading({}, { locale })}</span></p>`);
      expect(page.html, key).toContain('<header');
      expect(page.html, key).toContain('<footer');
      // The bell's place is held before the menu button: the bell takes it without pushing the header's end sideways.
      expect(page.html, key).toMatch(new RegExp(`<span class="${bellPlace}" aria-hidden="true"></span><button[^>]* aria-controls="sidebar"`));
    }
  });

  it('a public page is its whole screen with the signed-out menu, in its language, titled after its heading', () => {
    for (const locale of ['fr', 'nl'] as const) {
      const login = rendered.get(`/login ${locale}`)!;
      expect(login.html).toContain(`>${m.login_title({}, { locale })}</h1>`);
      const nav = /<nav\b.*?<\/nav>/.exec(login.html)?.[0] ?? '';
      expect([...nav.matchAll(/href="([^"]+)"/g)].map((link) => link[1])).toEqual(['/login', '/register', '/reset-password']);
      expect(login.html).toMatch(/<input type="email"[^>]* value=""/);
      expect(login.title).toBe(m.ui_documentTitle({ title: m.login_title({}, { locale }) }, { locale }));
      expect(login.routeIds).toEqual(['__root__', '/login']);
      // Nobody is signed in on a public page: no bell, and no place held for one.
      expect(login.html).not.toContain(bellPlace);
    }
  });
});
