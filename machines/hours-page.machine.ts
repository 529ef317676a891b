/**
 * The hours page (/hours; docs/decisions/197-hours-machines.md, 226-hours-page-parent.md): the listed days, each
 * the actor of its own machine (machines/hours-day.machine.ts) that this machine spawns and addresses, and the
 * days ticked to confirm together (machines/hours-selection.machine.ts, invoked for the page's whole life).
 *
 * start → showing, or failed when the route could not read the days; a refused confirmation of several days (one
 * changed meanwhile) reads them again: loading → showing, or failed; retry reads them again.
 *
 * Invariants
 * - One day actor per listed day and version of its hours: `dayActorId` names it (mission, version, status). A day
 *   read again as it was keeps its actor (and what it shows: a form being typed); a day read again with other
 *   hours or another status gets a new one, which starts from the server's word; a day no longer listed stops.
 * - A confirmation of several days tells each of their actors the server's answer (`day.confirmedWithOthers`), so
 *   every card shows what the server did without reading the list again.
 * - The days' deadlines run on this actor's clock, which its children share (docs/decisions/225-deadlines-are-states.md).
 *
 * Input: `{ days, to }`: the days as the route read them (null when it could not), and the period's last day asked
 * (`?to=`, null for the latest weeks), which a read again keeps.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/hours-page.md, decision 070).
 */
import { assertEvent, enqueueActions, sendParent, setup } from 'xstate';
import type { HoursDay } from '#domain/api-schema.ts';
import { hoursDayMachine } from './hours-day.machine.ts';
import { hoursSelectionMachine } from './hours-selection.machine.ts';
import { notProvided, outputOf } from './invokes.ts';

export type HoursPageInput = { days: HoursDay[] | null; to: string | null };
export type HoursPageContext = HoursPageInput;
export type HoursPageEvent =
  | { type: 'days.retry' }
  /** From the selection: these days were confirmed together (the server's answer). */
  | { type: 'days.confirmed'; days: HoursDay[] }
  /** From the selection: a confirmation was refused because a day changed; read the list again. */
  | { type: 'days.reload' };

/** The selection as the page runs it: it tells the page what the server confirmed, or that the list must be read again. */
export const selectionForPage = hoursSelectionMachine.provide({
  actions: {
    daysConfirmed: sendParent(({ event }) => ({ type: 'days.confirmed', days: outputOf<HoursDay[]>(event, 'confirmDays') })),
    reloadDays: sendParent({ type: 'days.reload' }),
  },
});

/** The id of a listed day's actor: a day read again with other hours or another status is another actor. */
export const dayActorId = (day: Pick<HoursDay, 'mission' | 'version' | 'status'>): `day:${string}` => `day:${day.mission}:${day.version}:${day.status}`;

export const hoursPageMachine = setup({
  types: {
    context: {} as HoursPageContext,
    events: {} as HoursPageEvent,
    input: {} as HoursPageInput,
    tags: {} as 'busy',
    children: {} as { selection: 'hoursSelection'; loadDays: 'loadDays' } & { [id: `day:${string}`]: 'hoursDay' },
  },
  actors: {
    /** One listed day (machines/hours-day.machine.ts); its calls are the app's (`.provide()` of the page's logic). */
    hoursDay: hoursDayMachine,
    /** The days ticked to confirm together; it tells the page what the server confirmed, or that the list must be read again. */
    hoursSelection: selectionForPage,
    /** GET /user/me/hours for the period. Input `{ to }` (null: the latest weeks). Output the days (`HoursDay[]`). */
    loadDays: notProvided<HoursDay[], { to: string | null }>('loadDays'),
  },
  actions: {
    /** Starts the actor of every listed day. */
    spawnDays: enqueueActions(({ context, enqueue }) => {
      for (const day of context.days ?? []) enqueue.spawnChild('hoursDay', { id: dayActorId(day), input: { day } });
    }),
    /** Keeps the days read again: a day as it was keeps its actor, a changed one gets a new one, one no longer listed stops. */
    keepDays: enqueueActions(({ context, event, enqueue }) => {
      const days = outputOf<HoursDay[]>(event, 'loadDays');
      const kept = new Set(days.map(dayActorId));
      const running = new Set((context.days ?? []).map(dayActorId));
      for (const id of running) if (!kept.has(id)) enqueue.stopChild(id);
      for (const day of days) if (!running.has(dayActorId(day))) enqueue.spawnChild('hoursDay', { id: dayActorId(day), input: { day } });
      enqueue.assign({ days });
    }),
    /** Tells the actor of each day the selection confirmed what the server answered for it. */
    tellConfirmed: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'days.confirmed');
      for (const confirmed of event.days) {
        const listed = context.days?.find((day) => day.mission === confirmed.mission);
        if (listed) enqueue.sendTo(dayActorId(listed), { type: 'day.confirmedWithOthers', day: confirmed });
      }
    }),
  },
  guards: {
    /** The route read the days. */
    daysRead: ({ context }) => context.days !== null,
  },
}).createMachine({
  id: 'hoursPage',
  description: 'The hours page: the listed days (each its own actor), and the days ticked to confirm together.',
  context: ({ input }) => ({ days: input.days, to: input.to }),
  invoke: { id: 'selection', src: 'hoursSelection' },
  entry: 'spawnDays',
  initial: 'start',
  on: {
    'days.confirmed': { actions: 'tellConfirmed', description: 'The selection confirmed these days: each card shows it at once.' },
  },
  states: {
    start: {
      description: 'Transient: the days as the route read them, or that it could not.',
      always: [{ guard: 'daysRead', target: 'showing' }, { target: 'failed' }],
    },
    showing: {
      description: 'The days by week, each with its card; a tick box on each day to confirm.',
      on: { 'days.reload': { target: 'loading', description: 'A ticked day had changed: nothing was confirmed; the list is read again.' } },
    },
    loading: {
      description: 'Reading the days again (GET /user/me/hours for the period); the cards show the days as they were meanwhile.',
      tags: ['busy'],
      invoke: {
        id: 'loadDays',
        src: 'loadDays',
        input: ({ context }) => ({ to: context.to }),
        onDone: { target: 'showing', actions: 'keepDays' },
        onError: 'failed',
      },
    },
    failed: {
      description: 'The days could not be read (the worker was told why): retry reads them again; days read before stay shown.',
      on: { 'days.retry': 'loading', 'days.reload': 'loading' },
    },
  },
});
