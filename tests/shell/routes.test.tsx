// @vitest-environment jsdom
/** Every route of spec §2 exists and renders its screen inside the shell; the query-string banners. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderApp, type TestAccount } from '../support/render-app.tsx';

/** An approved employee: the route gate lets every page through, so each screen shows. */
const approved: TestAccount = { signedIn: true, username: 'Ada Lovelace', newAccount: false, statute: 1 };
const publicPaths = ['/login', '/register', '/reset-password', '/impersonate'];
const isPublic = (path: string) => publicPaths.some((p) => path === p || path.startsWith(`${p}?`));
import { changeLocale, type Locale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';

/** Each path and the heading its screen shows (a later issue fills the screen; the title stays). */
const screens: [string, (i: object, o: { locale: Locale }) => string][] = [
  ['/home', m.home_title],
  ['/login', m.login_title],
  ['/register', m.register_title],
  ['/reset-password', m.resetPassword_title],
  ['/reset-password?token=abcdef0123456789', m.resetPassword_title],
  ['/policies', m.policies_title],
  ['/documents', m.documents_title],
  ['/employee-details', m.details_title],
  ['/availabilities', m.availability_title],
  ['/user/reset-password', m.changePassword_title],
  ['/user/manage-signature', m.signature_title],
  ['/digital-signing', m.signing_title],
  ['/planning', m.planning_title],
  ['/absence?mission=m1a2b3c4d5e6', m.absence_title],
  ['/impersonate?token=abcdef0123456789', m.impersonate_title],
  ['/dummy', m.notImplemented_title],
  ['/no/such/page', m.notFound_title],
];

describe.each(['fr', 'nl'] as Locale[])('routes in %s', (locale) => {
  it.each(screens)('%s shows its heading and document title', async (path, title) => {
    act(() => changeLocale(locale));
    await renderApp({ path, view: isPublic(path) ? undefined : approved });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title({}, { locale }));
    expect(document.title).toBe(m.ui_documentTitle({ title: title({}, { locale }) }, { locale }));
    expect(document.documentElement.lang).toBe(locale);
    expect(screen.getByRole('main').contains(screen.getByRole('heading', { level: 1 }))).toBe(true);
    expect(within(screen.getByRole('navigation', { name: m.shell_mainNav({}, { locale }) })).getAllByRole('link').length).toBeGreaterThan(0);
  });
});

describe('signed out, the route gate (spec §5 rule 1)', () => {
  it.each(screens.map(([path]) => path).filter((path) => !isPublic(path)))('%s sends the visitor to /login and remembers the page', async (path) => {
    const { router } = await renderApp({ path });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toEqual({ redirect: path });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.login_title());
  });
});

describe('special routes', () => {
  afterEach(() => act(() => changeLocale('fr')));

  it('an unknown path says "page not found" with a link home, announced once reached by a link; /dummy stays "Not implemented"', async () => {
    const { router } = await renderApp({ path: '/home', view: approved });
    await act(() => router.navigate({ to: '/no/such/page' as '/' }));
    const heading = await screen.findByRole('heading', { level: 1, name: m.notFound_title() });
    // Focus moves to the heading after a client-side navigation: a screen reader reads where the worker landed.
    expect(document.activeElement).toBe(heading);
    expect(screen.getByRole('link', { name: m.notFound_homeLink() }).getAttribute('href')).toBe('/');
    expect(screen.queryByText(m.notImplemented_title())).toBeNull();
    await act(() => router.navigate({ to: '/dummy' }));
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(m.notImplemented_title());
  });

  it('/ goes to /home', async () => {
    const { router } = await renderApp({ path: '/', view: approved });
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.home_title());
  });

  it('/redirect/validate-email hands the browser to the API with the query string', async () => {
    const replace = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, replace } });
    try {
      await renderApp({ path: '/redirect/validate-email?token=abc123def456ghi7&email=a%40b.be' });
      await waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
      const target = new URL(replace.mock.calls[0]![0] as string, 'http://portal.test');
      expect(target.pathname).toBe('/api/auth/validate-email');
      expect(Object.fromEntries(target.searchParams)).toEqual({ token: 'abc123def456ghi7', email: 'a@b.be' });
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});

describe('banners from the query string (spec §2)', () => {
  it.each([
    ['?emailValidationRequired', 'warning', m.banner_emailValidationRequired],
    ['?emailHasBeenValidated=true', 'success', m.banner_emailHasBeenValidated],
    ['?passwordEdited=1', 'success', m.banner_passwordEdited],
  ] as const)('%s shows a %s banner', async (query, type, message) => {
    const { container } = await renderApp({ path: `/login${query}` });
    const banners = [...container.querySelectorAll('[data-banner]')];
    expect(banners.map((b) => [b.getAttribute('data-banner'), b.textContent])).toEqual([
      [type, `${m[`ui_kind${type === 'warning' ? 'Warning' : 'Success'}`]()} ${message()}`],
    ]);
  });

  it('shows none without those parameters, or when one says false', async () => {
    const { container } = await renderApp({ path: '/home?passwordEdited=false&other=1', view: approved });
    expect(container.querySelectorAll('[data-banner]')).toHaveLength(0);
  });

  it('shows several at once', async () => {
    const { container } = await renderApp({ path: '/home?emailHasBeenValidated&passwordEdited', view: approved });
    expect([...container.querySelectorAll('[data-banner]')].map((b) => b.getAttribute('data-banner'))).toEqual(['success', 'success']);
  });
});
