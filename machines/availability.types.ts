/**
 * The types and month arithmetic of the availability machine (machines/availability.machine.ts): the month and the
 * edits are the contract's (#domain/api-schema.ts AvailabilityMonth, AvailabilityEdit); the months the API accepts.
 */
import type { AvailabilityDay, AvailabilityEdit, AvailabilityMonth, AvailabilityWeek } from '#domain/api-schema.ts';
import { API_YEAR_MAX, API_YEAR_MIN, type AVAILABILITY_SLOTS } from '#domain/constants.ts';

export type { AvailabilityDay, AvailabilityEdit, AvailabilityMonth, AvailabilityWeek };
export type Slot = (typeof AVAILABILITY_SLOTS)[number];
export type YearMonth = { year: number; month: number };
/** The machine's input: the month to show, and today's ISO day (`2026-05-14`, Brussels) when known (the machine reads no clock). */
export type AvailabilityInput = YearMonth & { today?: string | null };

/** The months the API accepts (its years: domain/constants.ts). */
export const FIRST_MONTH: YearMonth = { year: API_YEAR_MIN, month: 1 };
export const LAST_MONTH: YearMonth = { year: API_YEAR_MAX, month: 12 };

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
