/**
 * Feeds the shell's session view (session-view.tsx) from the session machine, so the menus follow the session
 * (spec §2/§6). The view is derived with the machine's own selectors; the shell never reads the machine. While the
 * session logs out, the loading overlay is on.
 */
import { useCallback, useEffect, type ReactNode } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { currentUser, displayName, effectiveInfo, isSignedIn, type SessionSnapshot } from '../../../machines/session.selectors.ts';
import type { SessionActor } from '../../router-context.ts';
import { overlay } from '../../ui/overlay-store.ts';
import { SessionViewProvider, signedOutView, type SessionView } from './session-view.tsx';

export function sessionView(snapshot: SessionSnapshot): SessionView {
  const user = currentUser(snapshot);
  if (!isSignedIn(snapshot) || !user) return signedOutView;
  const info = effectiveInfo(snapshot);
  return { signedIn: true, username: displayName(snapshot), newAccount: info.newAccount, statute: info.statute ?? user.statute };
}

export function SessionBridge({ session, children }: { session: SessionActor; children: ReactNode }) {
  const view = useSelector(session, sessionView, shallowEqual);
  const logout = useCallback(() => session.send({ type: 'session.logout' }), [session]);
  // Logging out takes a server call and then a reload: the shared overlay says so meanwhile.
  const loggingOut = useSelector(session, (snapshot) => snapshot.matches('loggingOut'));
  useEffect(() => (loggingOut ? overlay.acquire() : undefined), [loggingOut]);
  return (
    <SessionViewProvider view={view} onLogout={logout}>
      {children}
    </SessionViewProvider>
  );
}
