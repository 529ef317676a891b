/**
 * Who sees which menu entry (spec §2 and §6), as pure functions the shell renders and the tests walk.
 *  - not known yet (the stored sign-in being read, a prerendered page): none;
 *  - signed out: login, register, reset password;
 *  - signed in: Home; Availability and Planning unless the account is new; Documents unless the account is
 *    new or the worker is a freelancer; Employee details;
 *  - user menu: change password; manage signature unless the account is new or the worker is a freelancer
 *    (§6: freelancers do not get the signature screen; docs/decisions/024-menus.md); logout.
 */
import { Statute } from '../../domain/enums.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionView } from '../session/session-view.tsx';

export type MenuEntry = {
  id: string;
  to: '/home' | '/availabilities' | '/planning' | '/documents' | '/employee-details' | '/login' | '/register' | '/reset-password';
  label: () => string;
};

export function mainMenu(view: SessionView): MenuEntry[] {
  if (view.pending) return [];
  if (!view.signedIn) {
    return [
      { id: 'login', to: '/login', label: m.nav_login },
      { id: 'register', to: '/register', label: m.nav_register },
      { id: 'resetPassword', to: '/reset-password', label: m.nav_resetPassword },
    ];
  }
  const entries: (MenuEntry | false)[] = [
    { id: 'home', to: '/home', label: m.nav_home },
    !view.newAccount && { id: 'availability', to: '/availabilities', label: m.nav_availability },
    !view.newAccount && { id: 'planning', to: '/planning', label: m.nav_planning },
    !view.newAccount && view.statute !== Statute.Freelance && { id: 'documents', to: '/documents', label: m.nav_documents },
    { id: 'employeeDetails', to: '/employee-details', label: m.nav_employeeDetails },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}

export type UserMenuEntry = 'changePassword' | 'manageSignature' | 'logout';

export function userMenu(view: SessionView): UserMenuEntry[] {
  if (!view.signedIn || view.pending) return [];
  const showSignature = !view.newAccount && view.statute !== Statute.Freelance;
  return showSignature ? ['changePassword', 'manageSignature', 'logout'] : ['changePassword', 'logout'];
}
