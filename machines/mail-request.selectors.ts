/** What the mail-request views read from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { mailRequestMachine } from './mail-request.machine.ts';

export type MailRequestActor = ActorRefFrom<typeof mailRequestMachine>;
export type MailRequestSnapshot = SnapshotFrom<typeof mailRequestMachine>;

export const isBusy = (s: MailRequestSnapshot): boolean => s.hasTag('busy');
/** The mail went out: the view confirms it (and says to which address). */
export const isSent = (s: MailRequestSnapshot): boolean => s.matches('sent');
/** The last request failed; asking again is allowed. */
export const hasFailed = (s: MailRequestSnapshot): boolean => s.matches('failed');
