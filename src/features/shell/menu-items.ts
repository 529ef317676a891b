/**
 * The menus of spec §2 and §6 as the shell renders them: the entries, their labels and their pages. Who sees which
 * signed-in entry is the session's rule (`menu()` of machines/session.selectors.ts, carried by the view), decided
 * there only:
 *  - not known yet (the stored sign-in being read, a prerendered page): none;
 *  - signed out: login, register, reset password;
 *  - signed in: Home; then Availability, Planning, Documents and Employee details as the rule shows them;
 *  - user menu: change password; manage signature as the rule shows it (docs/decisions/024-…); logout.
 */
import { m } from '../../paraglide/messages.js';
import type { SessionView, SignedInView } from './session-view.tsx';

export type MenuEntry = {
  id: string;
  to: '/home' | '/availabilities' | '/planning' | '/documents' | '/employee-details' | '/login' | '/register' | '/reset-password';
  label: () => string;
};

const SIGNED_OUT: MenuEntry[] = [
  { id: 'login', to: '/login', label: m.nav_login },
  { id: 'register', to: '/register', label: m.nav_register },
  { id: 'resetPassword', to: '/reset-password', label: m.nav_resetPassword },
];

export function mainMenu(view: SessionView): MenuEntry[] {
  if (!view.signedIn) return view.pending ? [] : SIGNED_OUT;
  const shown = view.menu;
  const entries: (MenuEntry | false)[] = [
    { id: 'home', to: '/home', label: m.nav_home },
    shown.availability && { id: 'availability', to: '/availabilities', label: m.nav_availability },
    shown.planning && { id: 'planning', to: '/planning', label: m.nav_planning },
    shown.documents && { id: 'documents', to: '/documents', label: m.nav_documents },
    shown.employeeDetails && { id: 'employeeDetails', to: '/employee-details', label: m.nav_employeeDetails },
  ];
  return entries.filter((entry): entry is MenuEntry => entry !== false);
}

export type UserMenuEntry = 'changePassword' | 'manageSignature' | 'logout';

export function userMenu(view: SignedInView): UserMenuEntry[] {
  return view.menu.manageSignature ? ['changePassword', 'manageSignature', 'logout'] : ['changePassword', 'logout'];
}
