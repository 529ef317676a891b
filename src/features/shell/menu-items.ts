/**
 * The menus of spec §2 and §6 as the shell renders them: the entries, their labels and their pages. Which pages
 * have an entry, in which menu and order, and for whom, is the access table's (machines/page-access.ts); signed
 * in, the session's `menu()` (machines/session.selectors.ts) applies it to the account and the view carries it:
 *  - not known yet (the stored sign-in being read, a prerendered page): none;
 *  - signed out: the table's `signedOut` entries;
 *  - signed in: the `main` entries the account sees; the user menu: its `user` entries, then logout.
 */
import { menuPages, type MenuLabel, type PageRule } from '../../../machines/page-access.ts';
import { m } from '../../paraglide/messages.js';
import type { SessionView, SignedInView } from './session-view.tsx';

/** The message of each label of the table: a label added there does not compile until it has its line here. */
const LABELS = {
  nav_availability: m.nav_availability,
  nav_changePassword: m.nav_changePassword,
  nav_conversations: m.nav_conversations,
  nav_documents: m.nav_documents,
  nav_employeeDetails: m.nav_employeeDetails,
  nav_home: m.nav_home,
  nav_hours: m.nav_hours,
  nav_login: m.nav_login,
  nav_offers: m.nav_offers,
  nav_manageSignature: m.nav_manageSignature,
  nav_notificationSettings: m.nav_notificationSettings,
  nav_planning: m.nav_planning,
  nav_register: m.nav_register,
  nav_resetPassword: m.nav_resetPassword,
} satisfies Record<MenuLabel, () => string>;

export type MenuEntry = { to: string; label: () => string };

const entryOf = (page: PageRule): MenuEntry => ({ to: page.path, label: LABELS[page.menu?.label as MenuLabel] });

export function mainMenu(view: SessionView): MenuEntry[] {
  if (!view.signedIn) return view.pending ? [] : menuPages('signedOut', null).map(entryOf);
  return view.menu.main.map(entryOf);
}

/** The user menu's page entries (logout, which is no page, follows them). */
export const userMenu = (view: SignedInView): MenuEntry[] => view.menu.user.map(entryOf);
