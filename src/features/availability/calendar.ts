/**
 * Pure helpers of the availability calendar: which month the URL asks for, how a day and its slots are named
 * for screen readers, and where the arrow keys move the focus in the month grid (WAI-ARIA grid pattern).
 */
import { isValidMonth, type AvailabilityDay, type AvailabilityWeek, type Slot, type YearMonth } from '../../../machines/availability.machine.ts';
import { AVAILABILITY_SLOTS } from '../../domain/constants.ts';
import type { Locale } from '../../i18n/locale.ts';

export const SLOTS: readonly Slot[] = AVAILABILITY_SLOTS;

/** Today's month in Brussels (the agency's time zone), whatever the device's zone. */
export function currentMonth(now: Date = new Date()): YearMonth {
  const [year, month] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit' }).format(now).split('-');
  return { year: Number(year), month: Number(month) };
}

/**
 * The month to show for `?year=&month=`: each missing parameter is taken from the current month; a month the
 * API does not accept (13, 1999…) falls back to the current month.
 */
export function monthFromSearch(search: { year?: number | undefined; month?: number | undefined }, now: Date = new Date()): YearMonth {
  const today = currentMonth(now);
  const asked = { year: search.year ?? today.year, month: search.month ?? today.month };
  return isValidMonth(asked) ? asked : today;
}

export const sameMonth = (a: YearMonth, b: YearMonth) => a.year === b.year && a.month === b.month;

/** Months are labelled 01 to 12 (spec §9). */
export const monthNumber = (month: number) => String(month).padStart(2, '0');

const intlLocale = (locale: Locale) => (locale === 'nl' ? 'nl-BE' : 'fr-BE');
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));

/**
 * One formatter per language and style, built once: building an Intl.DateTimeFormat costs far more than using it,
 * and the month editor names 124 dates as it opens (DESIGN.md §7: under 100 ms at 4× CPU; docs/benchmark.md).
 */
const FORMATS = {
  monthYear: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  full: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  short: { weekday: 'short', day: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, style: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${locale}:${style}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), FORMATS[style])));
  return format;
}

/** "mai 2026" / "mei 2026". */
export const monthName = (m: YearMonth, locale: Locale) =>
  formatter(locale, 'monthYear').format(utc(m.year, m.month, 1));

/** "mardi 5 mai 2026" / "dinsdag 5 mei 2026": the full date a screen reader says. */
export const fullDate = (m: YearMonth, day: number, locale: Locale) =>
  formatter(locale, 'full').format(utc(m.year, m.month, day));

/** "mar. 5" / "di 5": a day in the month editor's rows. */
export const shortDate = (m: YearMonth, day: number, locale: Locale) =>
  formatter(locale, 'short').format(utc(m.year, m.month, day));

/** The weekday names of the grid's columns, Monday first: short for the eye, long for screen readers. */
export function weekdayNames(locale: Locale): { short: string; long: string }[] {
  // 2024-01-01 was a Monday.
  return Array.from({ length: 7 }, (_, i) => ({
    short: new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'short', timeZone: 'UTC' }).format(utc(2024, 1, 1 + i)),
    long: new Intl.DateTimeFormat(intlLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(utc(2024, 1, 1 + i)),
  }));
}

/** The slots of a day that are available, in order. */
export const availableSlots = (day: Pick<AvailabilityDay, Slot>): Slot[] => SLOTS.filter((slot) => day[slot]);

/** "matin et soir" / "ochtend en avond": the available slots as a sentence, given each slot's name. */
export const slotList = (slots: readonly string[], locale: Locale) => new Intl.ListFormat(intlLocale(locale), { style: 'long', type: 'conjunction' }).format(slots);

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
