/**
 * A recorded day of hours as the worker sees it on /hours (docs/decisions/197-hours-machines.md).
 *
 * start → toConfirm (confirm in one tap, or contest) | confirmed | autoConfirmed | contested | resolved.
 * toConfirm → confirming → confirmed; → contesting (the form) → saving → contested; the deadline passes (`confirmBy`,
 * the server's setting after the recording) → autoConfirmed.
 *
 * Invariants
 * - What the day is comes from the server: every answer (a confirm, a contest, a read) goes through `start`, which
 *   shows the status the server gave. The page never decides a day is confirmed or contested on its own, except
 *   when its deadline passes while the page is open (the delayed transitions of `toConfirm` and of the form while
 *   it is not being sent, on the actor's clock: docs/decisions/225-deadlines-are-states.md); the server would say the
 *   same on the next read.
 * - A refusal (409: the deadline passed, the client corrected the hours, another tab answered) reads the day again
 *   (`loading`) and shows what it is now; a failure (network, server) keeps the day to confirm, with the contest
 *   form as the worker typed it (`contesting.saveFailed`), to try again.
 * - The contest form starts from the client's hours; a refusal of its values (422) keeps them with the server's
 *   field messages (`contesting.editing`).
 *
 * Input: `{ day }`, as GET /user/me/hours answered it.
 *
 * setup() entries carry their JSDoc (listed in docs/machines/hours-day.md, decision 070).
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ErrorCode, FieldError, HoursDay, HoursDayVersion } from '#domain/api-schema.ts';
import { HOURS_REFUSAL_BY_STATUS } from '#domain/hours.ts';
import { clockNow, msUntil } from './clock.ts';
import type { ContestDraft } from './hours.types.ts';
import { errorOf, notProvided, outputOf, refusedWith } from './invokes.ts';

export type HoursDayContext = {
  day: HoursDay;
  /** What the worker typed in the contest form (kept through a failed or refused save); null when closed. */
  draft: ContestDraft | null;
  /** The server's messages for the form's fields after a 422. */
  fieldErrors: FieldError[];
};

export type HoursDayEvent =
  | { type: 'day.confirm' }
  | { type: 'day.contest' }
  | { type: 'contest.submit'; draft: ContestDraft }
  | { type: 'contest.cancel' }
  | { type: 'day.confirmedWithOthers'; day: HoursDay }
  | { type: 'day.retry' };

/** A refusal that says the day is no longer what the page shows (409, or 404): read it again rather than retry. */
const CHANGED: readonly ErrorCode[] = [...Object.values(HOURS_REFUSAL_BY_STATUS), 'hours_changed', 'not_found'];
const ANSWERS = ['confirmDay', 'contestDay', 'loadDay'];

export const hoursDayMachine = setup({
  types: {
    context: {} as HoursDayContext,
    events: {} as HoursDayEvent,
    input: {} as { day: HoursDay },
    tags: {} as 'busy' | 'selectable',
    children: {} as { confirmDay: 'confirmDay'; contestDay: 'contestDay'; loadDay: 'loadDay' },
  },
  actors: {
    /** POST /user/me/hours/confirm with this one day. Input `HoursDayVersion`. Output the day (`HoursDay`), confirmed. */
    confirmDay: notProvided<HoursDay, HoursDayVersion>('confirmDay'),
    /** POST /user/me/hours/{mission}/contest. Input `{ day: HoursDayVersion, draft }`. Output the day, contested. */
    contestDay: notProvided<HoursDay, { day: HoursDayVersion; draft: ContestDraft }>('contestDay'),
    /** GET /user/me/hours for the day's date. Input `{ mission, date }`. Output the day as it is now. */
    loadDay: notProvided<HoursDay, { mission: string; date: string }>('loadDay'),
  },
  delays: {
    /** Until the day's deadline (`confirmBy`), on the actor's clock; none left once it has passed. */
    untilConfirmBy: ({ context, system }) => msUntil(context.day.confirmBy, clockNow(system)),
  },
  actions: {
    /** Keeps the day the server answered (a confirm, a contest, a read). */
    keepDay: assign({ day: ({ event }) => outputOf<HoursDay>(event, ...ANSWERS) }),
    /** Keeps the day a confirmation of several days answered (`day.confirmedWithOthers`). */
    keepConfirmedDay: assign({
      day: ({ event }) => {
        assertEvent(event, 'day.confirmedWithOthers');
        return event.day;
      },
    }),
    /** Keeps what the worker submitted, so that a failed or refused save loses nothing. */
    keepDraft: assign({
      draft: ({ event }) => {
        assertEvent(event, 'contest.submit');
        return event.draft;
      },
      fieldErrors: [],
    }),
    /** Keeps the server's messages for the form's fields (422). */
    keepFieldErrors: assign({ fieldErrors: ({ event }) => ((errorOf(event, 'contestDay') as { fields?: FieldError[] }).fields ?? []).slice() }),
    /** The deadline passed while the page was open: the day reads as the server would now answer it (its form closed). */
    markAutoConfirmed: assign({
      day: ({ context }) => ({ ...context.day, status: 'autoConfirmed' as const, confirmedAt: context.day.confirmBy }),
      draft: null,
      fieldErrors: [],
    }),
    /** Closes the form: no draft, no messages. */
    forgetForm: assign({ draft: null, fieldErrors: [] }),
  },
  guards: {
    /** The day, as last known, is waiting for the worker's answer. */
    isToConfirm: ({ context }) => context.day.status === 'toConfirm',
    /** The worker confirmed it. */
    isConfirmed: ({ context }) => context.day.status === 'confirmed',
    /** Its deadline passed without an answer. */
    isAutoConfirmed: ({ context }) => context.day.status === 'autoConfirmed',
    /** The worker contested it; the agency has not decided yet. */
    isContested: ({ context }) => context.day.status === 'contested',
    /** The server refused because the day is no longer to confirm, or not as shown (409, or 404). */
    dayChanged: ({ event }) => refusedWith(event, ['confirmDay', 'contestDay'], CHANGED),
    /** The server refused the form's values (422). */
    valuesRefused: ({ event }) => refusedWith(event, ['contestDay'], ['validation_failed']),
  },
}).createMachine({
  id: 'hoursDay',
  description: "A recorded day of hours: the client's hours, confirmed or contested by the worker, or confirmed on their own at the deadline.",
  context: ({ input }) => ({ day: input.day, draft: null, fieldErrors: [] }),
  initial: 'start',
  states: {
    start: {
      description: 'Shows the day as the server says it is: after the page loads, and after every answer.',
      always: [
        { guard: 'isToConfirm', target: 'toConfirm' },
        { guard: 'isConfirmed', target: 'confirmed' },
        { guard: 'isAutoConfirmed', target: 'autoConfirmed' },
        { guard: 'isContested', target: 'contested' },
        { target: 'resolved' },
      ],
    },
    toConfirm: {
      description: "The client's hours wait for the worker until the deadline: confirm them in one tap, or contest them.",
      tags: ['selectable'],
      initial: 'idle',
      states: {
        idle: { description: 'Confirm, contest, or tick the day to confirm it with others; the time left shows.' },
        confirmFailed: { description: 'The confirmation did not go through (network, server): the day is still to confirm; try again.' },
      },
      after: { untilConfirmBy: { target: 'autoConfirmed', actions: 'markAutoConfirmed', description: 'The deadline passed while the page was open.' } },
      on: {
        'day.confirm': 'confirming',
        'day.contest': 'contesting',
        'day.confirmedWithOthers': { target: 'confirmed', actions: 'keepConfirmedDay', description: 'Confirmed with the other days ticked on the page.' },
      },
    },
    confirming: {
      description: 'Confirming the day (POST /user/me/hours/confirm).',
      tags: ['busy'],
      invoke: {
        id: 'confirmDay',
        src: 'confirmDay',
        input: ({ context }) => ({ mission: context.day.mission, version: context.day.version }),
        onDone: { target: 'start', actions: 'keepDay' },
        onError: [
          { guard: 'dayChanged', target: 'loading', description: 'Refused: the day changed meanwhile; show what it is now.' },
          { target: 'toConfirm.confirmFailed' },
        ],
      },
    },
    contesting: {
      description: "The contest form, starting from the client's hours: start, end, break and the reason. Cancel closes it, except while it is being sent.",
      initial: 'editing',
      states: {
        editing: {
          description: 'The worker fills in the hours they worked and why (with the server’s messages after a refusal).',
          after: { untilConfirmBy: { target: '#hoursDay.autoConfirmed', actions: 'markAutoConfirmed', description: 'Too late to contest: the form closes.' } },
          on: { 'contest.submit': { target: 'saving', actions: 'keepDraft' }, 'contest.cancel': { target: '#hoursDay.toConfirm', actions: 'forgetForm' } },
        },
        saving: {
          description: 'Sending the contest (POST /user/me/hours/{mission}/contest).',
          tags: ['busy'],
          invoke: {
            id: 'contestDay',
            src: 'contestDay',
            input: ({ context }) => ({ day: { mission: context.day.mission, version: context.day.version }, draft: context.draft! }),
            onDone: { target: '#hoursDay.start', actions: ['keepDay', 'forgetForm'] },
            onError: [
              { guard: 'valuesRefused', target: 'editing', actions: 'keepFieldErrors' },
              {
                guard: 'dayChanged',
                target: '#hoursDay.loading',
                actions: 'forgetForm',
                description: 'Refused: the day can no longer be contested; show what it is now.',
              },
              { target: 'saveFailed' },
            ],
          },
        },
        saveFailed: {
          description: 'The contest did not go through (network, server): the form keeps what the worker typed; send it again.',
          after: { untilConfirmBy: { target: '#hoursDay.autoConfirmed', actions: 'markAutoConfirmed', description: 'Too late to send it again.' } },
          on: { 'contest.submit': { target: 'saving', actions: 'keepDraft' }, 'contest.cancel': { target: '#hoursDay.toConfirm', actions: 'forgetForm' } },
        },
      },
    },
    loading: {
      description: 'Reading the day again after a refusal (GET /user/me/hours for its date).',
      tags: ['busy'],
      invoke: {
        id: 'loadDay',
        src: 'loadDay',
        input: ({ context }) => ({ mission: context.day.mission, date: context.day.date }),
        onDone: { target: 'start', actions: 'keepDay' },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'The day could not be read again; the worker may try again.',
      on: { 'day.retry': 'loading' },
    },
    confirmed: { description: 'The worker confirmed the hours: they will be paid as recorded.' },
    autoConfirmed: { description: 'Confirmed on their own: the deadline passed without an answer.' },
    contested: { description: 'Contested: the agency looks into the hours the worker gave; the outcome shows here.' },
    resolved: { description: "The agency decided: the worker's hours are paid, or the client's stand, with its note." },
  },
});
