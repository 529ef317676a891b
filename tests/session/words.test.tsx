// @vitest-environment jsdom
/**
 * Every word of the auth and session screens is a message of the interface language, in each state those screens
 * reach (errors shown, mails sent, links refused, notices), and follows a switch to Dutch without a reload
 * (docs/decisions/020: every screen calls useLocale). The shell itself is checked by tests/i18n/literal-text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale, type Locale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts } from '../../src/ui/toast-store.ts';
import { INFO, USER, apiError, json, noContent, renderPortal } from '../support/portal.tsx';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = (locale: Locale) =>
  Object.entries(JSON.parse(readFileSync(join(process.cwd(), 'messages', `${locale}.json`), 'utf8')) as Record<string, unknown>)
    .filter(([key, value]) => key !== '$schema' && typeof value === 'string')
    .map(([, value]) => new RegExp(`^${escape((value as string).trim()).replace(/\\\{\w+\\\}/g, '.+')}$`, 's'));
const byLocale = { fr: patterns('fr'), nl: patterns('nl') };
const USER_DATA = new Set([USER.email]);

/** Texts and accessible names in <main> that are not a message of `locale` (nor punctuation, nor user data). */
function stray(locale: Locale): string[] {
  const ok = (text: string) => {
    const t = text.replace(/\s+/g, ' ').trim();
    return t === '' || /^[\p{P}\p{S}\s\d]+$/u.test(t) || USER_DATA.has(t) || byLocale[locale].some((re) => re.test(t));
  };
  const main = document.querySelector('main')!;
  const found: string[] = [];
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!ok(node.nodeValue ?? '')) found.push(`"${node.nodeValue}"`);
  for (const element of main.querySelectorAll('[aria-label], [title], [placeholder]'))
    for (const name of ['aria-label', 'title', 'placeholder'])
      if (element.hasAttribute(name) && !ok(element.getAttribute(name)!)) found.push(`${name}="${element.getAttribute(name)}"`);
  if (!ok(document.title)) found.push(`title "${document.title}"`);
  return found;
}

/** Once in French, then after switching to Dutch (both languages' words: "Nederlands"/"Français" are names). */
async function expectMessagesOnly() {
  expect(stray('fr')).toEqual([]);
  act(() => changeLocale('nl'));
  await waitFor(() => expect(stray('nl')).toEqual([]));
}

const click = (name: string) => userEvent.click(screen.getByRole('button', { name }));

afterEach(() => {
  act(() => {
    changeLocale('fr');
    toasts.clear();
  });
});

describe('only messages on the auth and session screens, in French then Dutch', () => {
  it('login with a refusal', async () => {
    await renderPortal({ path: '/login', handlers: { 'POST /auth/login': () => apiError(401, 'unauthorized', 'x') }, email: USER.email });
    await userEvent.type(screen.getByLabelText(m.login_password(), { selector: 'input' }), 'x');
    await click(m.login_submit());
    await screen.findByRole('alert');
    await expectMessagesOnly();
  });

  it('register with every error', async () => {
    await renderPortal({ path: '/register' });
    await click(m.register_submit());
    await screen.findByRole('alert');
    await expectMessagesOnly();
  });

  it('reset password: mail sent', async () => {
    await renderPortal({ path: '/reset-password', handlers: { 'POST /auth/reset-password': noContent } });
    await userEvent.type(screen.getByLabelText(m.resetPassword_email(), { selector: 'input' }), USER.email);
    await click(m.resetPassword_send());
    await screen.findByText(m.resetPassword_sent(), { exact: false });
    await expectMessagesOnly();
  });

  it('reset password: the form with errors, then a refused link', async () => {
    await renderPortal({ path: '/reset-password?token=abcdef0123456789', handlers: { 'POST /auth/validate-token': () => json(true) } });
    await click(m.resetPassword_save());
    await screen.findByRole('alert');
    await expectMessagesOnly();
  });

  it('reset password: a refused link', async () => {
    await renderPortal({ path: '/reset-password?token=abcdef0123456789', handlers: { 'POST /auth/validate-token': () => json(false) } });
    await screen.findByRole('alert');
    await expectMessagesOnly();
  });

  it('change password: sent', async () => {
    await renderPortal({
      path: '/user/reset-password',
      user: USER,
      handlers: { 'GET /user/me/info': () => json(INFO.open), 'GET /user/me/reset-password': noContent },
    });
    await click(m.changePassword_send());
    await screen.findByText(m.changePassword_sent({ email: USER.email }), { exact: false });
    await expectMessagesOnly();
  });

  it('policies with errors', async () => {
    await renderPortal({ path: '/policies', user: USER, handlers: { 'GET /user/me/info': () => json(INFO.policiesMissing) } });
    await click(m.policies_submit());
    await screen.findByRole('alert');
    await expectMessagesOnly();
  });

  it.each([
    ['file incomplete, e-mail not validated', { ...INFO.detailsEmpty, emailHasBeenValidated: false }],
    ['file under review', INFO.detailsPending],
  ])('home: %s', async (_, info) => {
    await renderPortal({ path: '/home', user: USER, handlers: { 'GET /user/me/info': () => json(info) } });
    await expectMessagesOnly();
  });

  it('impersonation refused', async () => {
    await renderPortal({ path: '/impersonate?token=imp_used0123456789', handlers: { 'GET /auth/impersonate': () => apiError(401, 'unauthorized', 'x') } });
    await screen.findByText(m.impersonate_failed(), { exact: false });
    await expectMessagesOnly();
  });

  it('catches a stray word', async () => {
    await renderPortal({ path: '/register' });
    const p = document.createElement('p');
    p.textContent = 'Inscrivez-vous';
    document.querySelector('main')!.append(p);
    expect(stray('fr')).toEqual(['"Inscrivez-vous"']);
    p.remove();
    expect(stray('fr')).toEqual([]);
    // French left on screen after a switch is caught too.
    expect(stray('nl')).toContain(`"${m.register_submit({}, { locale: 'fr' })}"`);
  });
});
