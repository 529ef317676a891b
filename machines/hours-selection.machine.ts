/**
 * The days ticked on /hours to confirm several at once (docs/decisions/197-hours-machines.md).
 *
 * empty ⇄ choosing (tick, untick) → confirming → empty, the days confirmed; a refusal → stale (nothing was confirmed,
 * the list is read again); a failure → choosing.failed, the ticks kept, to try again. It runs as a child of the hours
 * page (machines/hours-page.machine.ts), which provides the two actions that tell it.
 *
 * Invariants
 * - All or none: the server confirms every ticked day in one call, or none (openapi.yaml confirmHours). So a success
 *   confirms exactly the ticked days (`daysConfirmed` tells each day's actor with the server's answer), a refusal
 *   leaves every day as it was, and the ticks go (the list is read again: some day changed meanwhile).
 * - Only days to confirm can be ticked: the page offers the tick on them alone, and drops a ticked day that stops
 *   being one (confirmed alone, contested, its 48 hours over) with `selection.drop`.
 * - Confirm needs at least one ticked day (the state `choosing`).
 *
 * setup() entries carry their JSDoc (listed in docs/machines/hours-selection.md, decision 070).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { HoursDay, HoursDayVersion } from '#domain/api-schema.ts';
import { HOURS_CONFIRM_REFUSALS } from '#domain/refusals.ts';
import { notProvided, notProvidedAction, outputOf, refusedWith } from './invokes.ts';

export type HoursSelectionContext = {
  /** The ticked days, in the order ticked, each with the version of the hours the worker saw. */
  selected: HoursDayVersion[];
  /** The missions the last confirmation confirmed (the page says how many). */
  lastConfirmed: string[];
};

export type HoursSelectionEvent =
  | { type: 'selection.toggle'; day: HoursDayVersion }
  | { type: 'selection.drop'; mission: string }
  | { type: 'selection.clear' }
  | { type: 'selection.confirm' };

/** The mission an event names (tick, untick, drop). */
function missionOf(event: HoursSelectionEvent): string {
  assertEvent(event, ['selection.toggle', 'selection.drop']);
  return event.type === 'selection.toggle' ? event.day.mission : event.mission;
}

export const hoursSelectionMachine = setup({
  types: {
    context: {} as HoursSelectionContext,
    events: {} as HoursSelectionEvent,
    tags: {} as 'busy',
    children: {} as { confirmDays: 'confirmDays' },
  },
  actors: {
    /** POST /user/me/hours/confirm. Input `{ days: HoursDayVersion[] }` (the ticked ones). Output the days (`HoursDay[]`), confirmed. */
    confirmDays: notProvided<HoursDay[], { days: HoursDayVersion[] }>('confirmDays'),
  },
  actions: {
    /** Provided by the hours page: tells each confirmed day's actor (`day.confirmedWithOthers`) with the server's answer. */
    daysConfirmed: notProvidedAction('daysConfirmed'),
    /** Provided by the hours page: reads the list again after a refusal (some day changed meanwhile). */
    reloadDays: notProvidedAction('reloadDays'),
    /** Ticks the day of a `selection.toggle`, or unticks it when it is ticked. */
    toggle: assign({
      selected: ({ context, event }) => {
        assertEvent(event, 'selection.toggle');
        const { day } = event;
        return context.selected.some((d) => d.mission === day.mission) ? context.selected.filter((d) => d.mission !== day.mission) : [...context.selected, day];
      },
      lastConfirmed: [],
    }),
    /** Unticks the day of a `selection.drop`. */
    drop: assign({ selected: ({ context, event }) => context.selected.filter((d) => d.mission !== missionOf(event)) }),
    /** No day ticked. */
    clear: assign({ selected: [] }),
    /** Keeps which days the server confirmed, and unticks them all. */
    keepConfirmed: assign({ lastConfirmed: ({ event }) => outputOf<HoursDay[]>(event, 'confirmDays').map((d) => d.mission), selected: [] }),
  },
  guards: {
    /** The event names the one day ticked: unticking it leaves none. */
    onlyOneTicked: ({ context, event }) => context.selected.length === 1 && context.selected[0]!.mission === missionOf(event),
    /** The event names a ticked day. */
    isTicked: ({ context, event }) => context.selected.some((d) => d.mission === missionOf(event)),
    /** The server refused the days (409, or 404 for a day that is not the worker's): one of them changed meanwhile; nothing was confirmed. */
    refused: ({ event }) => refusedWith(event, ['confirmDays'], [...HOURS_CONFIRM_REFUSALS, 'not_found']),
  },
}).createMachine({
  id: 'hoursSelection',
  description: 'The days to confirm ticked on the hours page, confirmed together in one call.',
  context: { selected: [], lastConfirmed: [] },
  initial: 'empty',
  states: {
    empty: {
      description: 'No day ticked (after a confirmation, it says how many days were confirmed).',
      on: { 'selection.toggle': { target: 'choosing', actions: 'toggle' } },
    },
    choosing: {
      description: 'Some days ticked: "Confirm the N days" confirms them together.',
      initial: 'idle',
      states: {
        idle: { description: 'Tick or untick days, or confirm them.' },
        failed: { description: 'The confirmation did not go through (network, server): the ticks stay; try again.' },
      },
      on: {
        'selection.toggle': [
          { guard: 'onlyOneTicked', target: 'empty', actions: 'toggle', description: 'Unticking the last day.' },
          { target: '.idle', actions: 'toggle' },
        ],
        'selection.drop': [
          { guard: 'onlyOneTicked', target: 'empty', actions: 'drop', description: 'The last ticked day stopped being to confirm.' },
          { guard: 'isTicked', target: '.idle', actions: 'drop' },
        ],
        'selection.clear': { target: 'empty', actions: 'clear' },
        'selection.confirm': 'confirming',
      },
    },
    confirming: {
      description: 'Confirming the ticked days together (POST /user/me/hours/confirm), all or none.',
      tags: ['busy'],
      invoke: {
        id: 'confirmDays',
        src: 'confirmDays',
        input: ({ context }) => ({ days: context.selected }),
        onDone: { target: 'empty', actions: ['keepConfirmed', 'daysConfirmed'] },
        onError: [
          {
            guard: 'refused',
            target: 'stale',
            actions: ['clear', 'reloadDays'],
            description: 'A day changed meanwhile: nothing was confirmed; the list is read again.',
          },
          { target: 'choosing.failed' },
        ],
      },
    },
    stale: {
      description:
        'Nothing was confirmed: a ticked day had changed (confirmed on its own, contested or corrected). The list shows them as they are now; tick again.',
      on: { 'selection.toggle': { target: 'choosing', actions: 'toggle' } },
    },
  },
});
