/**
 * One month of availabilities (spec §2 Availabilities, §4; issue 6).
 *
 * browsing { loading → viewing | loadFailed } ⇄ editingDay | editingMonth (dialogs) → persisting { saving → reloading }
 * → browsing.viewing (with savedAt). Month navigation (previous, next, go to) happens while browsing, never with a
 * dialog open, and restarts the load of the month asked last.
 *
 * Invariants
 * - `edits` holds exactly the days of the open dialog (one day, or every day of the month); it is empty whenever no
 *   dialog is open: cancelling a dialog drops its edits.
 * - The loading overlay is on exactly while `persisting` (entry/exit): the save, then the reload of the month (§4).
 * - A failed save returns to the dialog it came from (`dialog`), edits intact.
 * - `data` is the month `year`/`month` as last loaded, or null while another month is being loaded.
 * - `savedAt` shows after a save of this month and is forgotten when the month changes.
 *
 * Actors, actions and guards are described by the JSDoc on their setup() entries, which `npm run machines:docs`
 * lists in docs/machines/availability.md (docs/decisions/070-machine-docs-generation.md).
 */
import { assign, fromPromise, setup } from 'xstate';

export type Slot = 'morning' | 'afternoon' | 'evening';
export type AvailabilityDay = { day: number; morning: boolean; afternoon: boolean; evening: boolean };
export type AvailabilityWeek = { weekNumber: number; days: AvailabilityDay[] };
export type AvailabilityMonth = { year: number; month: number; weeks: AvailabilityWeek[] };
export type AvailabilityEdit = { day: number; morning: boolean; afternoon: boolean; evening: boolean };
export type YearMonth = { year: number; month: number };

/** The months the API accepts (openapi.yaml: year 2000–2100). */
export const FIRST_MONTH: YearMonth = { year: 2000, month: 1 };
export const LAST_MONTH: YearMonth = { year: 2100, month: 12 };

export type AvailabilityContext = YearMonth & {
  data: AvailabilityMonth | null;
  edits: AvailabilityEdit[];
  dialog: 'day' | 'month' | null;
  savedAt: string | null;
};

export type AvailabilityEvent =
  | { type: 'availability.previousMonth' }
  | { type: 'availability.nextMonth' }
  | { type: 'availability.goToMonth'; year: number; month: number }
  | { type: 'availability.editDay'; day: number }
  | { type: 'availability.editMonth' }
  | { type: 'availability.toggle'; day: number; slot: Slot }
  | { type: 'availability.save' }
  | { type: 'availability.cancel' }
  | { type: 'availability.retry' };

const index = ({ year, month }: YearMonth) => year * 12 + (month - 1);
const fromIndex = (i: number): YearMonth => ({ year: Math.floor(i / 12), month: (i % 12) + 1 });
export const isValidMonth = (m: YearMonth): boolean =>
  Number.isInteger(m.year) && Number.isInteger(m.month) && m.month >= 1 && m.month <= 12 && index(m) >= index(FIRST_MONTH) && index(m) <= index(LAST_MONTH);
export const shiftMonth = (m: YearMonth, by: number): YearMonth => fromIndex(index(m) + by);

/** The real days of a loaded month (padding days, 0 or less, are not days). */
export const daysOf = (data: AvailabilityMonth | null): AvailabilityDay[] => (data ? data.weeks.flatMap((w) => w.days).filter((d) => d.day >= 1) : []);
const asEdit = ({ day, morning, afternoon, evening }: AvailabilityDay): AvailabilityEdit => ({ day, morning, afternoon, evening });
/** The edits the month dialog opens with: every day of the loaded month, as loaded. */
export const monthEdits = (data: AvailabilityMonth | null): AvailabilityEdit[] => daysOf(data).map(asEdit);

export const availabilityMachine = setup({
  types: {
    context: {} as AvailabilityContext,
    events: {} as AvailabilityEvent,
    input: {} as YearMonth,
    tags: {} as 'busy' | 'dialogOpen',
    children: {} as { loadMonth: 'loadMonth'; reloadMonth: 'loadMonth'; saveMonth: 'saveMonth' },
  },
  actors: {
    /** GET /user/me/availabilities/{year}/{month}. Input `{ year, month }`. Output `AvailabilityMonth`. Invoked as `loadMonth`, and as `reloadMonth` after a save. */
    loadMonth: fromPromise<AvailabilityMonth, YearMonth>(async () => {
      throw new Error('not provided: loadMonth');
    }),
    /** POST /user/me/availabilities/{year}/{month}. Input `{ year, month, edits }` (1–31 days). Output `{ savedAt }`, the ISO time the server accepted the edits (the actor stamps it; the machine never reads a clock). */
    saveMonth: fromPromise<{ savedAt: string }, YearMonth & { edits: AvailabilityEdit[] }>(async () => {
      throw new Error('not provided: saveMonth');
    }),
  },
  actions: {
    // Provided by the app.
    /** Provided by the app: shows the shared loading overlay (§2). */
    showOverlay: () => {},
    /** Provided by the app: hides the shared loading overlay. */
    hideOverlay: () => {},
    /** Provided by the app: mirrors the month in the URL (`?year=&month=`). Params `{ year, month }`. */
    monthChanged: (_, _params: YearMonth) => {},
    // Internal.
    /** Keeps the month as loaded. */
    setMonth: assign({ data: (_, params: { data: AvailabilityMonth }) => params.data }),
    /** Moves to another month: forgets the loaded data and savedAt. Params `{ year, month }`. */
    moveTo: assign((_, params: YearMonth) => ({ year: params.year, month: params.month, data: null, savedAt: null })),
    /** Opens the day dialog with that day's slots as edits. Params `{ day }`. */
    openDay: assign({
      dialog: 'day',
      edits: ({ context }, params: { day: number }) => daysOf(context.data).filter((d) => d.day === params.day).map(asEdit),
    }),
    /** Opens the month dialog with every day's slots as edits. */
    openMonth: assign({ dialog: 'month', edits: ({ context }) => monthEdits(context.data) }),
    /** Flips one slot of one edited day. Params `{ day, slot }`. */
    toggleSlot: assign({
      edits: ({ context }, params: { day: number; slot: Slot }) =>
        context.edits.map((edit) => (edit.day === params.day ? { ...edit, [params.slot]: !edit[params.slot] } : edit)),
    }),
    /** Closes the dialog and drops its edits. */
    closeDialog: assign({ dialog: null, edits: [] }),
    /** Keeps the time of the last save. Params `{ savedAt }`. */
    setSavedAt: assign({ savedAt: (_, params: { savedAt: string }) => params.savedAt }),
  },
  guards: {
    /** The previous month is within what the API accepts (2000–2100). */
    hasPreviousMonth: ({ context }) => isValidMonth(shiftMonth(context, -1)),
    /** The next month is within what the API accepts (2000–2100). */
    hasNextMonth: ({ context }) => isValidMonth(shiftMonth(context, 1)),
    /** A valid month other than the one shown. Params `{ year, month }`. */
    isOtherValidMonth: ({ context }, params: YearMonth) => isValidMonth(params) && index(params) !== index(context),
    /** A real day of the loaded month (not a padding day). Params `{ day }`. */
    isDayOfMonth: ({ context }, params: { day: number }) => daysOf(context.data).some((d) => d.day === params.day),
    /** A day of the open dialog. Params `{ day }`. */
    isEditedDay: ({ context }, params: { day: number }) => context.edits.some((edit) => edit.day === params.day),
    /** The dialog has days to save. */
    hasEdits: ({ context }) => context.edits.length > 0,
    /** The open dialog is the day dialog. */
    dialogIsDay: ({ context }) => context.dialog === 'day',
  },
}).createMachine({
  id: 'availability',
  description: 'One month of morning, afternoon and evening availabilities, edited per day or for the whole month.',
  context: ({ input }) => ({ year: input.year, month: input.month, data: null, edits: [], dialog: null, savedAt: null }),
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
            onDone: { target: 'viewing', actions: { type: 'setMonth', params: ({ event }) => ({ data: event.output }) } },
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
              guard: { type: 'isDayOfMonth', params: ({ event }) => ({ day: event.day }) },
              target: '#availability.editingDay',
              description: 'A click on a day of the month (not a padding day) opens its dialog.',
              actions: { type: 'openDay', params: ({ event }) => ({ day: event.day }) },
            },
            'availability.editMonth': { target: '#availability.editingMonth', actions: 'openMonth' },
          },
        },
      },
      on: {
        'availability.previousMonth': {
          guard: 'hasPreviousMonth',
          target: '.loading',
          reenter: true,
          description: 'Also while loading: the month asked last is the one loaded.',
          actions: [
            { type: 'moveTo', params: ({ context }) => shiftMonth(context, -1) },
            { type: 'monthChanged', params: ({ context }) => ({ year: context.year, month: context.month }) },
          ],
        },
        'availability.nextMonth': {
          guard: 'hasNextMonth',
          target: '.loading',
          reenter: true,
          actions: [
            { type: 'moveTo', params: ({ context }) => shiftMonth(context, 1) },
            { type: 'monthChanged', params: ({ context }) => ({ year: context.year, month: context.month }) },
          ],
        },
        'availability.goToMonth': {
          guard: { type: 'isOtherValidMonth', params: ({ event }) => ({ year: event.year, month: event.month }) },
          target: '.loading',
          reenter: true,
          description: 'The URL asks for another month (the month shown is ignored, so URL and machine never loop).',
          actions: [
            { type: 'moveTo', params: ({ event }) => ({ year: event.year, month: event.month }) },
            { type: 'monthChanged', params: ({ event }) => ({ year: event.year, month: event.month }) },
          ],
        },
      },
    },

    editingDay: {
      description: "The dialog of one day: its three slots.",
      tags: ['dialogOpen'],
      initial: 'idle',
      states: {
        idle: { description: 'Toggling the slots.' },
        saveFailed: { description: 'The save failed; the edits are intact and can be saved again.' },
      },
      on: {
        'availability.toggle': {
          guard: { type: 'isEditedDay', params: ({ event }) => ({ day: event.day }) },
          actions: { type: 'toggleSlot', params: ({ event }) => ({ day: event.day, slot: event.slot }) },
        },
        'availability.save': { guard: 'hasEdits', target: 'persisting' },
        'availability.cancel': { target: 'browsing.viewing', description: 'Closing the dialog drops its edits.', actions: 'closeDialog' },
      },
    },

    editingMonth: {
      description: 'The dialog of the whole month: every day as a row of three checkboxes, and a save button.',
      tags: ['dialogOpen'],
      initial: 'idle',
      states: {
        idle: { description: 'Toggling the slots.' },
        saveFailed: { description: 'The save failed; the edits are intact and can be saved again.' },
      },
      on: {
        'availability.toggle': {
          guard: { type: 'isEditedDay', params: ({ event }) => ({ day: event.day }) },
          actions: { type: 'toggleSlot', params: ({ event }) => ({ day: event.day, slot: event.slot }) },
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
            onDone: { target: 'reloading', actions: { type: 'setSavedAt', params: ({ event }) => ({ savedAt: event.output.savedAt }) } },
            onError: [
              { guard: 'dialogIsDay', target: '#availability.editingDay.saveFailed', description: 'Back to the dialog it came from, edits intact.' },
              { target: '#availability.editingMonth.saveFailed' },
            ],
          },
        },
        reloading: {
          description: 'Reading the month again, so the grid shows what the server kept.',
          invoke: {
            id: 'reloadMonth',
            src: 'loadMonth',
            input: ({ context }) => ({ year: context.year, month: context.month }),
            onDone: {
              target: '#availability.browsing.viewing',
              actions: ['closeDialog', { type: 'setMonth', params: ({ event }) => ({ data: event.output }) }],
            },
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
