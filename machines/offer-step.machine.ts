/**
 * One staffing step of an offer, confirmed then sent (docs/decisions/265-offer-step-child.md): apply to a selection
 * offer, withdraw the application, join or leave a full offer's waitlist, give an accepted place back with a reason.
 * The offer machine (machines/offer.machine.ts) invokes it as `offerStep` and forwards the worker's dialog events to
 * it; its output says how it ended.
 *
 * confirming (the dialog says what the step means; a give-back needs a reason) → sending → done (the offer as the
 * server answered it) | refused (the server's error, for the parent to read the offer again or fail); or cancelled.
 *
 * Invariants
 * - Nothing is sent without the worker's confirmation in the dialog just before.
 * - A give-back is sent only with a reason that is not blank, cut to OFFER_GIVE_BACK_REASON_MAX characters.
 * - A step that would pass a student's quota is sent with `confirmOverQuota`: the dialog named the consequence.
 *
 * Input: `{ id, step, overQuota }`.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/offer-step.md, decision 070).
 */
import { assertEvent, assign, setup, type DoneActorEvent } from 'xstate';
import type { Offer } from '#domain/api-schema.ts';
import { OFFER_GIVE_BACK_REASON_MAX } from '#domain/offer-staffing.ts';
import { errorOf, notProvided, outputOf } from './invokes.ts';

export type OfferStepKind = 'apply' | 'withdrawApplication' | 'joinWaitlist' | 'leaveWaitlist' | 'giveBack';
export type OfferStepInput = { id: string; step: OfferStepKind; overQuota: boolean };
export type OfferStepContext = OfferStepInput & { reason: string; offer: Offer | null; error: unknown };
export type OfferStepEvent = { type: 'offer.reason'; reason: string } | { type: 'offer.confirm' } | { type: 'offer.cancel' };
/** How the step ended: the offer as now answered, the server's refusal, or nothing (cancelled). */
export type OfferStepOutput = { offer: Offer | null; error: unknown; cancelled: boolean };
export type OfferStepSend = { id: string; step: OfferStepKind; reason: string; confirmOverQuota: boolean };

const STEPS: Record<string, OfferStepKind> = {
  'offer.apply': 'apply',
  'offer.withdrawApplication': 'withdrawApplication',
  'offer.joinWaitlist': 'joinWaitlist',
  'offer.leaveWaitlist': 'leaveWaitlist',
  'offer.giveBack': 'giveBack',
};
/** The step a parent's event starts. */
export const stepOf = (event: { type: string }): OfferStepKind => STEPS[event.type] ?? 'apply';
/** The output of the step, in the parent's done event. */
export const stepOutput = (event: { type: string }): OfferStepOutput => (event as DoneActorEvent<OfferStepOutput>).output;

export const cutGiveBackReason = (reason: string): string => Array.from(reason).slice(0, OFFER_GIVE_BACK_REASON_MAX).join('');

export const offerStepMachine = setup({
  types: {
    context: {} as OfferStepContext,
    events: {} as OfferStepEvent,
    input: {} as OfferStepInput,
    output: {} as OfferStepOutput,
    tags: {} as 'busy' | 'dialogOpen',
    children: {} as { sendStep: 'sendStep' },
  },
  actors: {
    /**
     * POST /user/me/offers/{offer}/apply, withdraw-application, waitlist, leave-waitlist or give-back, by `step`. Input
     * `OfferStepSend`. Output the `Offer` as now answered. Fails with the codes of `OfferClosed` (openapi.yaml).
     */
    sendStep: notProvided<Offer, OfferStepSend>('sendStep'),
  },
  actions: {
    /** Keeps the reason of the `offer.reason` event, cut to its maximum length. */
    setReason: assign({
      reason: ({ event }) => {
        assertEvent(event, 'offer.reason');
        return cutGiveBackReason(event.reason);
      },
    }),
    /** Keeps the offer the server answered. */
    keepOffer: assign({ offer: ({ event }) => outputOf<Offer>(event, 'sendStep') }),
    /** Keeps the server's refusal (or the failure to reach it). */
    keepError: assign({ error: ({ event }) => errorOf(event, 'sendStep') ?? null }),
  },
  guards: {
    /** Ready to send: any step but a give-back, or a give-back with a reason that is not blank. */
    ready: ({ context }) => context.step !== 'giveBack' || context.reason.trim() !== '',
  },
}).createMachine({
  id: 'offerStep',
  description: 'One staffing step of an offer: the dialog says what it means, then it is sent.',
  context: ({ input }) => ({ ...input, reason: '', offer: null, error: null }),
  initial: 'confirming',
  states: {
    confirming: {
      description: 'The dialog: what the step means (and, over the quota, its consequence); a give-back asks its reason.',
      tags: ['dialogOpen'],
      on: {
        'offer.reason': { actions: 'setReason' },
        'offer.confirm': { guard: 'ready', target: 'sending', description: 'A give-back waits for its reason.' },
        'offer.cancel': 'cancelled',
      },
    },
    sending: {
      description: 'Sending the step to the server.',
      tags: ['busy', 'dialogOpen'],
      invoke: {
        id: 'sendStep',
        src: 'sendStep',
        input: ({ context }) => ({ id: context.id, step: context.step, reason: context.reason.trim(), confirmOverQuota: context.overQuota }),
        onDone: { target: 'done', actions: 'keepOffer' },
        onError: { target: 'refused', actions: 'keepError' },
      },
    },
    done: { type: 'final', description: 'The server answered the offer as it now is.' },
    refused: { type: 'final', description: 'The server refused the step, or could not be reached.' },
    cancelled: { type: 'final', description: 'The worker closed the dialog: nothing was sent.' },
  },
  output: ({ context }) => ({ offer: context.offer, error: context.error, cancelled: context.offer === null && context.error === null }),
});
