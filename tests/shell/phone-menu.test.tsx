// @vitest-environment jsdom
/**
 * On a phone the menu closes once an entry is chosen — the main menu's links and the user menu's
 * (change password, manage signature) alike.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../support/render-app.tsx';
import { m } from '../../src/paraglide/messages.js';

const approved = { signedIn: true as const, username: 'Ada Lovelace', newAccount: false, statute: 1 as const };

async function openPhoneMenu() {
  const toggle = screen.getByRole('button', { name: m.shell_menuButton() });
  await userEvent.click(toggle);
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(document.getElementById('sidebar')?.dataset.open).toBe('true');
  return toggle;
}

describe('the phone menu', () => {
  it('closes after a main-menu link', async () => {
    const { router } = await renderApp({ path: '/home', view: approved });
    const toggle = await openPhoneMenu();
    await userEvent.click(screen.getByRole('link', { name: m.nav_planning() }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/planning'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it.each([
    ['change password', m.nav_changePassword, '/user/reset-password'],
    ['manage signature', m.nav_manageSignature, '/user/manage-signature'],
  ])('closes after the user menu’s %s', async (_name, label, path) => {
    const { router } = await renderApp({ path: '/home', view: approved });
    const toggle = await openPhoneMenu();
    await userEvent.click(await screen.findByRole('button', { name: `${m.shell_userMenu()} Ada Lovelace` }));
    await userEvent.click(screen.getByRole('menuitem', { name: label() }));
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('sidebar')?.dataset.open).toBe('false');
  });
});
