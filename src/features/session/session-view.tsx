/**
 * What the shell needs to know about the session, and nothing more: the session machine (issue 4) feeds it
 * through the one provider; until then main.tsx gives the signed-out view. Views read it with
 * `useSessionView()`; the user menu's logout calls the handler given to the provider.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { Statute } from '../../domain/enums.ts';

export type StatuteCode = (typeof Statute)[keyof typeof Statute];

export interface SessionView {
  signedIn: boolean;
  /** "First Last" for the user menu; empty when signed out. */
  username: string;
  /** A new account: availability, planning, documents and signature are hidden (spec §6). */
  newAccount: boolean;
  /** Employee 1, Student 2, Freelance 3; null when signed out. */
  statute: StatuteCode | null;
  /**
   * Who is there is not known yet: the stored sign-in is being read, or the page was prerendered for whoever
   * visits (docs/decisions/100-prerendered-pages.md). No menu then: neither the signed-out nor the signed-in one
   * may show only to vanish.
   */
  pending?: boolean;
}

export const signedOutView: SessionView = { signedIn: false, username: '', newAccount: true, statute: null };
export const pendingView: SessionView = { ...signedOutView, pending: true };

type SessionContext = { view: SessionView; logout: () => void };

const Context = createContext<SessionContext>({ view: signedOutView, logout: () => {} });

export function SessionViewProvider({ view, onLogout, children }: { view: SessionView; onLogout: () => void; children: ReactNode }) {
  const value = useMemo(() => ({ view, logout: onLogout }), [view, onLogout]);
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export const useSessionView = (): SessionView => useContext(Context).view;
export const useLogout = (): (() => void) => useContext(Context).logout;
