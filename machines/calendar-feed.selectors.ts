/** What the calendar feed's view reads from its snapshot (views never re-derive these rules), and its actor's type. */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FeedAddress, calendarFeedMachine } from './calendar-feed.machine.ts';

export type CalendarFeedActor = ActorRefFrom<typeof calendarFeedMachine>;
export type CalendarFeedSnapshot = SnapshotFrom<typeof calendarFeedMachine>;
/** What the panel shows: the feed's state, whatever is under way. */
export type CalendarFeedView = 'unknown' | 'loading' | 'none' | 'active';

export function feedView(s: CalendarFeedSnapshot): CalendarFeedView {
  if (s.matches('unknown')) return 'unknown';
  if (s.matches('loading') || s.matches('start')) return 'loading';
  if (s.matches('none') || s.matches('creating')) return 'none';
  return 'active';
}

/** The address this page made (create or renew), to show, copy and encode as a QR code; null otherwise. */
export const feedAddress = (s: CalendarFeedSnapshot): FeedAddress | null => (feedView(s) === 'active' ? s.context.address : null);
/** When the active feed was made, and when a calendar app last read it (ISO date-times, or null). */
export const activeSince = (s: CalendarFeedSnapshot): string | null => (feedView(s) === 'active' ? (s.context.status?.createdAt ?? null) : null);
export const lastReadAt = (s: CalendarFeedSnapshot): string | null => (feedView(s) === 'active' ? (s.context.status?.lastFetchedAt ?? null) : null);

export const isBusy = (s: CalendarFeedSnapshot): boolean => s.hasTag('busy');
export const isCreating = (s: CalendarFeedSnapshot): boolean => s.matches('creating');
export const isRevoking = (s: CalendarFeedSnapshot): boolean => s.matches('revoking');
export const isRenewing = (s: CalendarFeedSnapshot): boolean => s.matches('renewing');

/** Which confirmation is asked, if any. */
export function confirming(s: CalendarFeedSnapshot): 'revoke' | 'renew' | null {
  if (s.matches({ active: { confirming: 'revoke' } })) return 'revoke';
  if (s.matches({ active: { confirming: 'renew' } })) return 'renew';
  return null;
}

/** Which call just failed, if any (the feed is as it was). */
export function failure(s: CalendarFeedSnapshot): 'create' | 'revoke' | 'renew' | null {
  if (s.matches({ none: 'createFailed' })) return 'create';
  if (s.matches({ active: 'revokeFailed' })) return 'revoke';
  if (s.matches({ active: 'renewFailed' })) return 'renew';
  return null;
}

/** The copy button's outcome: nothing yet, under way, done, or refused by the browser. */
export function copyState(s: CalendarFeedSnapshot): 'idle' | 'copying' | 'copied' | 'failed' {
  if (s.matches({ active: { shown: 'copying' } })) return 'copying';
  if (s.matches({ active: { shown: 'copied' } })) return 'copied';
  if (s.matches({ active: { shown: 'copyFailed' } })) return 'failed';
  return 'idle';
}

export const canCreate = (s: CalendarFeedSnapshot): boolean => s.can({ type: 'feed.create' });
export const canCopy = (s: CalendarFeedSnapshot): boolean => s.can({ type: 'feed.copy' });
export const canRevoke = (s: CalendarFeedSnapshot): boolean => s.can({ type: 'feed.revoke' });
export const canRenew = (s: CalendarFeedSnapshot): boolean => s.can({ type: 'feed.renew' });
