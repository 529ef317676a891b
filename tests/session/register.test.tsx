// @vitest-environment jsdom
/** The register screen (spec §2, §4, §5) with the registration machine, the router and the API middleware. */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale, type Locale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts, toastText } from '../../src/ui/toast-store.ts';
import { apiError, held, noContent, renderPortal } from '../support/portal.tsx';

afterEach(() => {
  act(() => {
    changeLocale('fr');
    toasts.clear();
  });
});

const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

async function fill(locale: Locale, values: Partial<Record<'first' | 'last' | 'email' | 'password' | 'repeat', string>>) {
  const o = { locale };
  const pairs: [string, string | undefined][] = [
    [m.register_firstName({}, o), values.first],
    [m.register_lastName({}, o), values.last],
    [m.register_email({}, o), values.email],
    [m.register_password({}, o), values.password],
    [m.register_repeatPassword({}, o), values.repeat],
  ];
  for (const [label, value] of pairs) if (value !== undefined) await userEvent.type(input(label), value);
}
const submit = (locale: Locale = 'fr') => userEvent.click(screen.getByRole('button', { name: m.register_submit({}, { locale }) }));
const summaryLinks = () =>
  within(screen.getByRole('alert'))
    .getAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);

const VALID = { first: 'Lotte', last: 'Janssens', email: 'lotte.janssens@example.be', password: 'zeer geheim 123', repeat: 'zeer geheim 123' };

describe('register: validation (§5)', () => {
  it('an empty submit lists every required field in the summary, which takes the focus', async () => {
    await renderPortal({ path: '/register' });
    await submit();
    await screen.findByRole('alert');
    expect(summaryLinks()).toEqual([
      // Each line names its field ("Ce champ est obligatoire." five times said nothing).
      ['Prénom : Ce champ est obligatoire.', '#register-firstName'],
      ['Nom : Ce champ est obligatoire.', '#register-lastName'],
      ['Adresse e-mail : Ce champ est obligatoire.', '#register-email'],
      ['Mot de passe : Ce champ est obligatoire.', '#register-password'],
      ['Répétez le mot de passe : Ce champ est obligatoire.', '#register-repeatPassword'],
    ]);
    expect(document.activeElement).toBe(screen.getByRole('alert').parentElement);
    expect(input(m.register_firstName()).getAttribute('aria-invalid')).toBe('true');
  });

  it('in Dutch: a short password, then two passwords that differ', async () => {
    act(() => changeLocale('nl'));
    await renderPortal({ path: '/register' });
    await fill('nl', { ...VALID, password: 'kort', repeat: 'kort' });
    await submit('nl');
    await screen.findByRole('alert');
    expect(summaryLinks()).toEqual([[`Wachtwoord: ${m.validation_passwordMin({}, { locale: 'nl' })}`, '#register-password']]);
    await userEvent.type(input(m.register_password({}, { locale: 'nl' })), ' maar nu lang genoeg');
    await waitFor(() =>
      expect(summaryLinks()).toEqual([[`Herhaal het wachtwoord: ${m.validation_passwordsDiffer({}, { locale: 'nl' })}`, '#register-repeatPassword']]),
    );
  });

  it('an invalid e-mail address', async () => {
    await renderPortal({ path: '/register' });
    await fill('fr', { ...VALID, email: 'lotte.janssens' });
    await submit();
    await screen.findByRole('alert');
    expect(summaryLinks()).toEqual([[`Adresse e-mail : ${m.validation_email()}`, '#register-email']]);
  });
});

describe('register: sending', () => {
  it('sends the five fields (the language follows the interface by default), then the toast and /login', async () => {
    act(() => changeLocale('nl'));
    const register = held(noContent);
    const { calls, router } = await renderPortal({ path: '/register', handlers: { 'POST /auth/register': register.handler } });
    expect((screen.getByRole('radio', { name: 'Nederlands' }) as HTMLInputElement).checked).toBe(true);
    expect(input(m.register_email({}, { locale: 'nl' })).getAttribute('autocomplete')).toBe('email');
    expect(input(m.register_password({}, { locale: 'nl' })).getAttribute('autocomplete')).toBe('new-password');
    await fill('nl', VALID);
    await submit('nl');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: new RegExp(m.register_submit({}, { locale: 'nl' })) }).getAttribute('aria-disabled')).toBe('true'),
    );
    register.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.map((c) => c.body)).toEqual([
      { firstName: 'Lotte', lastName: 'Janssens', email: 'lotte.janssens@example.be', password: 'zeer geheim 123', language: 'nl' },
    ]);
    expect(toasts.getSnapshot().map((t) => [t.type, toastText(t)])).toEqual([['success', m.auth_registered({}, { locale: 'nl' })]]);
  });

  it('the language follows a switch of the interface until the worker picks one', async () => {
    await renderPortal({ path: '/register' });
    const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;
    expect(radio('Français').checked).toBe(true);
    act(() => changeLocale('nl'));
    await waitFor(() => expect(radio('Nederlands').checked).toBe(true));
    await userEvent.click(radio('Français'));
    act(() => changeLocale('fr'));
    act(() => changeLocale('nl'));
    expect(radio('Français').checked).toBe(true);
  });

  it('the language chosen is the one sent', async () => {
    const { calls } = await renderPortal({ path: '/register', handlers: { 'POST /auth/register': noContent } });
    await fill('fr', VALID);
    await userEvent.click(screen.getByRole('radio', { name: 'Nederlands' }));
    await submit();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toMatchObject({ language: 'nl' });
  });

  it('"already exists" is said on the e-mail field (and in the summary), and goes once another address is typed', async () => {
    await renderPortal({ path: '/register', handlers: { 'POST /auth/register': () => apiError(409, 'email_already_exists', 'Existe déjà.') } });
    await fill('fr', VALID);
    await submit();
    await waitFor(() => expect(summaryLinks()).toEqual([[`Adresse e-mail : ${m.register_emailTaken()}`, '#register-email']]));
    // Said on the form only: no toast repeats it (docs/decisions/130).
    expect(toasts.getSnapshot()).toEqual([]);
    expect(document.activeElement).toBe(screen.getByRole('alert').parentElement);
    const email = input(m.register_email());
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(email.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toContain(m.register_emailTaken());
    await userEvent.type(email, '.com');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('a failure keeps what was typed and says so; sending again works', async () => {
    let answer = () => apiError(500, 'internal_error', 'x');
    const { router } = await renderPortal({ path: '/register', handlers: { 'POST /auth/register': () => answer() } });
    await fill('fr', VALID);
    await submit();
    expect((await screen.findByRole('alert')).textContent).toContain(m.register_failed());
    expect(input(m.register_firstName()).value).toBe('Lotte');
    answer = noContent;
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
