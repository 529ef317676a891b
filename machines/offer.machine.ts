/**
 * One offer of work as the worker sees it (/offers?offer=<id>; docs/decisions/194-offer-machine.md).
 *
 * start → answerable (open → confirming: the dialog names the shifts → accepting → accepted; or open → declining: an
 * optional reason → sendingDecline → declined). An offer the worker can no longer take shows as filled, expired or
 * withdrawn, from the route's read, from the server's refusal of an answer, or from its deadline passing while the
 * page is open (`answerable`'s delayed transition, on the actor's clock: docs/decisions/225-deadlines-are-states.md).
 * A read that failed, or an answer that got no reply, is `failed`: retry reads the offer again (`loading`), so an
 * answer that did arrive shows as given. An offer that is not the worker's to see is `unavailable`: nothing to retry.
 *
 * Invariants
 * - `start` decides from the offer's status alone, in one place: after the route's read and after every reload.
 * - Accept is possible only from `answerable.open` and only when no shift overlaps one of the worker's missions
 *   (`acceptable`): the server refuses it anyway (`offer_overlap`); the screen never offers it.
 * - Nothing is sent without a confirmation just before (`confirming` for accept, `declining` for decline).
 * - Once the deadline passes, nothing can be answered: every state where the worker could still answer is inside
 *   `answerable`, whose deadline leads to `expired` (a call already under way is the server's to decide).
 * - A refusal that closes the offer (filled, expired, withdrawn) shows that state with the offer marked so
 *   (`closeOffer`); a refusal that says the offer changed under the worker reads it again; anything else is `failed`.
 * - The reason is at most OFFER_DECLINE_REASON_MAX characters (longer input is cut, as the field's maxLength does).
 *
 * Input: `{ id, offer, unavailable }`: GET /user/me/offers/{offer} as the route read it, or null when it could not.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/offer.md, decision 070); named implementations read the
 * event or the context themselves, so every reference in the config is static (decision 071).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { Offer } from '#domain/api-schema.ts';
import { OFFER_DECLINE_REASON_MAX, canBeTaken, expiredAtDeadline } from '#domain/offers.ts';
import { OFFER_CHANGED_BY, OFFER_CLOSED_BY, OFFER_UNAVAILABLE_BY } from '#domain/refusals.ts';
import { clockNow, msUntil } from './clock.ts';
import { errorCodeOf, errorOf, notProvided, outputOf, refusedWith } from './invokes.ts';
import type { OfferContext, OfferEvent, OfferInput } from './offer.types.ts';

const ANSWERS = ['acceptOffer', 'declineOffer'] as const;
/** The status a refusal of an answer closes the offer in, if it closes it. */
const closedBy = (event: { type: string }) => OFFER_CLOSED_BY[errorCodeOf(errorOf(event, ...ANSWERS)) as keyof typeof OFFER_CLOSED_BY] ?? null;
const statusIs =
  (status: Offer['status']) =>
  ({ context }: { context: OfferContext }) =>
    context.offer?.status === status;
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
    /** GET /user/me/offers/{offer}. Input `{ id }`. Output `Offer`. Fails with `not_found` (no such offer) or `offer_not_for_you`. */
    loadOffer: notProvided<Offer, { id: string }>('loadOffer'),
    /** POST /user/me/offers/{offer}/accept. Input `{ id }`. Output the `Offer`, now accepted, with its missions. Fails with `offer_filled`, `offer_expired`, `offer_withdrawn`, `offer_overlap`, `offer_answered`. */
    acceptOffer: notProvided<Offer, { id: string }>('acceptOffer'),
    /** POST /user/me/offers/{offer}/decline. Input `{ id, reason }` (an empty reason is none). Output the `Offer`, now declined. Fails as acceptOffer does. */
    declineOffer: notProvided<Offer, { id: string; reason: string }>('declineOffer'),
  },
  delays: {
    /** Until the offer's deadline (`answerBy`), on the actor's clock; none left once it has passed. */
    untilDeadline: ({ context, system }) => (context.offer ? msUntil(context.offer.answerBy, clockNow(system)) : 0),
  },
  actions: {
    /** Keeps the offer the server answered (read, accepted or declined). */
    keepOffer: assign({ offer: ({ event }) => outputOf<Offer>(event, 'loadOffer', ...ANSWERS) }),
    /** Marks the offer as the refusal of an answer says it now is: filled (no place left), expired or withdrawn. */
    closeOffer: assign({
      offer: ({ context, event }) => {
        const status = closedBy(event);
        if (!context.offer || !status) return context.offer;
        return { ...context.offer, status, placesLeft: status === 'filled' ? 0 : context.offer.placesLeft };
      },
    }),
    /** The deadline passed while the page was open: the offer reads as the server now answers it (expired). */
    markExpired: assign({ offer: ({ context }) => context.offer && expiredAtDeadline(context.offer) }),
    /** Keeps why the server will not show the offer to this worker (a read refused with `not_found` or `offer_not_for_you`). */
    keepUnavailable: assign({ unavailable: ({ event }) => errorCodeOf(errorOf(event, 'loadOffer')) as OfferContext['unavailable'] }),
    /** Keeps the reason of the `offer.reason` event, cut to its maximum length. */
    setReason: assign({
      reason: ({ event }) => {
        assertEvent(event, 'offer.reason');
        return cutReason(event.reason);
      },
    }),
  },
  guards: {
    /** The server said the offer is not the worker's to see. */
    isUnavailable: ({ context }) => context.unavailable !== null,
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
    acceptable: ({ context }) => canBeTaken(context.offer),
    /** The read was refused: no such offer, or not sent to this worker (`not_found`, `offer_not_for_you`). */
    refusedUnavailable: ({ event }) => refusedWith(event, ['loadOffer'], OFFER_UNAVAILABLE_BY),
    /** The answer was refused because no place is left (`offer_filled`). */
    refusedFilled: ({ event }) => closedBy(event) === 'filled',
    /** The answer was refused because the deadline passed (`offer_expired`). */
    refusedExpired: ({ event }) => closedBy(event) === 'expired',
    /** The answer was refused because the agency withdrew the offer (`offer_withdrawn`). */
    refusedWithdrawn: ({ event }) => closedBy(event) === 'withdrawn',
    /** The offer changed under the worker: a shift now overlaps a mission (`offer_overlap`), or they answered elsewhere (`offer_answered`). */
    changedMeanwhile: ({ event }) => refusedWith(event, ANSWERS, OFFER_CHANGED_BY),
  },
}).createMachine({
  id: 'offer',
  description: 'One offer of work: read it, take a place or decline it, or see why it can no longer be taken.',
  context: ({ input }) => ({ id: input.id, offer: input.offer, unavailable: input.unavailable ?? null, reason: '' }),
  initial: 'start',
  states: {
    start: {
      description: "Transient: shows the offer by its status (or that it could not be read), after the route's read and every reload.",
      always: [
        { guard: 'isUnavailable', target: 'unavailable' },
        { guard: 'noOffer', target: 'failed' },
        { guard: 'isAccepted', target: 'accepted' },
        { guard: 'isDeclined', target: 'declined' },
        { guard: 'isWithdrawn', target: 'withdrawn' },
        { guard: 'isFilled', target: 'filled' },
        { guard: 'isExpired', target: 'expired' },
        { target: 'answerable' },
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
        onError: [{ guard: 'refusedUnavailable', target: 'unavailable', actions: 'keepUnavailable' }, { target: 'failed' }],
      },
    },
    failed: {
      description: 'The offer could not be read, or an answer got no reply: retry reads it again (an answer that did arrive then shows).',
      on: { 'offer.retry': 'loading' },
    },
    unavailable: { description: 'No such offer among the worker’s (an unknown one, or one not sent to them): nothing to retry, the list is one tap away.' },
    answerable: {
      description: 'Until its deadline a place can be taken: what, where, when, wage, places left and time left, with Accept and Decline.',
      initial: 'open',
      after: {
        untilDeadline: { target: 'expired', actions: 'markExpired', description: 'The deadline passed while the page was open (a dialog closes with it).' },
      },
      states: {
        open: {
          description: 'Accept (unless a shift overlaps a mission) and Decline.',
          on: {
            'offer.accept': { guard: 'acceptable', target: 'confirming', description: 'Not while a shift overlaps one of the worker’s missions.' },
            'offer.decline': 'declining',
          },
        },
        confirming: {
          description: 'The confirmation names the shifts the worker commits to: Confirm or Cancel.',
          tags: ['dialogOpen'],
          on: { 'offer.confirm': '#offer.accepting', 'offer.cancel': 'open' },
        },
        declining: {
          description: 'The dialog with the optional reason for the agency: Decline or Cancel.',
          tags: ['dialogOpen'],
          on: { 'offer.reason': { actions: 'setReason' }, 'offer.confirm': '#offer.sendingDecline', 'offer.cancel': 'open' },
        },
      },
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
    sendingDecline: {
      description: 'Sending the answer (POST /user/me/offers/{offer}/decline).',
      tags: ['busy', 'dialogOpen'],
      invoke: {
        id: 'declineOffer',
        src: 'declineOffer',
        input: ({ context }) => ({ id: context.id, reason: context.reason }),
        onDone: { target: 'start', actions: 'keepOffer' },
        onError: [
          { guard: 'refusedFilled', target: 'filled', actions: 'closeOffer' },
          { guard: 'refusedExpired', target: 'expired', actions: 'closeOffer' },
          { guard: 'refusedWithdrawn', target: 'withdrawn', actions: 'closeOffer' },
          { guard: 'changedMeanwhile', target: 'loading' },
          { target: 'failed' },
        ],
      },
    },
    accepted: { description: 'The worker has the place: the missions are on their planning (and, for employees and students, a contract to sign).' },
    declined: { description: 'The worker declined it (with the reason they gave).' },
    filled: { description: 'No place is left: "this offer was just filled".' },
    expired: { description: 'The time to answer is over.' },
    withdrawn: { description: 'The agency withdrew it; a mission taken from it is cancelled.' },
  },
});
