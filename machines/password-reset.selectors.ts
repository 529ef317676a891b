/** What the reset-with-token view reads from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { passwordResetMachine } from './password-reset.machine.ts';

export type PasswordResetActor = ActorRefFrom<typeof passwordResetMachine>;
export type PasswordResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

/** The token is being checked, was refused, or the form shows. */
export const resetView = (s: PasswordResetSnapshot): 'checking' | 'invalid' | 'form' =>
  s.matches('checkingToken') ? 'checking' : s.matches('tokenInvalid') ? 'invalid' : 'form';
/** Sending, or done (the form stays disabled while the worker is taken on). */
export const isBusy = (s: PasswordResetSnapshot): boolean => s.hasTag('busy') || s.matches('updated');
export const hasFailed = (s: PasswordResetSnapshot): boolean => s.matches({ editing: 'failed' });
