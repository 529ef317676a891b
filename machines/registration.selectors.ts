/** What the registration view reads from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { registrationMachine } from './registration.machine.ts';

export type RegistrationActor = ActorRefFrom<typeof registrationMachine>;
export type RegistrationSnapshot = SnapshotFrom<typeof registrationMachine>;

/** Sending, or registered (the form stays disabled while the worker is taken to the login). */
export const isBusy = (s: RegistrationSnapshot): boolean => s.hasTag('busy') || s.matches('registered');
/** The address already has an account: said on the e-mail field. */
export const isEmailTaken = (s: RegistrationSnapshot): boolean => s.matches({ editing: 'emailTaken' });
export const hasFailed = (s: RegistrationSnapshot): boolean => s.matches({ editing: 'failed' });
