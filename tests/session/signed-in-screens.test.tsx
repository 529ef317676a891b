// @vitest-environment jsdom
/**
 * The signed-in screens of §2.9, §2.10 and §2.5: change password, policies (and the gate moving on), home notices, logout;
 * and /impersonate. The real session with a stored sign-in, the router and the API middleware over a fake server.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';
import { toasts, toastText } from '../../src/ui/toast-store.ts';
import { overlay } from '../../src/ui/overlay-store.ts';
import { INFO, USER, apiError, held, json, noContent, renderPortal, type Handler } from '../support/portal.tsx';

afterEach(() => {
  act(() => {
    changeLocale('fr');
    toasts.clear();
  });
});

const toastTexts = () => toasts.getSnapshot().map((t) => [t.type, toastText(t)]);
const main = () => within(screen.getByRole('main'));
const info = (answer: object): Record<string, Handler> => ({ 'GET /user/me/info': () => json(answer) });

describe('change password (signed in)', () => {
  it('one button mails the reset link to the account (no address sent); the page says where it went', async () => {
    const send = held(noContent);
    const { calls } = await renderPortal({
      path: '/user/reset-password',
      user: USER,
      handlers: { ...info(INFO.open), 'GET /user/me/reset-password': send.handler },
    });
    await userEvent.click(screen.getByRole('button', { name: m.changePassword_send() }));
    await waitFor(() => expect(screen.getByRole('button', { name: new RegExp(m.changePassword_send()) }).getAttribute('aria-disabled')).toBe('true'));
    send.release();
    await waitFor(() => expect(main().getByRole('status').textContent).toContain(m.changePassword_sent({ email: USER.email })));
    expect(calls.filter((c) => c.path === '/user/me/reset-password')).toEqual([
      { method: 'GET', path: '/user/me/reset-password', search: '', body: undefined, authorization: `Bearer ${USER.token}` },
    ]);
    expect(toastTexts()).toEqual([['success', m.auth_resetPasswordStarted()]]);
  });

  it('a failure says so', async () => {
    await renderPortal({
      path: '/user/reset-password',
      user: USER,
      handlers: { ...info(INFO.open), 'GET /user/me/reset-password': () => apiError(500, 'internal_error', 'x') },
    });
    await userEvent.click(screen.getByRole('button', { name: m.changePassword_send() }));
    expect((await main().findByRole('alert')).textContent).toContain(m.changePassword_failed());
  });
});

describe('policies', () => {
  it('links to both PDFs in the interface language', async () => {
    act(() => changeLocale('nl'));
    await renderPortal({ path: '/policies', user: USER, handlers: info(INFO.policiesMissing) });
    expect(screen.getByRole('link', { name: m.policies_privacyLink({}, { locale: 'nl' }) }).getAttribute('href')).toBe('/policies/privacy-policy-nl.pdf');
    expect(screen.getByRole('link', { name: m.policies_labourLink({}, { locale: 'nl' }) }).getAttribute('href')).toBe('/policies/labour-regulations-nl.pdf');
    act(() => changeLocale('fr'));
    expect(screen.getByRole('link', { name: m.policies_privacyLink() }).getAttribute('href')).toBe('/policies/privacy-policy-fr.pdf');
  });

  it('once both are agreed: a read-only "accepted on <date>" (the Brussels day) with the two PDFs, no boxes, no "before you continue"', async () => {
    await renderPortal({ path: '/policies', user: USER, handlers: info({ ...INFO.open, policiesAgreedAt: '2026-03-14T23:30:00.000Z' }) });
    expect((await screen.findByText(/15 mars 2026/)).closest('[data-banner]')?.getAttribute('data-banner')).toBe('success');
    expect(screen.getByRole('main').textContent).toContain(m.policies_acceptedOn({ date: '15 mars 2026' }));
    expect(screen.getByRole('link', { name: m.policies_privacyLink() }).getAttribute('href')).toBe('/policies/privacy-policy-fr.pdf');
    expect(screen.getByRole('link', { name: m.policies_labourLink() }).getAttribute('href')).toBe('/policies/labour-regulations-fr.pdf');
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: m.policies_submit() })).toBeNull();
    expect(screen.getByRole('main').textContent).not.toContain(m.policies_intro());
    act(() => changeLocale('nl'));
    expect(screen.getByRole('main').textContent).toContain(m.policies_acceptedOn({ date: '15 maart 2026' }, { locale: 'nl' }));
  });

  it('agreed before the date was kept: said without a date', async () => {
    await renderPortal({ path: '/policies', user: USER, handlers: info(INFO.open) });
    expect((await screen.findByText(m.policies_accepted())).closest('[data-banner]')).not.toBeNull();
    expect(screen.queryAllByRole('checkbox')).toEqual([]);
  });

  it('both boxes are required: the summary names the document and links to its box', async () => {
    await renderPortal({ path: '/policies', user: USER, handlers: info(INFO.policiesMissing) });
    await userEvent.click(screen.getByRole('checkbox', { name: m.policies_agreeLabour() }));
    await userEvent.click(screen.getByRole('button', { name: m.policies_submit() }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([[`Politique de confidentialité : ${m.validation_policyRequired()}`, '#policies-privacy']]);
    await userEvent.click(within(alert).getByRole('link'));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: m.policies_agreePrivacy() }));
    await userEvent.keyboard(' ');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('agreeing saves both, reads the info again and moves on to the details file while it is empty', async () => {
    let current: object = INFO.policiesMissing;
    const { calls, router } = await renderPortal({
      path: '/policies',
      user: USER,
      handlers: {
        'GET /user/me/info': () => json(current),
        'POST /user/me/update-policies': () => ((current = INFO.detailsEmpty), json(current)),
      },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: m.policies_agreePrivacy() }));
    await userEvent.click(screen.getByRole('checkbox', { name: m.policies_agreeLabour() }));
    await userEvent.click(screen.getByRole('button', { name: m.policies_submit() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/employee-details'));
    // The bell's and the questions' counts are read after every page (src/routes/-notification-count.ts,
    // -conversation-count.ts): not this flow's calls.
    const own = calls.filter((c) => c.path !== '/user/me/notifications/unread' && c.path !== '/user/me/conversations/unread');
    // Then the details page reads what it shows: on a loaded machine its first read may already be in (seen in the suite).
    expect(own.slice(0, 3).map((c) => `${c.method} ${c.path}`)).toEqual(['GET /user/me/info', 'POST /user/me/update-policies', 'GET /user/me/info']);
    expect(own.slice(3).filter((c) => c.method !== 'GET')).toEqual([]);
    expect(own[1]!.body).toEqual({ agreedWithGdprPolicy: true, agreedToLabourRegulations: true });
  });

  it('a failed save is said once, on the page (no toast), and keeps the worker there, boxes ticked', async () => {
    const { router } = await renderPortal({
      path: '/policies',
      user: USER,
      handlers: { ...info(INFO.policiesMissing), 'POST /user/me/update-policies': () => apiError(500, 'internal_error', 'x') },
    });
    await userEvent.click(screen.getByRole('checkbox', { name: m.policies_agreePrivacy() }));
    await userEvent.click(screen.getByRole('checkbox', { name: m.policies_agreeLabour() }));
    await userEvent.click(screen.getByRole('button', { name: m.policies_submit() }));
    expect((await screen.findByRole('alert')).textContent).toContain(m.policies_saveFailed());
    expect(toastTexts()).toEqual([]);
    expect(router.state.location.pathname).toBe('/policies');
    expect((screen.getByRole('checkbox', { name: m.policies_agreePrivacy() }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: m.policies_submit() }).getAttribute('aria-disabled')).toBeNull();
  });
});

describe('home notices (§2 Home)', () => {
  it('file incomplete: a notice with a link to the details file; e-mail not validated: a button that mails the link again', async () => {
    const { calls } = await renderPortal({
      path: '/home',
      user: USER,
      handlers: { ...info({ ...INFO.detailsEmpty, emailHasBeenValidated: false }), 'POST /auth/revalidate-email': noContent },
    });
    expect(screen.getByText(m.home_detailsIncomplete(), { exact: false }).closest('[data-banner]')?.getAttribute('data-banner')).toBe('warning');
    expect(screen.getByRole('link', { name: m.home_detailsLink() }).getAttribute('href')).toBe('/employee-details');
    expect(screen.queryByText(m.home_detailsUnderReview(), { exact: false })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: m.home_resendEmail() }));
    await waitFor(() => expect(toastTexts()).toEqual([['success', m.auth_emailValidationSent()]]));
    // Signed in, without the address in the URL (decision 003).
    expect(calls.find((c) => c.path === '/auth/revalidate-email')).toMatchObject({ method: 'POST', search: '', authorization: `Bearer ${USER.token}` });
  });

  it('file under review: said; nothing else when the e-mail is validated', async () => {
    await renderPortal({ path: '/home', user: USER, handlers: info(INFO.detailsPending) });
    expect(screen.getByText(m.home_detailsUnderReview(), { exact: false }).closest('[data-banner]')?.getAttribute('data-banner')).toBe('info');
    expect(screen.queryByRole('button', { name: m.home_resendEmail() })).toBeNull();
    expect(screen.queryByRole('link', { name: m.home_detailsLink() })).toBeNull();
  });

  it('an approved file: no notice', async () => {
    await renderPortal({ path: '/home', user: USER, handlers: info(INFO.open) });
    expect(document.querySelectorAll('main [data-banner]')).toHaveLength(0);
  });
});

describe('logout', () => {
  it('revokes the token, clears storage, goes to /login with the overlay on, then reloads (the toast comes after the reload)', async () => {
    const revoke = held(noContent);
    const { router, reload, calls } = await renderPortal({ path: '/home', user: USER, handlers: { ...info(INFO.open), 'POST /auth/logout': revoke.handler } });
    await userEvent.click(await screen.findByRole('button', { name: `${m.shell_userMenu()} ${USER.username}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: m.nav_logout() }));
    await waitFor(() => expect(overlay.isActive()).toBe(true));
    revoke.release();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(router.state.location.href).toBe('/login');
    expect(overlay.isActive()).toBe(false);
    expect(localStorage.getItem('portal.v1.currentUser')).toBeNull();
    expect(calls.find((c) => c.path === '/auth/logout')?.authorization).toBe(`Bearer ${USER.token}`);
    expect(sessionStorage.getItem('portal.v1.loggedOutNotice')).not.toBeNull();
  });
});

describe('/impersonate', () => {
  it('signs in with the token (never remembered) and lands home in place of the link (back cannot replay it)', async () => {
    const impersonate = held(() => json({ ...USER, locale: 'nl' }));
    const { router, calls } = await renderPortal({
      path: '/impersonate?token=imp_0123456789abcdef',
      handlers: { 'GET /auth/impersonate': impersonate.handler, ...info(INFO.open) },
    });
    expect(main().getByRole('status').textContent).toBe(m.impersonate_signingIn());
    impersonate.release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(router.history.length).toBe(1);
    expect(calls[0]).toMatchObject({ path: '/auth/impersonate', search: '?token=imp_0123456789abcdef' });
    expect(localStorage.getItem('portal.v1.currentUser')).toBeNull();
    expect(sessionStorage.getItem('portal.v1.currentUser')).toContain(USER.token);
    expect(document.documentElement.lang).toBe('nl');
  });

  it.each([
    ['a refused token', '/impersonate?token=imp_used0123456789'],
    ['no token at all', '/impersonate'],
  ])('%s says so, with a link to the login page', async (_, path) => {
    const { router } = await renderPortal({ path, handlers: { 'GET /auth/impersonate': () => apiError(401, 'unauthorized', 'x') } });
    expect((await main().findByRole('alert')).textContent).toContain(m.impersonate_failed());
    expect(screen.getByRole('link', { name: m.impersonate_loginLink() }).getAttribute('href')).toBe('/login');
    // A refused token leaves the address bar too.
    await waitFor(() => expect(router.state.location.href).toBe('/impersonate'));
  });
});
