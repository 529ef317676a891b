/**
 * Feeds the shell's session view (session-view.tsx) from the session machine, so the menus follow the session
 * (spec §2/§6). The view is derived with the machine's own selectors (the menu rule is `menu()` there); the shell
 * never reads the machine. While the session logs out, the loading overlay is on.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import {
  displayName,
  isLoggingOut,
  isRestored,
  isSignedIn,
  isSupportSession,
  knowsAccount,
  menu,
  type SessionSnapshot,
} from '../../../machines/session.selectors.ts';
import { useHydrated } from '../../prerender/hydration.ts';
import type { SessionActor } from '../../router-context.ts';
import { overlay } from '../../ui/overlay-store.ts';
import { SessionViewProvider, pendingView, signedOutView, type SessionView } from './session-view.tsx';

export function sessionView(snapshot: SessionSnapshot): SessionView {
  if (!isRestored(snapshot)) return pendingView;
  if (!isSignedIn(snapshot)) return signedOutView;
  // Signed in, the info not read yet: no menu rather than a new account's, replaced a moment later.
  if (!knowsAccount(snapshot)) return pendingView;
  return { signedIn: true, username: displayName(snapshot), menu: menu(snapshot), supportSession: isSupportSession(snapshot) };
}

/** The menus list the access table's own page objects: the same pages are the same objects. */
const sameMenu = (a: SessionView & { signedIn: true }, b: SessionView & { signedIn: true }): boolean =>
  shallowEqual(a.menu.main, b.menu.main) && shallowEqual(a.menu.user, b.menu.user);

/** A new snapshot re-renders the shell only when what it shows changed. */
const sameView = (a: SessionView, b: SessionView): boolean =>
  a.signedIn && b.signedIn
    ? a.username === b.username && a.supportSession === b.supportSession && sameMenu(a, b)
    : !a.signedIn && !b.signedIn && a.pending === b.pending;

/**
 * `prerenderedView`: the view the page's HTML was prerendered with (signed out for a public page, pending for the
 * frame of a signed-in page); the server renders it, and so does the client while React hydrates that HTML. The
 * session's own view follows at once.
 */
export function SessionBridge({ session, prerenderedView, children }: { session: SessionActor; prerenderedView?: SessionView; children: ReactNode }) {
  const hydrated = useHydrated();
  const sessionsView = useSelector(session, sessionView, sameView);
  const view = hydrated || !prerenderedView ? sessionsView : prerenderedView;
  const logout = useCallback(() => session.send({ type: 'session.logout' }), [session]);
  // Logging out takes a server call and then a reload: the shared overlay says so meanwhile.
  const loggingOut = useSelector(session, isLoggingOut);
  useEffect(() => (loggingOut ? overlay.acquire() : undefined), [loggingOut]);
  return (
    <SessionViewProvider view={view} onLogout={logout}>
      {children}
    </SessionViewProvider>
  );
}
