/** What an offer's staffing-step dialog reads from the child's snapshot (machines/offer-step.machine.ts). */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { OfferStepKind, offerStepMachine } from './offer-step.machine.ts';

export type { OfferStepKind };

export type OfferStepSnapshot = SnapshotFrom<typeof offerStepMachine>;
/** The step under way, as the offer machine invoked it (`offerStep`). */
export type OfferStepActor = ActorRefFrom<typeof offerStepMachine>;

/** Which step the dialog is for: what pressing it means. */
export const stepKind = (s: OfferStepSnapshot): OfferStepKind => s.context.step;
/** The give-back reason as typed (cut to its maximum). */
export const stepReason = (s: OfferStepSnapshot): string => s.context.reason;
/** The step would pass the student's quota: the dialog names the consequence, and the step says the worker knows it. */
export const stepOverQuota = (s: OfferStepSnapshot): boolean => s.context.overQuota;
/** The step is on its way to the server. */
export const stepSending = (s: OfferStepSnapshot): boolean => s.hasTag('busy');
/** The step can be confirmed now (a give-back needs a reason that is not blank). */
export const stepReady = (s: OfferStepSnapshot): boolean => s.can({ type: 'offer.confirm' });
