// @vitest-environment jsdom
/**
 * While a support session (impersonation) runs, every page shows and announces it, with a way to end it;
 * the worker's own session shows nothing of the kind.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app.tsx';
import { changeLocale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';

const worker = { signedIn: true as const, username: 'Ada Lovelace', newAccount: false, statute: 1 as const };

afterEach(() => act(() => changeLocale('fr')));

describe('the support-session banner', () => {
  it('is shown at the top of every page, in a live region, naming the worker, in both languages', async () => {
    const { router } = await renderApp({ path: '/home', view: { ...worker, supportSession: true } });
    const banner = screen.getByTestId('support-session');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toContain(m.shell_supportSession({ name: 'Ada Lovelace' }));
    expect(screen.getByRole('main').firstElementChild).toBe(banner);
    await act(() => router.navigate({ to: '/planning' }));
    await screen.findByRole('heading', { level: 1, name: m.planning_title() });
    expect(screen.getByTestId('support-session').textContent).toContain(m.shell_supportSessionEnd());
    act(() => changeLocale('nl'));
    expect(screen.getByTestId('support-session').textContent).toContain(m.shell_supportSession({ name: 'Ada Lovelace' }, { locale: 'nl' }));
  });

  it('ends the support session (the logout: the token is revoked)', async () => {
    const onLogout = vi.fn();
    await renderApp({ path: '/home', view: { ...worker, supportSession: true }, onLogout });
    await userEvent.click(within(screen.getByTestId('support-session')).getByRole('button', { name: m.shell_supportSessionEnd() }));
    await waitFor(() => expect(onLogout).toHaveBeenCalledTimes(1));
  });

  it('is not shown for the worker’s own session', async () => {
    await renderApp({ path: '/home', view: worker });
    expect(screen.queryByTestId('support-session')).toBeNull();
    expect(screen.queryByText(m.shell_supportSessionEnd())).toBeNull();
  });
});
