/**
 * The worker's calendar feed on /planning (§12): a secret address calendar apps subscribe to.
 *
 * start → none → creating → active (the address shown) ⇄ confirming → revoking → none, or renewing → active with
 * a new address. The route reads the feed's state with the planning (input); when it could not, `unknown` offers
 * to read it again (`loading`).
 *
 * Invariants
 * - The address exists only in this actor's context, and only after this page made it (create or renew): the
 *   server keeps a hash of its secret and never answers it again (docs/decisions/110-calendar-feed.md). A worker
 *   who comes back sees "active since …" (`active.hidden`); "New address" makes a fresh one to show.
 * - Stopping the feed and replacing its address cut off the calendars subscribed with it: both ask to confirm
 *   first; cancelling goes back to the address as it was (shown or hidden).
 * - A failed call leaves the feed as it was (a failed stop keeps it active, a failed renewal keeps the old address).
 * - A creation refused because a feed is already active (another tab, another device) reads the state again: the
 *   page never cuts off a subscription it did not know of.
 *
 * Input: `{ status }`: GET /user/me/calendar-feed as the route read it, or null when it could not.
 *
 * Actors, actions and guards are described by the JSDoc on their setup() entries, which `npm run machines:docs`
 * lists in docs/machines/calendar-feed.md (docs/decisions/070-machine-docs-generation.md).
 */
import { assign, setup } from 'xstate';
import type { CalendarFeedAddress, CalendarFeedStatus } from '#domain/api-schema.ts';
import { notProvided, notProvidedAction, outputOf, refusedWith } from './invokes.ts';
import type { NotifyParams } from './notify.ts';

/** The feed's state and a new address are the contract's (#domain/api-schema.ts). */
export type FeedStatus = CalendarFeedStatus;
export type FeedAddress = CalendarFeedAddress;

export type CalendarFeedContext = {
  /** The feed's state as last known; null while it could not be read. */
  status: FeedStatus | null;
  /** The address this page made (create or renew), or null: it cannot be read back from the server. */
  address: FeedAddress | null;
};

export type CalendarFeedEvent =
  | { type: 'feed.create' }
  | { type: 'feed.copy' }
  | { type: 'feed.revoke' }
  | { type: 'feed.renew' }
  | { type: 'feed.confirm' }
  | { type: 'feed.cancel' }
  | { type: 'feed.retry' };

const NO_FEED: FeedStatus = { active: false, createdAt: null, lastFetchedAt: null };

export const calendarFeedMachine = setup({
  types: {
    context: {} as CalendarFeedContext,
    events: {} as CalendarFeedEvent,
    input: {} as { status: FeedStatus | null },
    tags: {} as 'busy',
    children: {} as { loadFeed: 'loadFeed'; createFeed: 'createFeed'; copyAddress: 'copyAddress'; revokeFeed: 'revokeFeed'; renewFeed: 'renewFeed' },
  },
  actors: {
    /** GET /user/me/calendar-feed. Output `FeedStatus`. */
    loadFeed: notProvided<FeedStatus>('loadFeed'),
    /** POST /user/me/calendar-feed. Output `FeedAddress` (201). Fails with code `calendar_feed_active` when one is active already. */
    createFeed: notProvided<FeedAddress>('createFeed'),
    /** Writes the address to the clipboard. Input `{ text }`. Fails when the browser refuses (no permission, no secure context). */
    copyAddress: notProvided<void, { text: string }>('copyAddress'),
    /** POST /user/me/calendar-feed/revoke. Output nothing (204). */
    revokeFeed: notProvided<void>('revokeFeed'),
    /** POST /user/me/calendar-feed/renew. Output the new `FeedAddress` (201); the old one answers 404 from now on. */
    renewFeed: notProvided<FeedAddress>('renewFeed'),
  },
  actions: {
    /** Provided by the app: a toast; `calendarFeed_stopped` once the feed is stopped. Params `{ type, msg }`. */
    notify: notProvidedAction<NotifyParams>('notify'),
    /** Keeps the state loadFeed read. */
    setStatus: assign({ status: ({ event }) => outputOf<FeedStatus>(event, 'loadFeed') }),
    /** Keeps the address createFeed or renewFeed made (the feed is active since then, not yet read by any app). */
    keepAddress: assign(({ event }) => {
      const address = outputOf<FeedAddress>(event, 'createFeed', 'renewFeed');
      return { address, status: { active: true, createdAt: address.createdAt, lastFetchedAt: null } };
    }),
    /** The feed is stopped: no address, no state to show but "none". */
    forgetFeed: assign({ address: null, status: NO_FEED }),
  },
  guards: {
    /** The known state is an active feed. */
    feedActive: ({ context }) => context.status?.active === true,
    /** The state is known, and no feed is active. */
    feedInactive: ({ context }) => context.status !== null && !context.status.active,
    /** This page made the address, so it can show and copy it. */
    addressKnown: ({ context }) => context.address !== null,
    /** The creation was refused because a feed is already active (409 `calendar_feed_active`). */
    feedAlreadyActive: ({ event }) => refusedWith(event, ['createFeed'], ['calendar_feed_active']),
  },
}).createMachine({
  id: 'calendarFeed',
  description: "The worker's calendar feed: create it, see and copy its address, replace it, stop it.",
  context: ({ input }) => ({ status: input.status, address: null }),
  initial: 'start',
  states: {
    start: {
      description: 'Decides what to show from the known state: an active feed, none, or that it could not be read.',
      always: [{ guard: 'feedActive', target: 'active' }, { guard: 'feedInactive', target: 'none' }, { target: 'unknown' }],
    },
    unknown: {
      description: 'The state of the feed could not be read; the worker may try again.',
      on: { 'feed.retry': 'loading' },
    },
    loading: {
      description: 'Reading the state of the feed (GET /user/me/calendar-feed).',
      tags: ['busy'],
      invoke: { id: 'loadFeed', src: 'loadFeed', onDone: { target: 'start', actions: 'setStatus' }, onError: 'unknown' },
    },

    none: {
      description: 'No feed: "Add to my calendar" and what it does.',
      initial: 'idle',
      states: {
        idle: { description: 'Nothing asked yet, or the feed was just stopped.' },
        createFailed: { description: 'The feed could not be created; the worker may try again.' },
      },
      on: { 'feed.create': 'creating' },
    },
    creating: {
      description: 'Creating the feed (POST /user/me/calendar-feed).',
      tags: ['busy'],
      invoke: {
        id: 'createFeed',
        src: 'createFeed',
        onDone: { target: 'active.shown', actions: 'keepAddress' },
        onError: [
          {
            guard: 'feedAlreadyActive',
            target: 'loading',
            description: 'Another page made one meanwhile: read its state rather than replace it.',
          },
          { target: 'none.createFailed' },
        ],
      },
    },

    active: {
      description: 'The feed is active: since when, when a calendar app last read it; "New address" and "Stop the feed".',
      initial: 'hidden',
      states: {
        hidden: {
          description: 'Made on an earlier visit: its address cannot be shown again (only a hash of it is kept); "New address" shows a fresh one.',
        },
        shown: {
          description: 'The address this page made: copy it, open it as webcal://, or scan its QR code.',
          initial: 'idle',
          states: {
            idle: { description: 'The address, its copy button, the webcal link and the QR code.' },
            copying: {
              description: 'Writing the address to the clipboard.',
              invoke: {
                id: 'copyAddress',
                src: 'copyAddress',
                input: ({ context }) => ({ text: context.address?.url ?? '' }),
                onDone: 'copied',
                onError: 'copyFailed',
              },
            },
            copied: { description: 'Copied: the worker pastes it in their calendar app.' },
            copyFailed: { description: 'The browser refused the clipboard: the address is selected to copy by hand.' },
          },
        },
        confirming: {
          description: 'Asks before cutting off the calendars subscribed with this address.',
          initial: 'revoke',
          states: {
            revoke: {
              description: 'Stop the feed? Calendar apps subscribed with it stop receiving the missions.',
              on: { 'feed.confirm': '#calendarFeed.revoking' },
            },
            renew: {
              description: 'Replace the address? The old one stops working; calendars must subscribe again.',
              on: { 'feed.confirm': '#calendarFeed.renewing' },
            },
          },
          on: {
            'feed.cancel': [
              { guard: 'addressKnown', target: '#calendarFeed.active.shown', description: 'Back to the address as it was.' },
              { target: '#calendarFeed.active.hidden' },
            ],
          },
        },
        revokeFailed: { description: 'The feed could not be stopped; it is still active.' },
        renewFailed: { description: 'No new address could be made; the old one still works.' },
      },
      on: {
        'feed.copy': { guard: 'addressKnown', target: '.shown.copying', description: 'Only the address this page made can be copied.' },
        'feed.revoke': '.confirming.revoke',
        'feed.renew': '.confirming.renew',
      },
    },
    revoking: {
      description: 'Stopping the feed (POST /user/me/calendar-feed/revoke).',
      tags: ['busy'],
      invoke: {
        id: 'revokeFeed',
        src: 'revokeFeed',
        onDone: { target: 'none', actions: ['forgetFeed', { type: 'notify', params: { type: 'success', msg: 'calendarFeed_stopped' } }] },
        onError: 'active.revokeFailed',
      },
    },
    renewing: {
      description: 'Replacing the address (POST /user/me/calendar-feed/renew).',
      tags: ['busy'],
      invoke: { id: 'renewFeed', src: 'renewFeed', onDone: { target: 'active.shown', actions: 'keepAddress' }, onError: 'active.renewFailed' },
    },
  },
});
