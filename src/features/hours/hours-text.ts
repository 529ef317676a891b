/**
 * The words of the hours page: days grouped by week (Monday first, latest week first), a day's title, the time left
 * before a deadline, and the hours of a day. Times are the agency's (Brussels), whatever the phone's time zone.
 */
import type { HoursDay, HoursOfDay } from '#domain/api-schema.ts';
import { formatCents, formatMinutes } from '#domain/hours-format.ts';
import { formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';

export type Week = { monday: string; days: HoursDay[] };

/** The Monday of a day's week (YYYY-MM-DD). */
export function mondayOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The days as the server lists them (latest first), in weeks, latest week first. */
export function groupByWeek(days: readonly HoursDay[]): Week[] {
  const weeks = new Map<string, HoursDay[]>();
  for (const day of days) weeks.set(mondayOf(day.date), [...(weeks.get(mondayOf(day.date)) ?? []), day]);
  return [...weeks.entries()].sort(([a], [b]) => (a < b ? 1 : -1)).map(([monday, list]) => ({ monday, days: list }));
}

export const weekTitle = (locale: Locale, monday: string): string =>
  m.hours_week({ date: formatDay(locale, monday, { day: 'numeric', month: 'long', year: 'numeric' }) });
export const dayTitle = (locale: Locale, date: string): string => formatDay(locale, date, { weekday: 'long', day: 'numeric', month: 'long' });

export const timesText = (hours: HoursOfDay): string =>
  (hours.endsNextDay ? m.hours_timesNextDay : m.hours_times)({ start: hours.start, end: hours.end, minutes: hours.breakMinutes });
export const paidText = (locale: Locale, minutes: number): string => formatMinutes(locale, minutes);
export const grossText = (locale: Locale, day: HoursDay): string => (day.grossCents === null ? m.hours_grossUnknown() : formatCents(locale, day.grossCents));
