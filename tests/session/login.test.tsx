// @vitest-environment jsdom
/** The login screen (spec §2, §4, §5) with the real session, router and API middleware over a fake server. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SESSION_KEYS } from '../../src/actors/session-keys.ts';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { storage } from '../../src/storage.ts';
import { toasts } from '../../src/ui/toast-store.ts';
import { INFO, USER, apiError, held, json, renderPortal } from '../support/portal.tsx';

afterEach(() => {
  act(() => {
    changeLocale('fr');
    toasts.clear();
  });
});

const field = (name: () => string) => screen.getByLabelText(name(), { selector: 'input' });
const submit = () => userEvent.click(screen.getByRole('button', { name: m.login_submit() }));
const summary = () => screen.getByRole('alert');

describe('login: validation (§5: e-mail required and valid, password required)', () => {
  it('an empty submit shows the error summary, focused, naming and linking to each field; the page title says "Error"', async () => {
    await renderPortal({ path: '/login' });
    await submit();
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Adresse e-mail : Ce champ est obligatoire.', '#login-email'],
      ['Mot de passe : Ce champ est obligatoire.', '#login-password'],
    ]);
    expect(document.activeElement).toBe(alert.parentElement);
    expect(document.title.startsWith(m.ui_errorTitle({ title: '' }).trim())).toBe(true);
    expect(field(m.login_email).getAttribute('aria-invalid')).toBe('true');
    await userEvent.click(within(alert).getAllByRole('link')[1]!);
    expect(document.activeElement).toBe(field(m.login_password));
  });

  it('messages follow the language, and are live once shown: fixing a field clears its error', async () => {
    act(() => changeLocale('nl'));
    await renderPortal({ path: '/login' });
    await userEvent.type(
      field(() => m.login_email({}, { locale: 'nl' })),
      'anne@',
    );
    await userEvent.click(screen.getByRole('button', { name: m.login_submit({}, { locale: 'nl' }) }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([`E-mailadres: ${m.validation_email({}, { locale: 'nl' })}`, `Wachtwoord: ${m.validation_required({}, { locale: 'nl' })}`]);
    await userEvent.type(
      field(() => m.login_email({}, { locale: 'nl' })),
      'example.be',
    );
    await waitFor(() => expect(within(screen.getByRole('alert')).getAllByRole('link')).toHaveLength(1));
  });

  it('the second submit with errors puts the focus back on the summary', async () => {
    await renderPortal({ path: '/login' });
    await submit();
    await userEvent.click(field(m.login_email));
    await submit();
    await waitFor(() => expect(document.activeElement).toBe(summary().parentElement));
  });
});

describe('login: signing in', () => {
  it('posts the credentials with remember-me on by default, stores the user for 30 days, lands on the return URL', async () => {
    const login = held(() => json(USER));
    const { calls, router } = await renderPortal({
      path: '/login?redirect=%2Fplanning%3Fmonth%3D5',
      handlers: { 'POST /auth/login': login.handler, 'GET /user/me/info': () => json(INFO.open) },
    });
    expect((screen.getByRole('checkbox', { name: m.login_remember() }) as HTMLInputElement).checked).toBe(true);
    await userEvent.type(field(m.login_email), ' anne.dupont@example.be ');
    await userEvent.type(field(m.login_password), 'un mot de passe sûr');
    await submit();
    // Busy while the server answers: the button says so and ignores a second click.
    await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(m.login_submit()) }).getAttribute('aria-disabled')).toBe('true'));
    login.release();
    await waitFor(() => expect(router.state.location.href).toBe('/planning?month=5'));
    expect(calls.find((c) => c.path === '/auth/login')?.body).toEqual({ username: 'anne.dupont@example.be', password: 'un mot de passe sûr', remember: true });
    expect(localStorage.getItem('portal.v1.currentUser')).toContain(USER.token);
    expect(storage.get(SESSION_KEYS.email, (v) => v)).toBe('anne.dupont@example.be');
  });

  it('without remember-me the user is kept for the browser session only; a hostile return URL lands home', async () => {
    const { router } = await renderPortal({
      path: '/login?redirect=%2F%2Fevil.example',
      handlers: { 'POST /auth/login': () => json(USER), 'GET /user/me/info': () => json(INFO.open) },
    });
    await userEvent.type(field(m.login_email), USER.email);
    await userEvent.type(field(m.login_password), 'un mot de passe sûr');
    await userEvent.click(screen.getByRole('checkbox', { name: m.login_remember() }));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(localStorage.getItem('portal.v1.currentUser')).toBeNull();
    expect(sessionStorage.getItem('portal.v1.currentUser')).toContain(USER.token);
  });

  it.each([
    ['a wrong password or an unknown e-mail (same words)', 401, 'unauthorized', m.login_failedCredentials],
    ['too many attempts', 429, 'too_many_attempts', m.login_failedTooMany],
    ['a server failure', 500, 'internal_error', m.login_failedOther],
  ] as const)('%s: said once, on the page (summary, focused), never also as a toast', async (_, status, code, message) => {
    await renderPortal({ path: '/login', handlers: { 'POST /auth/login': () => apiError(status, code, 'Texte du serveur') } });
    await userEvent.type(field(m.login_email), USER.email);
    await userEvent.type(field(m.login_password), 'pas le bon');
    await submit();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link').textContent).toBe(message());
    expect(document.activeElement).toBe(alert.parentElement);
    // One channel per problem (docs/decisions/130): no toast, so nothing says "…or session expired" on a login form.
    expect(toasts.getSnapshot()).toEqual([]);
    expect((field(m.login_password) as HTMLInputElement).value).toBe('pas le bon');
  });

  it('prefills the e-mail remembered from the last login (and nothing when none is)', async () => {
    await renderPortal({ path: '/login', email: 'anne.dupont@example.be' });
    expect((field(m.login_email) as HTMLInputElement).value).toBe('anne.dupont@example.be');
    expect((field(m.login_password) as HTMLInputElement).value).toBe('');
  });

  it('a failed login still remembers the e-mail typed (for a day)', async () => {
    await renderPortal({ path: '/login', handlers: { 'POST /auth/login': () => apiError(401, 'unauthorized', 'x') } });
    expect((field(m.login_email) as HTMLInputElement).value).toBe('');
    await userEvent.type(field(m.login_email), 'anne.dupont@example.be');
    await userEvent.type(field(m.login_password), 'x');
    await submit();
    await screen.findByRole('alert');
    expect(storage.get(SESSION_KEYS.email, (v) => v)).toBe('anne.dupont@example.be');
  });

  it('shows and hides the password; paste is allowed (no handler blocks it)', async () => {
    await renderPortal({ path: '/login' });
    const password = field(m.login_password);
    expect(password.getAttribute('type')).toBe('password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(field(m.login_email).getAttribute('autocomplete')).toBe('username');
    await userEvent.click(screen.getByRole('button', { name: m.login_showPassword() }));
    expect(password.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: m.login_hidePassword() }));
    expect(password.getAttribute('type')).toBe('password');
    password.focus();
    await userEvent.paste('collé depuis un gestionnaire');
    expect((password as HTMLInputElement).value).toBe('collé depuis un gestionnaire');
  });

  it('links to register and to the forgotten password', async () => {
    await renderPortal({ path: '/login' });
    expect(screen.getByRole('link', { name: m.login_registerLink() }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: m.login_forgotPassword() }).getAttribute('href')).toBe('/reset-password');
  });

  it('a signed-in worker who opens /login goes on to the page asked (or home)', async () => {
    const { router } = await renderPortal({ path: '/login?redirect=%2Fplanning', user: USER, handlers: { 'GET /user/me/info': () => json(INFO.open) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
  });
});
