/** What the offer's view reads from its snapshot (views never re-derive these rules). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Offer, OfferShift } from '#domain/api-schema.ts';
import type { offerMachine } from './offer.machine.ts';
import type { OfferUnavailable } from './offer.types.ts';

export type OfferSnapshot = SnapshotFrom<typeof offerMachine>;
/** The offer page's actor, as its route starts it and its view takes it. */
export type OfferActor = ActorRefFrom<typeof offerMachine>;
/** What the page shows, whatever is under way. */
export type OfferView = 'loading' | 'failed' | 'unavailable' | 'open' | 'accepted' | 'declined' | 'filled' | 'expired' | 'withdrawn';

export function offerView(s: OfferSnapshot): OfferView {
  if (s.matches('loading') || s.matches('start')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('unavailable')) return 'unavailable';
  for (const closed of ['accepted', 'declined', 'filled', 'expired', 'withdrawn'] as const) if (s.matches(closed)) return closed;
  return 'open';
}

/** The offer as last known (also while a dialog is open or a call is under way); null when it could not be read. */
export const offerOf = (s: OfferSnapshot): Offer | null => s.context.offer;
/** Why the offer is not the worker's to see (`unavailable`), else null. */
export const unavailableWhy = (s: OfferSnapshot): OfferUnavailable | null => (s.matches('unavailable') ? s.context.unavailable : null);
/** The shifts that overlap one of the worker's missions: while there is one, the offer cannot be accepted. */
export const overlappingShifts = (s: OfferSnapshot): OfferShift[] => s.context.offer?.shifts.filter((shift) => shift.overlaps !== null) ?? [];

export const canAccept = (s: OfferSnapshot): boolean => s.can({ type: 'offer.accept' });
export const canDecline = (s: OfferSnapshot): boolean => s.can({ type: 'offer.decline' });
export const canRetry = (s: OfferSnapshot): boolean => s.can({ type: 'offer.retry' });
export const isBusy = (s: OfferSnapshot): boolean => s.hasTag('busy');

/** Which dialog is open, if any: the accept confirmation (naming the shifts) or the decline reason. */
export function dialog(s: OfferSnapshot): 'accept' | 'decline' | null {
  if (s.matches({ answerable: 'confirming' }) || s.matches('accepting')) return 'accept';
  if (s.matches({ answerable: 'declining' }) || s.matches('sendingDecline')) return 'decline';
  return null;
}

export const isAccepting = (s: OfferSnapshot): boolean => s.matches('accepting');
export const isDeclining = (s: OfferSnapshot): boolean => s.matches('sendingDecline');
export const reasonOf = (s: OfferSnapshot): string => s.context.reason;
