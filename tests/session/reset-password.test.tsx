// @vitest-environment jsdom
/** Reset password (spec §2, §4, §5): without a token (ask for the mail) and with one (check it, set the password). */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts, toastText } from '../../src/ui/toast-store.ts';
import { INFO, USER, apiError, held, json, noContent, renderPortal } from '../support/portal.tsx';

afterEach(() => {
  act(() => {
    changeLocale('fr');
    toasts.clear();
  });
});

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;
const toastTexts = () => toasts.getSnapshot().map((t) => [t.type, toastText(t)]);
const TOKEN = 'rst_Qw8eR4tY6uI2oP0aS5dF0123456789abcdefghij';

describe('reset password without a token: the mail', () => {
  it('validates the e-mail on submit (summary, in Dutch too)', async () => {
    act(() => changeLocale('nl'));
    await renderPortal({ path: '/reset-password' });
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_send({}, { locale: 'nl' }) }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('link').textContent).toBe(`E-mailadres: ${m.validation_required({}, { locale: 'nl' })}`);
    expect(document.activeElement).toBe(alert.parentElement);
  });

  it('sends the address, says the same thing whatever it is, and can send again', async () => {
    const send = held(noContent);
    const { calls } = await renderPortal({ path: '/reset-password', handlers: { 'POST /auth/reset-password': send.handler } });
    expect(input(m.resetPassword_email()).getAttribute('autocomplete')).toBe('email');
    await userEvent.type(input(m.resetPassword_email()), 'nobody@example.be');
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_send() }));
    await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(m.resetPassword_send()) }).getAttribute('aria-disabled')).toBe('true'));
    send.release();
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('status').textContent).toContain(m.resetPassword_sent()));
    expect(calls.map((c) => c.body)).toEqual([{ email: 'nobody@example.be' }]);
    expect(toastTexts()).toEqual([['success', m.auth_resetPasswordStarted()]]);
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_send() }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('a failure says so on the page, once (no toast: docs/decisions/130)', async () => {
    await renderPortal({ path: '/reset-password', handlers: { 'POST /auth/reset-password': () => apiError(429, 'too_many_attempts', 'Trop de demandes.') } });
    await userEvent.type(input(m.resetPassword_email()), 'anne@example.be');
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_send() }));
    expect((await screen.findByRole('alert')).textContent).toContain(m.resetPassword_sendFailed());
    expect(toastTexts()).toEqual([]);
  });
});

describe('reset password with a token: the new password', () => {
  it('checks the token first, then takes a new password and its confirmation, then the toast and the login with the banner', async () => {
    const check = held(() => json(true));
    const { calls, router } = await renderPortal({
      path: `/reset-password?token=${TOKEN}`,
      handlers: { 'POST /auth/validate-token': check.handler, 'POST /auth/update-password': noContent },
    });
    expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe(m.resetPassword_checking());
    expect(screen.queryByLabelText(m.resetPassword_newPassword())).toBeNull();
    check.release();
    await userEvent.type(await screen.findByLabelText(m.resetPassword_newPassword(), { selector: 'input' }), 'un nouveau mot de passe');
    await userEvent.type(input(m.resetPassword_confirmPassword()), 'un nouveau mot de passe');
    expect(input(m.resetPassword_newPassword()).getAttribute('autocomplete')).toBe('new-password');
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_save() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(Object.keys(router.state.location.search)).toEqual(['passwordEdited']);
    expect(calls.map((c) => [c.path, c.body])).toEqual([
      ['/auth/validate-token', { token: TOKEN }],
      ['/auth/update-password', { token: TOKEN, password: 'un nouveau mot de passe' }],
    ]);
    expect(toastTexts()).toEqual([['success', m.auth_passwordUpdated()]]);
    expect(document.querySelector('[data-banner="success"]')?.textContent).toContain(m.banner_passwordEdited());
  });

  it('signed in in this browser (the change-password mail): the sign-in is forgotten, the login page shows', async () => {
    const { router, session } = await renderPortal({
      path: `/reset-password?token=${TOKEN}`,
      user: USER,
      handlers: { 'GET /user/me/info': () => json(INFO.open), 'POST /auth/validate-token': () => json(true), 'POST /auth/update-password': noContent },
    });
    await userEvent.type(await screen.findByLabelText(m.resetPassword_newPassword(), { selector: 'input' }), 'un nouveau mot de passe');
    await userEvent.type(input(m.resetPassword_confirmPassword()), 'un nouveau mot de passe');
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_save() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(session.getSnapshot().context.user).toBeNull();
    expect(localStorage.getItem('portal.v1.currentUser')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(m.login_title());
    expect(document.querySelector('[data-banner="success"]')?.textContent).toContain(m.banner_passwordEdited());
  });

  it('validates on submit: too short, then different', async () => {
    await renderPortal({ path: `/reset-password?token=${TOKEN}`, handlers: { 'POST /auth/validate-token': () => json(true) } });
    await userEvent.type(await screen.findByLabelText(m.resetPassword_newPassword(), { selector: 'input' }), 'court');
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_save() }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      [`Nouveau mot de passe : ${m.validation_passwordMin()}`, '#reset-password'],
      [`Confirmez le nouveau mot de passe : ${m.validation_required()}`, '#reset-confirmPassword'],
    ]);
    await userEvent.type(input(m.resetPassword_newPassword()), ' mais assez long');
    await userEvent.type(input(m.resetPassword_confirmPassword()), 'autre chose encore');
    await waitFor(() =>
      expect(
        within(screen.getByRole('alert'))
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual([`Confirmez le nouveau mot de passe : ${m.validation_passwordsDiffer()}`]),
    );
  });

  it.each([
    ['a token the server does not know (false)', () => json(false)],
    ['a failed check (§8: counts as false)', () => apiError(500, 'internal_error', 'x')],
  ])('%s: the link is said invalid, with a way to ask a new one', async (_, answer) => {
    const { router } = await renderPortal({ path: `/reset-password?token=${TOKEN}`, handlers: { 'POST /auth/validate-token': answer } });
    expect((await screen.findByRole('alert')).textContent).toContain(m.resetPassword_tokenInvalid());
    expect(screen.queryByLabelText(m.resetPassword_newPassword())).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: m.resetPassword_askNewLink() }));
    await waitFor(() => expect(router.state.location.href).toBe('/reset-password'));
    expect(((await screen.findByLabelText(m.resetPassword_email(), { selector: 'input' })) as HTMLInputElement).value).toBe('');
  });

  it('a token used meanwhile (token_invalid at update) ends on the invalid link; another failure keeps the form', async () => {
    let answer = () => apiError(500, 'internal_error', 'x');
    await renderPortal({
      path: `/reset-password?token=${TOKEN}`,
      handlers: { 'POST /auth/validate-token': () => json(true), 'POST /auth/update-password': () => answer() },
    });
    await userEvent.type(await screen.findByLabelText(m.resetPassword_newPassword(), { selector: 'input' }), 'un nouveau mot de passe');
    await userEvent.type(input(m.resetPassword_confirmPassword()), 'un nouveau mot de passe');
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_save() }));
    expect((await screen.findByRole('alert')).textContent).toContain(m.resetPassword_updateFailed());
    expect(input(m.resetPassword_newPassword()).value).toBe('un nouveau mot de passe');
    answer = () => apiError(404, 'token_invalid', 'Lien expiré.');
    await userEvent.click(screen.getByRole('button', { name: m.resetPassword_save() }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(m.resetPassword_tokenInvalid()));
  });
});
