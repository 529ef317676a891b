/** What the offer's view reads from its snapshot (views never re-derive these rules). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Offer, OfferShift } from '#domain/api-schema.ts';
import type { offerMachine } from './offer.machine.ts';
import type { OfferStepActor } from './offer-step.selectors.ts';
import type { OfferUnavailable } from './offer.types.ts';

export type OfferSnapshot = SnapshotFrom<typeof offerMachine>;
/** The offer page's actor, as its route starts it and its view takes it. */
export type OfferActor = ActorRefFrom<typeof offerMachine>;
/** What the page shows, whatever is under way. */
export type OfferView =
  | 'loading'
  | 'failed'
  | 'unavailable'
  | 'open'
  | 'accepted'
  | 'declined'
  | 'filled'
  | 'expired'
  | 'withdrawn'
  | 'applied'
  | 'waitlisted'
  | 'notSelected'
  | 'givenBack'
  | 'setAside';
const CLOSED = ['accepted', 'declined', 'filled', 'expired', 'withdrawn', 'applied', 'waitlisted', 'notSelected', 'givenBack', 'setAside'] as const;

export function offerView(s: OfferSnapshot): OfferView {
  if (s.matches('loading') || s.matches('start')) return 'loading';
  if (s.matches('failed')) return 'failed';
  if (s.matches('unavailable')) return 'unavailable';
  // A staffing step under way shows the offer as it was, its dialog over it.
  if (s.matches('stepping')) return CLOSED.find((v) => v === s.context.offer?.status) ?? 'open';
  for (const closed of CLOSED) if (s.matches(closed)) return closed;
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

/** Which dialog is open, if any: the accept confirmation (naming the shifts), the decline reason, or a staffing step's. */
export function dialog(s: OfferSnapshot): 'accept' | 'decline' | 'step' | null {
  if (s.matches({ answerable: 'confirming' }) || s.matches('accepting')) return 'accept';
  if (s.matches({ answerable: 'declining' }) || s.matches('sendingDecline')) return 'decline';
  if (s.matches('stepping')) return 'step';
  return null;
}

/** The staffing steps the page offers now (decisions 260-262): each opens its dialog. */
export const canApply = (s: OfferSnapshot): boolean => s.can({ type: 'offer.apply' });
export const canWithdrawApplication = (s: OfferSnapshot): boolean => s.can({ type: 'offer.withdrawApplication' });
export const canJoinWaitlist = (s: OfferSnapshot): boolean => s.can({ type: 'offer.joinWaitlist' });
export const canLeaveWaitlist = (s: OfferSnapshot): boolean => s.can({ type: 'offer.leaveWaitlist' });
export const mayGiveBack = (s: OfferSnapshot): boolean => s.can({ type: 'offer.giveBack' });
/** Accepted and past the give-back cut-off: the page points to "I can't come". */
export const pastGiveBack = (s: OfferSnapshot): boolean => s.matches({ accepted: 'kept' });
/** The staffing step under way (its dialog reads it through offer-step.selectors.ts), or undefined. */
export const stepActor = (s: OfferSnapshot): OfferStepActor | undefined => (s.matches('stepping') ? s.children.offerStep : undefined);
/** The student's quota against this offer, or null (decision 264). */
export const quotaOf = (s: OfferSnapshot): Offer['quota'] => s.context.offer?.quota ?? null;

export const isAccepting = (s: OfferSnapshot): boolean => s.matches('accepting');
export const isDeclining = (s: OfferSnapshot): boolean => s.matches('sendingDecline');
export const reasonOf = (s: OfferSnapshot): string => s.context.reason;
