/**
 * One month of availabilities (§2.13, §4).
 *
 * browsing { loading → viewing | loadFailed } ⇄ editing (the day dialog or the month dialog, `dialog` in context)
 * → persisting { saving → reloading } → browsing.viewing (with savedAt). Month navigation (previous, next, go to)
 * happens while browsing, never with a dialog open, and restarts the load of the month asked last. The two dialogs
 * behave alike (toggle, save, cancel, a failed save returns with the edits), so the chart draws them once. The
 * month editor adds shortcuts (docs/decisions/138-availability-today-past-and-shortcuts.md; availability.shortcuts.ts): fill a week, one slot of every day, or copy
 * the previous month, read by `copying` (a failure: `copyFailed`, edits intact). Nothing is saved before Save.
 *
 * Invariants
 * - `edits` holds exactly the days of the open dialog (one day, or every day of the month); it is empty whenever no
 *   dialog is open: cancelling a dialog drops its edits.
 * - The loading overlay is on exactly while `persisting` (entry/exit): the save, then the reload of the month (§4).
 * - `dialog` says which dialog is open ('day' or 'month') exactly while `editing` or `persisting`; a failed save
 *   returns to that dialog, edits intact.
 * - `data` is the month `year`/`month` as last loaded, or null while another month is being loaded.
 * - `savedAt` shows after a save of this month and is forgotten when the month changes.
 * - Shortcuts change only the open month editor's `edits`, never a past day (before `today`, from the input).
 *
 * setup() entries carry their JSDoc (listed in docs/machines/availability.md, decision 070); named implementations
 * read the event or the context themselves, so every reference in the config is static (decision 071). Types and
 * month arithmetic: availability.types.ts.
 */
import { assign, setup } from 'xstate';
import { asEdit, daysOf, isValidMonth, monthEdits, monthIndex, shiftMonth } from './availability.types.ts';
import type { AvailabilityContext, AvailabilityEdit, AvailabilityEvent, AvailabilityInput, AvailabilityMonth, YearMonth } from './availability.types.ts';
import { copyMonth, daysOfWeek, fillSlot, fillWeek, isPastDay, where } from './availability.shortcuts.ts';
import { eventOf, notProvided, notProvidedAction, outputOf } from './invokes.ts';

/** The month a `availability.goToMonth` asks for. */
const asked = (event: AvailabilityEvent): YearMonth => {
  const { year, month } = eventOf(event, 'availability.goToMonth');
  return { year, month };
};
/** Whether a day is the one an `availability.editDay` names. */
const isDayOf = (event: AvailabilityEvent) => (d: { day: number }) => d.day === eventOf(event, 'availability.editDay').day;
/** An edit with the slot of an `availability.toggle` flipped, when it is the day the toggle names. */
const toggled = (edit: AvailabilityEdit, { day, slot }: { day: number; slot: keyof Omit<AvailabilityEdit, 'day'> }): AvailabilityEdit =>
  edit.day === day ? { ...edit, [slot]: !edit[slot] } : edit;

export const availabilityMachine = setup({
  types: {
    context: {} as AvailabilityContext,
    events: {} as AvailabilityEvent,
    input: {} as AvailabilityInput,
    tags: {} as 'busy' | 'dialogOpen',
    children: {} as { loadMonth: 'loadMonth'; reloadMonth: 'loadMonth'; copyPreviousMonth: 'loadMonth'; saveMonth: 'saveMonth' },
  },
  actors: {
    /** GET /user/me/availabilities/{year}/{month}. Input `{ year, month }`. Output `AvailabilityMonth`. Invoked as `loadMonth`, as `reloadMonth` after a save, and as `copyPreviousMonth` for the month before. */
    loadMonth: notProvided<AvailabilityMonth, YearMonth>('loadMonth'),
    /** POST /user/me/availabilities/{year}/{month}. Input `{ year, month, edits }` (1–31 days). Output `{ savedAt }`, the ISO time the server accepted the edits (the actor stamps it; the machine never reads a clock). */
    saveMonth: notProvided<{ savedAt: string }, YearMonth & { edits: AvailabilityEdit[] }>('saveMonth'),
  },
  actions: {
    /** Provided by the app: shows the shared loading overlay (§2). */
    showOverlay: notProvidedAction('showOverlay'),
    /** Provided by the app: hides the shared loading overlay. */
    hideOverlay: notProvidedAction('hideOverlay'),
    /** Provided by the app: mirrors the month shown (`context.year`, `context.month`) in the URL (`?year=&month=`). */
    monthChanged: notProvidedAction('monthChanged'),
    /** Keeps the month as loaded (or loaded again after a save). */
    keepMonth: assign({ data: ({ event }) => outputOf<AvailabilityMonth>(event, 'loadMonth', 'reloadMonth') }),
    /** Moves to the previous or the next month (params `{ to: 'previous' | 'next' }`): forgets the loaded data and savedAt. */
    moveMonth: assign(({ context }, params: { to: 'previous' | 'next' }) => ({
      ...shiftMonth(context, params.to === 'next' ? 1 : -1),
      data: null,
      savedAt: null,
    })),
    /** Moves to the month of the `availability.goToMonth` event: forgets the loaded data and savedAt. */
    moveToAskedMonth: assign(({ event }) => ({ ...asked(event), data: null, savedAt: null })),
    /** Opens the day dialog with that day's slots (the day of the `availability.editDay` event) as edits. */
    openDay: assign(({ context, event }) => ({ dialog: 'day' as const, edits: daysOf(context.data).filter(isDayOf(event)).map(asEdit) })),
    /** Opens the month dialog with every day's slots as edits. */
    openMonth: assign({ dialog: 'month', edits: ({ context }) => monthEdits(context.data) }),
    /** Flips the slot of the day the `availability.toggle` event names. */
    toggleSlot: assign({ edits: ({ context, event }) => context.edits.map((edit) => toggled(edit, eventOf(event, 'availability.toggle'))) }),
    /** Closes the dialog and drops its edits. */
    closeDialog: assign({ dialog: null, edits: [] }),
    /** Fills (or, when full, clears) every slot of the open days of the `availability.fillWeek` event's week. */
    fillWeek: assign({
      edits: ({ context, event }) => fillWeek(context.edits, context.data, eventOf(event, 'availability.fillWeek').weekNumber, where(context)),
    }),
    /** Fills (or, when full, clears) the `availability.fillSlot` event's slot on every open day of the month. */
    fillSlot: assign({ edits: ({ context, event }) => fillSlot(context.edits, eventOf(event, 'availability.fillSlot').slot, where(context)) }),
    /** Puts the previous month's week pattern (the output of `copyPreviousMonth`) on the open days of the edits. */
    keepCopiedMonth: assign({
      edits: ({ context, event }) => copyMonth(context.edits, context.data, outputOf<AvailabilityMonth>(event, 'copyPreviousMonth'), where(context)),
    }),
    /** Keeps the time of the last save. */
    keepSavedAt: assign({ savedAt: ({ event }) => outputOf<{ savedAt: string }>(event, 'saveMonth').savedAt }),
  },
  guards: {
    /** The previous month is within what the API accepts (2000–2100). */
    hasPreviousMonth: ({ context }) => isValidMonth(shiftMonth(context, -1)),
    /** The next month is within what the API accepts (2000–2100). */
    hasNextMonth: ({ context }) => isValidMonth(shiftMonth(context, 1)),
    /** The `availability.goToMonth` event asks for a valid month other than the one shown. */
    isOtherValidMonth: ({ context, event }) => isValidMonth(asked(event)) && monthIndex(asked(event)) !== monthIndex(context),
    /** The `availability.editDay` event names a real day of the loaded month (not a padding day). */
    isDayOfMonth: ({ context, event }) => daysOf(context.data).some(isDayOf(event)),
    /** The `availability.toggle` event names a day of the open dialog. */
    isEditedDay: ({ context, event }) => context.edits.some((edit) => edit.day === eventOf(event, 'availability.toggle').day),
    /** The dialog has days to save. */
    hasEdits: ({ context }) => context.edits.length > 0,
    /** The month editor is open (the shortcuts are its own). */
    isMonthEditor: ({ context }) => context.dialog === 'month',
    /** The month editor is open and the `availability.fillWeek` event names a week of the loaded month with a day not past. */
    isWeekOfMonth: ({ context, event }) =>
      context.dialog === 'month' &&
      daysOfWeek(context.data, eventOf(event, 'availability.fillWeek').weekNumber).some((day) => !isPastDay(context, day, context.today)),
    /** The month editor is open and the month before is one the API accepts. */
    canCopyPreviousMonth: ({ context }) => context.dialog === 'month' && isValidMonth(shiftMonth(context, -1)),
  },
}).createMachine({
  id: 'availability',
  description: 'One month of morning, afternoon and evening availabilities, edited per day or for the whole month.',
  context: ({ input }) => ({ year: input.year, month: input.month, today: input.today ?? null, data: null, edits: [], dialog: null, savedAt: null }),
  initial: 'browsing',
  states: {
    browsing: {
      description: 'The month grid, and moving from month to month.',
      initial: 'loading',
      states: {
        loading: {
          description: 'Reading the month (GET /user/me/availabilities/{year}/{month}).',
          tags: ['busy'],
          invoke: {
            id: 'loadMonth',
            src: 'loadMonth',
            input: ({ context }) => ({ year: context.year, month: context.month }),
            onDone: { target: 'viewing', actions: 'keepMonth' },
            onError: 'loadFailed',
          },
        },
        loadFailed: {
          description: 'The month could not be read; retry, or move to another month.',
          on: { 'availability.retry': 'loading' },
        },
        viewing: {
          description: 'The month grid (Monday to Sunday plus the week number); after a save, "saved" with savedAt.',
          on: {
            'availability.editDay': {
              guard: 'isDayOfMonth',
              target: '#availability.editing',
              description: 'A click on a day of the month (not a padding day) opens its dialog.',
              actions: 'openDay',
            },
            'availability.editMonth': { target: '#availability.editing', actions: 'openMonth' },
          },
        },
      },
      on: {
        'availability.previousMonth': {
          guard: 'hasPreviousMonth',
          target: '.loading',
          reenter: true,
          description: 'Also while loading: the month asked last is the one loaded.',
          actions: [{ type: 'moveMonth', params: { to: 'previous' } }, 'monthChanged'],
        },
        'availability.nextMonth': {
          guard: 'hasNextMonth',
          target: '.loading',
          reenter: true,
          actions: [{ type: 'moveMonth', params: { to: 'next' } }, 'monthChanged'],
        },
        'availability.goToMonth': {
          guard: 'isOtherValidMonth',
          target: '.loading',
          reenter: true,
          description: 'The URL asks for another month (the month shown is ignored, so URL and machine never loop).',
          actions: ['moveToAskedMonth', 'monthChanged'],
        },
      },
    },
    editing: {
      description:
        'A dialog is open: one day with its three slots, or the whole month with a row of three checkboxes per day (`dialog` says which); both save and cancel alike.',
      tags: ['dialogOpen'],
      initial: 'idle',
      states: {
        idle: { description: 'Toggling the slots.' },
        saveFailed: { description: 'The save failed; the edits are intact and can be saved again.' },
        copying: {
          description: 'Reading the previous month for the "copy the previous month" shortcut; the editor stays usable.',
          invoke: {
            id: 'copyPreviousMonth',
            src: 'loadMonth',
            input: ({ context }) => shiftMonth(context, -1),
            onDone: { target: 'idle', actions: 'keepCopiedMonth' },
            onError: 'copyFailed',
          },
        },
        copyFailed: { description: 'The previous month could not be read; the edits are intact; copy again or go on by hand.' },
      },
      on: {
        'availability.toggle': { guard: 'isEditedDay', actions: 'toggleSlot' },
        'availability.fillWeek': { guard: 'isWeekOfMonth', actions: 'fillWeek' },
        'availability.fillSlot': { guard: 'isMonthEditor', actions: 'fillSlot' },
        'availability.copyPreviousMonth': {
          guard: 'canCopyPreviousMonth',
          target: '.copying',
          reenter: true,
          description: 'Only in the month editor; the edits change when the month arrives, nothing is saved.',
        },
        'availability.save': { guard: 'hasEdits', target: 'persisting' },
        'availability.cancel': { target: 'browsing.viewing', description: 'Closing the dialog drops its edits.', actions: 'closeDialog' },
      },
    },
    persisting: {
      description: 'Saving then reloading the month, with the loading overlay on (§4). The dialog stays open behind it.',
      tags: ['busy', 'dialogOpen'],
      entry: 'showOverlay',
      exit: 'hideOverlay',
      initial: 'saving',
      states: {
        saving: {
          description: 'POST /user/me/availabilities/{year}/{month} with the edited days.',
          invoke: {
            id: 'saveMonth',
            src: 'saveMonth',
            input: ({ context }) => ({ year: context.year, month: context.month, edits: context.edits }),
            onDone: { target: 'reloading', actions: 'keepSavedAt' },
            onError: { target: '#availability.editing.saveFailed', description: 'Back to the dialog it came from, edits intact.' },
          },
        },
        reloading: {
          description: 'Reading the month again, so the grid shows what the server kept.',
          invoke: {
            id: 'reloadMonth',
            src: 'loadMonth',
            input: ({ context }) => ({ year: context.year, month: context.month }),
            onDone: { target: '#availability.browsing.viewing', actions: ['closeDialog', 'keepMonth'] },
            onError: {
              target: '#availability.browsing.loadFailed',
              description: 'The edits are saved (savedAt is set) but the month could not be read again.',
              actions: 'closeDialog',
            },
          },
        },
      },
    },
  },
});
