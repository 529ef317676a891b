/**
 * One offer of work as the worker sees it (/offers/$offerId; docs/decisions/194-offer-machine.md).
 *
 * start → open → confirming (the dialog names the shifts) → accepting → accepted; or open → declining (an optional
 * reason, then sending) → declined. An offer the worker can no longer take shows as filled, expired or withdrawn,
 * from the route's read or from the server's refusal of an answer. A read that failed, or an answer that got no reply,
 * is `failed`: retry reads the offer again (`loading`), so an answer that did arrive shows as given.
 *
 * Invariants
 * - `start` decides from the offer's status alone, in one place: after the route's read and after every reload.
 * - Accept is possible only from `open` and only when no shift overlaps one of the worker's missions (`acceptable`):
 *   the server refuses it anyway (`offer_overlap`); the screen never offers it.
 * - Nothing is sent without a confirmation just before (`confirming` for accept, `declining.asking` for decline).
 * - A refusal that closes the offer (filled, expired, withdrawn) shows that state with the offer marked so
 *   (`closeOffer`); a refusal that says the offer changed under the worker (an overlap with a mission made meanwhile,
 *   an answer given elsewhere) reads it again; anything else is `failed`.
 * - The reason is at most OFFER_DECLINE_REASON_MAX characters (longer input is cut, as the field's maxLength does).
 *
 * Input: `{ id, offer }`: GET /user/me/offers/{offer} as the route read it, or null when it could not.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/offer.md, decision 070); named implementations read the
 * event or the context themselves, so every reference in the config is static (decision 071).
 */
import { assign, setup } from 'xstate';
import { errorCodeOf, errorOf, notProvided, outputOf } from './invokes.ts';
import { OFFER_DECLINE_REASON_MAX, type Offer, type OfferContext, type OfferEvent, type OfferInput, type OfferStatus } from './offer.types.ts';

const ANSWERS = ['acceptOffer', 'declineOffer'] as const;
/** The code of the refusal of an answer (accept or decline). */
const refusal = (event: { type: string }) => errorCodeOf(errorOf(event, ...ANSWERS));
/** The state a refusal closes the offer in. */
const CLOSED_BY: Record<string, OfferStatus> = { offer_filled: 'filled', offer_expired: 'expired', offer_withdrawn: 'withdrawn' };

const statusIs =
  (status: OfferStatus) =>
  ({ context }: { context: OfferContext }) =>
    context.offer?.status === status;
export const canBeAccepted = (offer: Offer | null): boolean => offer?.status === 'open' && offer.shifts.every((shift) => shift.overlaps === null);
export const cutReason = (reason: string): string => Array.from(reason).slice(0, OFFER_DECLINE_REASON_MAX).join('');

export const offerMachine = setup({
  types: {
    context: {} as OfferContext,
    events: {} as OfferEvent,
    input: {} as OfferInput,
    tags: {} as 'busy' | 'dialogOpen',
    children: {} as { loadOffer: 'loadOffer'; acceptOffer: 'acceptOffer'; declineOffer: 'declineOffer' },
  },
  actors: {
    /** GET /user/me/offers/{offer}. Input `{ id }`. Output `Offer`. */
    loadOffer: notProvided<Offer, { id: string }>('loadOffer'),
    /** POST /user/me/offers/{offer}/accept. Input `{ id }`. Output the `Offer`, now accepted, with its missions. Fails with `offer_filled`, `offer_expired`, `offer_withdrawn`, `offer_overlap`, `offer_answered`. */
    acceptOffer: notProvided<Offer, { id: string }>('acceptOffer'),
    /** POST /user/me/offers/{offer}/decline. Input `{ id, reason }` (an empty reason is none). Output the `Offer`, now declined. Fails as acceptOffer does. */
    declineOffer: notProvided<Offer, { id: string; reason: string }>('declineOffer'),
  },
  actions: {
    /** Keeps the offer the server answered (read, accepted or declined). */
    keepOffer: assign({ offer: ({ event }) => outputOf<Offer>(event, 'loadOffer', ...ANSWERS) }),
    /** Marks the offer as the refusal of an answer says it now is: filled (no place left), expired or withdrawn. */
    closeOffer: assign({
      offer: ({ context, event }) => {
        const status = CLOSED_BY[refusal(event) ?? ''];
        if (!context.offer || !status) return context.offer;
        return { ...context.offer, status, placesLeft: status === 'filled' ? 0 : context.offer.placesLeft };
      },
    }),
    /** Keeps the reason of the `offer.reason` event, cut to its maximum length. */
    setReason: assign({ reason: ({ context, event }) => (event.type === 'offer.reason' ? cutReason(event.reason) : context.reason) }),
  },
  guards: {
    /** The offer could not be read. */
    noOffer: ({ context }) => context.offer === null,
    /** The worker took a place. */
    isAccepted: statusIs('accepted'),
    /** The worker declined it. */
    isDeclined: statusIs('declined'),
    /** The agency withdrew it. */
    isWithdrawn: statusIs('withdrawn'),
    /** No place is left. */
    isFilled: statusIs('filled'),
    /** Its deadline has passed. */
    isExpired: statusIs('expired'),
    /** Open, and none of its shifts overlaps one of the worker's missions. */
    acceptable: ({ context }) => canBeAccepted(context.offer),
    /** The answer was refused because no place is left (`offer_filled`). */
    refusedFilled: ({ event }) => refusal(event) === 'offer_filled',
    /** The answer was refused because the deadline passed (`offer_expired`). */
    refusedExpired: ({ event }) => refusal(event) === 'offer_expired',
    /** The answer was refused because the agency withdrew the offer (`offer_withdrawn`). */
    refusedWithdrawn: ({ event }) => refusal(event) === 'offer_withdrawn',
    /** The offer changed under the worker: a shift now overlaps a mission (`offer_overlap`), or they answered elsewhere (`offer_answered`). */
    changedMeanwhile: ({ event }) => ['offer_overlap', 'offer_answered'].includes(refusal(event) ?? ''),
  },
}).createMachine({
  id: 'offer',
  description: 'One offer of work: read it, take a place or decline it, or see why it can no longer be taken.',
  context: ({ input }) => ({ id: input.id, offer: input.offer, reason: '' }),
  initial: 'start',
  states: {
    start: {
      description: "Transient: shows the offer by its status (or that it could not be read), after the route's read and every reload.",
      always: [
        { guard: 'noOffer', target: 'failed' },
        { guard: 'isAccepted', target: 'accepted' },
        { guard: 'isDeclined', target: 'declined' },
        { guard: 'isWithdrawn', target: 'withdrawn' },
        { guard: 'isFilled', target: 'filled' },
        { guard: 'isExpired', target: 'expired' },
        { target: 'open' },
      ],
    },
    loading: {
      description: 'Reading the offer (GET /user/me/offers/{offer}).',
      tags: ['busy'],
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'start', actions: 'keepOffer' },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The offer could not be read, or an answer got no reply: retry reads it again (an answer that did arrive then shows).',
      on: { 'offer.retry': 'loading' },
    },
    open: {
      description: 'A place can be taken: what, where, when, wage, places left and time left; Accept (unless a shift overlaps a mission) and Decline.',
      on: {
        'offer.accept': { guard: 'acceptable', target: 'confirming', description: 'Not while a shift overlaps one of the worker’s missions.' },
        'offer.decline': 'declining',
      },
    },
    confirming: {
      description: 'The confirmation names the shifts the worker commits to: Confirm or Cancel.',
      tags: ['dialogOpen'],
      on: { 'offer.confirm': 'accepting', 'offer.cancel': 'open' },
    },
    accepting: {
      description: 'Taking a place (POST /user/me/offers/{offer}/accept): the missions are made at once.',
      tags: ['busy', 'dialogOpen'],
      invoke: {
        id: 'acceptOffer',
        src: 'acceptOffer',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'start', actions: 'keepOffer' },
        onError: [
          { guard: 'refusedFilled', target: 'filled', actions: 'closeOffer', description: 'Another worker took the last place first.' },
          { guard: 'refusedExpired', target: 'expired', actions: 'closeOffer' },
          { guard: 'refusedWithdrawn', target: 'withdrawn', actions: 'closeOffer' },
          { guard: 'changedMeanwhile', target: 'loading', description: 'Read the offer again to show what changed.' },
          { target: 'failed' },
        ],
      },
    },
    declining: {
      description: 'Declining: an optional reason for the agency, then sending it.',
      initial: 'asking',
      states: {
        asking: {
          description: 'The dialog with the optional reason: Decline or Cancel.',
          tags: ['dialogOpen'],
          on: { 'offer.reason': { actions: 'setReason' }, 'offer.confirm': 'sending', 'offer.cancel': '#offer.open' },
        },
        sending: {
          description: 'Sending the answer (POST /user/me/offers/{offer}/decline).',
          tags: ['busy', 'dialogOpen'],
          invoke: {
            id: 'declineOffer',
            src: 'declineOffer',
            input: ({ context }) => ({ id: context.id, reason: context.reason }),
            onDone: { target: '#offer.start', actions: 'keepOffer' },
            onError: [
              { guard: 'refusedFilled', target: '#offer.filled', actions: 'closeOffer' },
              { guard: 'refusedExpired', target: '#offer.expired', actions: 'closeOffer' },
              { guard: 'refusedWithdrawn', target: '#offer.withdrawn', actions: 'closeOffer' },
              { guard: 'changedMeanwhile', target: '#offer.loading' },
              { target: '#offer.failed' },
            ],
          },
        },
      },
    },
    accepted: { description: 'The worker has the place: the missions are on their planning (and, for employees and students, a contract to sign).' },
    declined: { description: 'The worker declined it (with the reason they gave).' },
    filled: { description: 'No place is left: "this offer was just filled".' },
    expired: { description: 'The time to answer is over.' },
    withdrawn: { description: 'The agency withdrew it; a mission taken from it is cancelled.' },
  },
});
