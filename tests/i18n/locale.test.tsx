// @vitest-environment jsdom
/**
 * The interface language: the `custom-storage` strategy (the worker's choice in browser storage, 30 days,
 * French otherwise), and a switch that re-renders in place: typed values, component state and machines survive.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useEffect, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { LOCALE_COOKIE, adoptLinkLocale, changeLocale, installLocaleStrategy, syncLocaleCookie, useLocale } from '../../src/i18n/locale.ts';
import { getLocale } from '../../src/paraglide/runtime.js';
import { m } from '../../src/paraglide/messages.js';
import { createStorage, parseString } from '../../src/storage.ts';
import { STORAGE_DEFAULT_TTL_MS } from '#domain/constants.ts';
import { AppLayout } from '../../src/features/shell/app-layout.tsx';
import type { RouterContext } from '../../src/router-context.ts';
import { TextField } from '../../src/ui/field.tsx';
import { Page } from '../../src/ui/page.tsx';
import { SessionViewProvider, signedOutView } from '../../src/features/shell/session-view.tsx';
import { offlineApi, signedOut, testSession } from '../support/render-app.tsx';

const clock = { t: 1_000_000 };
const fresh = () => createStorage({ local: window.localStorage, session: window.sessionStorage, now: () => clock.t });

beforeEach(() => {
  window.localStorage.clear();
  installLocaleStrategy(fresh());
});
afterEach(() => {
  act(() => changeLocale('fr'));
});

describe('the custom-storage strategy', () => {
  it('is French when nothing is stored, and stores nothing the worker did not choose', () => {
    expect(getLocale()).toBe('fr');
    expect(window.localStorage.length).toBe(0);
  });

  it('keeps the choice across page loads, for 30 days', () => {
    changeLocale('nl');
    expect(getLocale()).toBe('nl');
    expect(document.documentElement.lang).toBe('nl');
    installLocaleStrategy(fresh()); // a new page load reads the storage again
    expect(getLocale()).toBe('nl');
    clock.t += STORAGE_DEFAULT_TTL_MS;
    installLocaleStrategy(fresh());
    expect(getLocale()).toBe('fr');
  });

  it('ignores a stored value that is not a locale', () => {
    fresh().set('locale', 'de');
    installLocaleStrategy(fresh());
    expect(getLocale()).toBe('fr');
    window.localStorage.setItem('portal.v1.locale', '{broken');
    installLocaleStrategy(fresh());
    expect(getLocale()).toBe('fr');
  });

  it('switching back to French is remembered too', () => {
    changeLocale('nl');
    changeLocale('fr');
    installLocaleStrategy(fresh());
    expect(getLocale()).toBe('fr');
    expect(fresh().get('locale', parseString)).toBe('fr');
  });
});

describe('the language cookie the server chooses the page by (docs/decisions/101-locale-before-first-paint.md)', () => {
  const cookie = () => document.cookie.split('; ').find((part) => part.startsWith(`${LOCALE_COOKIE}=`));

  it("follows the worker's choice, and names nothing but the language", () => {
    changeLocale('nl');
    expect(cookie()).toBe(`${LOCALE_COOKIE}=nl`);
    changeLocale('fr');
    expect(cookie()).toBe(`${LOCALE_COOKIE}=fr`);
  });

  it('is set again at start from the stored choice, and removed when none is stored', () => {
    fresh().set('locale', 'nl');
    installLocaleStrategy(fresh());
    document.cookie = `${LOCALE_COOKIE}=; Path=/; Max-Age=0`;
    syncLocaleCookie();
    expect(cookie()).toBe(`${LOCALE_COOKIE}=nl`);
    window.localStorage.clear();
    installLocaleStrategy(fresh());
    syncLocaleCookie();
    expect(cookie()).toBeUndefined();
  });
});

describe("a mailed link's language (?lang=)", () => {
  it("opens a browser without a choice in the worker's language, remembered and sent to the server", () => {
    adoptLinkLocale('?token=abc&lang=nl');
    expect(getLocale()).toBe('nl');
    installLocaleStrategy(fresh()); // the next page load
    expect(getLocale()).toBe('nl');
    expect(document.cookie.split('; ')).toContain(`${LOCALE_COOKIE}=nl`);
  });

  it('leaves a choice made in this browser, and ignores what is not a language', () => {
    changeLocale('nl');
    changeLocale('fr'); // chosen: stored, unlike the French of a browser that chose nothing
    adoptLinkLocale('?lang=nl');
    expect(getLocale()).toBe('fr');
    window.localStorage.clear();
    installLocaleStrategy(fresh());
    adoptLinkLocale('?lang=de');
    adoptLinkLocale('?emailHasBeenValidated');
    expect(getLocale()).toBe('fr');
    expect(window.localStorage.length).toBe(0);
  });
});

describe('switching the language in the shell', () => {
  let mounts = 0;
  function FormScreen() {
    useLocale();
    const [count, setCount] = useState(0);
    useEffect(() => {
      mounts += 1;
    }, []);
    return (
      <Page title={m.login_title()}>
        <TextField label={m.nav_login()} name="email" />
        <button type="button" onClick={() => setCount((c) => c + 1)}>{`count ${count}`}</button>
      </Page>
    );
  }

  it('re-renders every text in place: typed values and component state survive, nothing remounts', async () => {
    // The portal's shell around the routes, as src/router.tsx puts it.
    const root = createRootRouteWithContext<RouterContext>()({});
    const form = createRoute({ getParentRoute: () => root, path: '/form', component: FormScreen });
    const router = createRouter({
      routeTree: root.addChildren([form]),
      history: createMemoryHistory({ initialEntries: ['/form'] }),
      context: { api: offlineApi(), session: await testSession(signedOut) },
      InnerWrap: AppLayout,
    });
    render(
      <SessionViewProvider view={signedOutView} onLogout={() => {}}>
        <RouterProvider router={router} />
      </SessionViewProvider>,
    );
    const input = await screen.findByLabelText(m.nav_login({}, { locale: 'fr' }));
    await userEvent.type(input, 'ada@example.be');
    await userEvent.click(screen.getByRole('button', { name: 'count 0' }));
    await userEvent.click(screen.getByRole('button', { name: 'count 1' }));

    await userEvent.click(screen.getByRole('button', { name: m.shell_languageNl() }));

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.login_title({}, { locale: 'nl' }));
    expect((screen.getByLabelText(m.nav_login({}, { locale: 'nl' })) as HTMLInputElement).value).toBe('ada@example.be');
    expect(screen.getByLabelText(m.nav_login({}, { locale: 'nl' }))).toBe(input);
    expect(screen.getAllByRole('button', { name: /^count / }).map((b) => b.textContent)).toEqual(['count 2']);
    expect(mounts).toBe(1);
    expect(document.documentElement.lang).toBe('nl');
    expect(document.title).toBe(m.ui_documentTitle({ title: m.login_title({}, { locale: 'nl' }) }, { locale: 'nl' }));
    expect(screen.getByRole('link', { name: m.nav_register({}, { locale: 'nl' }) }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('button', { name: m.shell_languageNl() }).getAttribute('aria-pressed')).toBe('true');
    expect(fresh().get('locale', parseString)).toBe('nl');
  });
});
