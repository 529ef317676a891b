/**
 * The types and month arithmetic of the availability machine (machines/availability.machine.ts): the month of
 * openapi.yaml (AvailabilityMonth), the edits of a dialog, and the months the API accepts.
 */
import type { AVAILABILITY_SLOTS } from '#domain/constants.ts';

export type Slot = (typeof AVAILABILITY_SLOTS)[number];
export type AvailabilityDay = { day: number; morning: boolean; afternoon: boolean; evening: boolean };
export type AvailabilityWeek = { weekNumber: number; days: AvailabilityDay[] };
export type AvailabilityMonth = { year: number; month: number; weeks: AvailabilityWeek[] };
export type AvailabilityEdit = { day: number; morning: boolean; afternoon: boolean; evening: boolean };
export type YearMonth = { year: number; month: number };
/** The machine's input: the month to show, and today's ISO day (`2026-05-14`, Brussels) when known (the machine reads no clock). */
export type AvailabilityInput = YearMonth & { today?: string | null };

/** The months the API accepts (openapi.yaml: year 2000–2100). */
export const FIRST_MONTH: YearMonth = { year: 2000, month: 1 };
export const LAST_MONTH: YearMonth = { year: 2100, month: 12 };

export type AvailabilityContext = YearMonth & {
  /** Today's ISO day, or null when not given: days before it are past (the shortcuts leave them as they are). */
  today: string | null;
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
  | { type: 'availability.retry' }
  | { type: 'availability.fillWeek'; weekNumber: number }
  | { type: 'availability.fillSlot'; slot: Slot }
  | { type: 'availability.copyPreviousMonth' };

export const monthIndex = ({ year, month }: YearMonth) => year * 12 + (month - 1);
const fromIndex = (i: number): YearMonth => ({ year: Math.floor(i / 12), month: (i % 12) + 1 });
export const isValidMonth = (m: YearMonth): boolean =>
  Number.isInteger(m.year) &&
  Number.isInteger(m.month) &&
  m.month >= 1 &&
  m.month <= 12 &&
  monthIndex(m) >= monthIndex(FIRST_MONTH) &&
  monthIndex(m) <= monthIndex(LAST_MONTH);
export const shiftMonth = (m: YearMonth, by: number): YearMonth => fromIndex(monthIndex(m) + by);

/** The real days of a loaded month (padding days, 0 or less, are not days). */
export const daysOf = (data: AvailabilityMonth | null): AvailabilityDay[] => (data ? data.weeks.flatMap((w) => w.days).filter((d) => d.day >= 1) : []);
export const asEdit = ({ day, morning, afternoon, evening }: AvailabilityDay): AvailabilityEdit => ({ day, morning, afternoon, evening });
/** The edits the month dialog opens with: every day of the loaded month, as loaded. */
export const monthEdits = (data: AvailabilityMonth | null): AvailabilityEdit[] => daysOf(data).map(asEdit);
