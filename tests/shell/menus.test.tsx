// @vitest-environment jsdom
/**
 * Spec §2 and §6: the menus for every combination of session state, in both languages, through the real shell.
 * The expectations are written out by hand (not derived from src/features/shell/menu-items.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, sessionViews } from '../support/render-app.tsx';
import { changeLocale, type Locale } from '../../src/i18n/locale.ts';
import { m } from '../../src/paraglide/messages.js';

type Message = (inputs: object, options: { locale: Locale }) => string;
type Expected = { main: [Message, string][]; user: [Message, string | null][] | null };

const signedOut: Expected = {
  main: [
    [m.nav_login, '/login'],
    [m.nav_register, '/register'],
    [m.nav_resetPassword, '/reset-password'],
  ],
  user: null,
};
const newAccount: Expected = {
  main: [
    [m.nav_home, '/home'],
    [m.nav_conversations, '/conversations'],
    [m.nav_employeeDetails, '/employee-details'],
  ],
  user: [
    [m.nav_changePassword, '/user/reset-password'],
    [m.nav_notificationSettings, '/notification-settings'],
    [m.nav_logout, null],
  ],
};
const approvedEmployeeOrStudent: Expected = {
  main: [
    [m.nav_home, '/home'],
    [m.nav_availability, '/availabilities'],
    [m.nav_planning, '/planning'],
    [m.nav_offers, '/offers'],
    [m.nav_hours, '/hours'],
    [m.nav_documents, '/documents'],
    [m.nav_conversations, '/conversations'],
    [m.nav_employeeDetails, '/employee-details'],
  ],
  user: [
    [m.nav_changePassword, '/user/reset-password'],
    [m.nav_notificationSettings, '/notification-settings'],
    [m.nav_manageSignature, '/user/manage-signature'],
    [m.nav_logout, null],
  ],
};
const approvedFreelance: Expected = {
  main: [
    [m.nav_home, '/home'],
    [m.nav_availability, '/availabilities'],
    [m.nav_planning, '/planning'],
    [m.nav_offers, '/offers'],
    [m.nav_hours, '/hours'],
    [m.nav_conversations, '/conversations'],
    [m.nav_employeeDetails, '/employee-details'],
  ],
  user: [
    [m.nav_changePassword, '/user/reset-password'],
    [m.nav_notificationSettings, '/notification-settings'],
    [m.nav_logout, null],
  ],
};

const expected: Record<string, Expected> = {
  'signed out': signedOut,
  'signed in, new account, Employee': newAccount,
  'signed in, new account, Student': newAccount,
  'signed in, new account, Freelance': newAccount,
  'signed in, approved account, Employee': approvedEmployeeOrStudent,
  'signed in, approved account, Student': approvedEmployeeOrStudent,
  'signed in, approved account, Freelance': approvedFreelance,
};

describe.each(['fr', 'nl'] as Locale[])('menus in %s', (locale) => {
  it.each(sessionViews)('$name', async ({ name, view }) => {
    act(() => changeLocale(locale));
    const onLogout = vi.fn();
    await renderApp({ path: '/home', view, onLogout });
    const want = expected[name]!;

    const nav = screen.getByRole('navigation', { name: m.shell_mainNav({}, { locale }) });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(want.main.map(([label, href]) => [label({}, { locale }), href]));

    const trigger = screen.queryByRole('button', { name: new RegExp(`^${m.shell_userMenu({}, { locale })}`) });
    if (!want.user) {
      expect(trigger).toBeNull();
      expect(screen.queryByText('Ada Lovelace')).toBeNull();
      return;
    }
    // The user menu is loaded lazily.
    const button = await screen.findByRole('button', { name: `${m.shell_userMenu({}, { locale })} Ada Lovelace` });
    await userEvent.click(button);
    const items = screen.getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(want.user.map(([label, href]) => [label({}, { locale }), href]));
    await userEvent.click(screen.getByRole('menuitem', { name: m.nav_logout({}, { locale }) }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
