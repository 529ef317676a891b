/**
 * One offer of work as the worker sees it (/offers?offer=<id>; docs/decisions/194-offer-machine.md).
 *
 * start → answerable (open → confirming → accepting → accepted; open → declining → sendingDecline → declined). An
 * offer the worker can no longer take shows as filled, expired or withdrawn, from the route's read, a refusal of an
 * answer, or its deadline passing on the page (a delayed transition on the actor's clock, decision 225). A read or an
 * answer without reply is `failed` (retry reads again); an offer not the worker's to see is `unavailable`. Staffing
 * (decisions 263, 265): a selection offer is applied for, a full first-come one waited for, an accepted one given back
 * until its cut-off (`accepted.returnable` → `kept`); each step is the child `offerStep` (offer-step.machine.ts).
 *
 * Invariants
 * - `start` decides from the offer's status alone, in one place: after the route's read and after every reload.
 * - Accept only from `answerable.open`, first come, no shift overlapping a mission (`acceptable`); apply likewise for
 *   a selection offer (`applicable`). Nothing is sent without a confirmation just before.
 * - Once the deadline passes, nothing can be answered (`answerable`'s deadline leads to `expired`).
 * - A refusal that closes the offer shows that state (`closeOffer`); one that says it changed reads it again.
 * - The reason is at most OFFER_DECLINE_REASON_MAX characters (longer input is cut, as the field's maxLength does).
 *
 * Input: `{ id, offer, unavailable }`: GET /user/me/offers/{offer} as the route read it, or null when it could not.
 *
 * setup() entries carry their JSDoc (docs/machines/offer.md, decision 070); implementations read event and context (071).
 */
import { assertEvent, assign, sendTo, setup } from 'xstate';
import type { ErrorCode, Offer } from '#domain/api-schema.ts';
import { OFFER_DECLINE_REASON_MAX, canBeTaken, expiredAtDeadline } from '#domain/offers.ts';
import { OFFER_CHANGED_BY, OFFER_CLOSED_BY, OFFER_STEP_REFUSALS, OFFER_UNAVAILABLE_BY } from '#domain/refusals.ts';
import { clockNow, msUntil } from './clock.ts';
import { offerStepMachine, stepOf, stepOutput } from './offer-step.machine.ts';
import { errorCodeOf, errorOf, notProvided, outputOf, refusedWith } from './invokes.ts';
import type { OfferContext, OfferEvent, OfferInput } from './offer.types.ts';

const ANSWERS = ['acceptOffer', 'declineOffer'] as const;
/** The status a refusal of an answer closes the offer in, if it closes it. */
const closedBy = (event: { type: string }) => OFFER_CLOSED_BY[errorCodeOf(errorOf(event, ...ANSWERS)) as keyof typeof OFFER_CLOSED_BY] ?? null;
export const cutReason = (reason: string): string => Array.from(reason).slice(0, OFFER_DECLINE_REASON_MAX).join('');

export const offerMachine = setup({
  types: {
    context: {} as OfferContext,
    events: {} as OfferEvent,
    input: {} as OfferInput,
    tags: {} as 'busy' | 'dialogOpen',
    children: {} as { loadOffer: 'loadOffer'; acceptOffer: 'acceptOffer'; declineOffer: 'declineOffer'; offerStep: 'offerStep' },
  },
  actors: {
    /** GET /user/me/offers/{offer}. Input `{ id }`. Output `Offer`. Fails with `not_found` (no such offer) or `offer_not_for_you`. */
    loadOffer: notProvided<Offer, { id: string }>('loadOffer'),
    /** POST /user/me/offers/{offer}/accept. Input `{ id, confirmOverQuota }` (the dialog named the quota's consequence). Output the `Offer`, now accepted, with its missions. Fails with `offer_filled`, `offer_expired`, `offer_withdrawn`, `offer_overlap`, `offer_answered`. */
    acceptOffer: notProvided<Offer, { id: string; confirmOverQuota: boolean }>('acceptOffer'),
    /** POST /user/me/offers/{offer}/decline. Input `{ id, reason }` (an empty reason is none). Output the `Offer`, now declined. Fails as acceptOffer does. */
    declineOffer: notProvided<Offer, { id: string; reason: string }>('declineOffer'),
    /** A staffing step, confirmed then sent (machines/offer-step.machine.ts); its `sendStep` is the app's to supply. */
    offerStep: offerStepMachine,
  },
  delays: {
    /** Until the give-back cut-off (`giveBackUntil`), on the actor's clock; none left when there is none or it passed. */
    untilGiveBack: ({ context, system }) => (context.offer?.giveBackUntil ? msUntil(context.offer.giveBackUntil, clockNow(system)) : 0),
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
    /** Hands the worker's dialog event to the staffing step under way. */
    toStep: sendTo('offerStep', ({ event }) => event),
    /** Keeps the offer the staffing step answered. */
    keepStepOffer: assign({ offer: ({ context, event }) => stepOutput(event).offer ?? context.offer }),
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
    /** Open, first come, and none of its shifts overlaps one of the worker's missions. */
    acceptable: ({ context }) => canBeTaken(context.offer) && context.offer?.staffing !== 'selection',
    /** Open, staffed by the agency's choice, and no shift overlaps: the worker may apply. */
    applicable: ({ context }) => canBeTaken(context.offer) && context.offer?.staffing === 'selection',
    /** The offer's status is the one named: the worker's answer, no place left, past the deadline, withdrawn (decision 263). */
    statusIs: ({ context }, params: { status: Offer['status'] }) => context.offer?.status === params.status,
    /** First come, and no shift overlapping: a full one can be waited for (the server closes the line at the deadline). */
    canWait: ({ context }) => context.offer?.staffing === 'firstCome' && context.offer.shifts.every((s) => s.overlaps === null),
    /** The server refused the step (an error code): read the offer again to show why. */
    stepRefused: ({ event }) => OFFER_STEP_REFUSALS.includes(errorCodeOf(stepOutput(event).error) as ErrorCode),
    /** The step's call got no answer: `failed`, retry reads the offer again. */
    stepUnreached: ({ event }) => stepOutput(event).error !== null,
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
        { guard: { type: 'statusIs', params: { status: 'accepted' } }, target: 'accepted' },
        { guard: { type: 'statusIs', params: { status: 'declined' } }, target: 'declined' },
        { guard: { type: 'statusIs', params: { status: 'withdrawn' } }, target: 'withdrawn' },
        { guard: { type: 'statusIs', params: { status: 'filled' } }, target: 'filled' },
        { guard: { type: 'statusIs', params: { status: 'expired' } }, target: 'expired' },
        { guard: { type: 'statusIs', params: { status: 'applied' } }, target: 'applied' },
        { guard: { type: 'statusIs', params: { status: 'waitlisted' } }, target: 'waitlisted' },
        { guard: { type: 'statusIs', params: { status: 'notSelected' } }, target: 'notSelected' },
        { guard: { type: 'statusIs', params: { status: 'givenBack' } }, target: 'givenBack' },
        { guard: { type: 'statusIs', params: { status: 'setAside' } }, target: 'setAside' },
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
            'offer.apply': { guard: 'applicable', target: '#offer.stepping', description: 'A selection offer: apply, the agency chooses.' },
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
        input: ({ context }) => ({ id: context.id, confirmOverQuota: context.offer?.quota?.over === true }),
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
    stepping: {
      description: 'A staffing step under way (the child `offerStep`): its dialog, then its call.',
      tags: ['dialogOpen'],
      invoke: {
        id: 'offerStep',
        src: 'offerStep',
        input: ({ context, event }) => ({ id: context.id, step: stepOf(event), overQuota: context.offer?.quota?.over === true }),
        onDone: [
          { guard: 'stepRefused', target: 'loading' },
          { guard: 'stepUnreached', target: 'failed' },
          { target: 'start', actions: 'keepStepOffer' },
        ],
      },
      on: { 'offer.reason': { actions: 'toStep' }, 'offer.confirm': { actions: 'toStep' }, 'offer.cancel': { actions: 'toStep' } },
    },
    accepted: {
      description: 'The worker has the place: the missions are on their planning (and, for employees and students, a contract to sign).',
      initial: 'returnable',
      states: {
        returnable: { description: 'Until the cut-off, it can be given back.', after: { untilGiveBack: 'kept' }, on: { 'offer.giveBack': '#offer.stepping' } },
        kept: { description: 'From the cut-off on, the place is kept: "I can\'t come" is the way out.' },
      },
    },
    declined: { description: 'The worker declined it (with the reason they gave).' },
    filled: { description: 'No place is left; a first-come offer can be waited for.', on: { 'offer.joinWaitlist': { guard: 'canWait', target: 'stepping' } } },
    applied: { description: 'Applied: the agency chooses; withdrawable until the deadline.', on: { 'offer.withdrawApplication': 'stepping' } },
    waitlisted: { description: 'In line (position shown): a freed place goes at once to the first in line.', on: { 'offer.leaveWaitlist': 'stepping' } },
    notSelected: { description: 'The agency chose other workers.' },
    givenBack: { description: 'The worker gave the place back (with the reason they gave).' },
    setAside: { description: 'Withdrawn when the worker took an overlapping offer (which one is said).' },
    expired: { description: 'The time to answer is over.' },
    withdrawn: { description: 'The agency withdrew it; a mission taken from it is cancelled.' },
  },
});
