/**
 * What the shell needs to know about the session, and nothing more: who is signed in and which menu entries the
 * session's own rule shows (`menu()` of machines/session.selectors.ts over the access table; the shell never
 * re-decides it). The session
 * machine feeds it through the one provider (session-bridge.tsx). Views read it with `useSessionView()`; the user
 * menu's logout calls the handler given to the provider.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { menu } from '../../../machines/session.selectors.ts';

/** The pages of the signed-in menus (spec §2, §6), in order, as the session's selector decides. */
export type SessionMenu = ReturnType<typeof menu>;

export type SignedInView = {
  signedIn: true;
  /** "First Last" for the user menu. */
  username: string;
  menu: SessionMenu;
  /** An agency's support session (impersonation) is running: the shell says so, with a way to end it. */
  supportSession: boolean;
};
/**
 * `pending`: who is there is not known yet: the stored sign-in is being read, or the page was prerendered for whoever
 * visits (docs/decisions/100-prerendered-pages.md). No menu then: neither the signed-out nor the signed-in one may
 * show only to vanish.
 */
export type SessionView = { signedIn: false; pending?: true } | SignedInView;

export const signedOutView: SessionView = { signedIn: false };
export const pendingView: SessionView = { signedIn: false, pending: true };

type SessionContext = { view: SessionView; logout: () => void };

const Context = createContext<SessionContext>({ view: signedOutView, logout: () => {} });

export function SessionViewProvider({ view, onLogout, children }: { view: SessionView; onLogout: () => void; children: ReactNode }) {
  const value = useMemo(() => ({ view, logout: onLogout }), [view, onLogout]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useSessionView = (): SessionView => useContext(Context).view;
export const useLogout = (): (() => void) => useContext(Context).logout;
