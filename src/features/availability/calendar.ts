/**
 * Pure helpers of the availability calendar: which month the URL asks for, how a day and its slots are named
 * for screen readers, and where the arrow keys move the focus in the month grid (WAI-ARIA grid pattern).
 */
import { isValidMonth, type AvailabilityDay, type AvailabilityWeek, type Slot, type YearMonth } from '../../../machines/availability.types.ts';
import { AVAILABILITY_SLOTS } from '#domain/constants.ts';
import { brusselsToday } from '#domain/period.ts';
import { formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';

export const SLOTS: readonly Slot[] = AVAILABILITY_SLOTS;

/** Today's month in Brussels (the agency's time zone), whatever the device's zone. */
export function currentMonth(now: Date = new Date()): YearMonth {
  const [year, month] = brusselsToday(now).split('-').map(Number) as [number, number];
  return { year, month };
}

/**
 * The month to show for `?year=&month=`: each missing parameter is taken from the current month; a month the
 * API does not accept (13, 1999…) falls back to the current month.
 */
export function monthFromSearch(search: { year?: number | null | undefined; month?: number | null | undefined }, now: Date = new Date()): YearMonth {
  const today = currentMonth(now);
  const asked = { year: search.year ?? today.year, month: search.month ?? today.month };
  return isValidMonth(asked) ? asked : today;
}

export const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

/** Months are labelled 01 to 12 (spec §9). */
export const monthNumber = (month: number) => String(month).padStart(2, '0');

/** "mai 2026" / "mei 2026". */
export const monthAndYear = (m: YearMonth, locale: Locale) => formatDay(locale, { ...m, day: 1 }, { month: 'long', year: 'numeric' });

/** "mardi 5 mai 2026" / "dinsdag 5 mei 2026": the full date a screen reader says. */
export const fullDate = (m: YearMonth, day: number, locale: Locale) =>
  formatDay(locale, { ...m, day }, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** "mar. 5" / "di 5": a day in the month editor's rows. */
export const shortDate = (m: YearMonth, day: number, locale: Locale) => formatDay(locale, { ...m, day }, { weekday: 'short', day: 'numeric' });

/** The weekday names of the grid's columns, Monday first: short for the eye, long for screen readers. */
export function weekdayNames(locale: Locale): { short: string; long: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => ({
    short: formatDay(locale, { year: 2024, month: 1, day: 1 + i }, { weekday: 'short' }),
    long: formatDay(locale, { year: 2024, month: 1, day: 1 + i }, { weekday: 'long' }),
  }));
}

/** The slots of a day that are available, in order. */
export const availableSlots = (day: Pick<AvailabilityDay, Slot>): Slot[] => SLOTS.filter((slot) => day[slot]);

/** "matin et soir" / "ochtend en avond": the available slots as a sentence, given each slot's name. */
export const slotList = (slots: readonly string[], locale: Locale) => new Intl.ListFormat(`${locale}-BE`, { style: 'long', type: 'conjunction' }).format(slots);

/** The real days of the grid, week by week: `[week][column]` → day number, or null for padding. */
export const dayMatrix = (weeks: readonly AvailabilityWeek[]): (number | null)[][] => weeks.map((w) => w.days.map((d) => (d.day >= 1 ? d.day : null)));

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End';
export const isGridKey = (key: string): key is GridKey => ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End'].includes(key);

/**
 * Where a key moves the focus from `day` (grid pattern): left/right one day, up/down one week, Home/End the first
 * or last day of the row. The focus stays inside the month: at its edges the key does nothing.
 */
export function moveFocus(matrix: (number | null)[][], day: number, key: GridKey): number {
  const last = Math.max(...matrix.flat().filter((d): d is number => d !== null));
  const row = matrix.find((days) => days.includes(day));
  const inMonth = (d: number) => (d >= 1 && d <= last ? d : day);
  switch (key) {
    case 'ArrowLeft':
      return inMonth(day - 1);
    case 'ArrowRight':
      return inMonth(day + 1);
    case 'ArrowUp':
      return inMonth(day - 7);
    case 'ArrowDown':
      return inMonth(day + 7);
    case 'Home':
      return row?.find((d) => d !== null) ?? day;
    case 'End':
      return row?.findLast((d) => d !== null) ?? day;
  }
}
