/**
 * Dates in the interface language as Belgians write them (fr-BE, nl-BE), the one way the screens format dates.
 * Formatters are built once per language and style: building an Intl.DateTimeFormat costs far more than using it,
 * and a screen such as the month editor names over a hundred dates at once (§11, docs/benchmark.md).
 */
import type { Locale } from './locale.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(locale: Locale, options: Intl.DateTimeFormatOptions, date: Date): string {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(`${locale}-BE`, options)));
  return format.format(date);
}

/**
 * Days already written, by language, style and day. Formatting is the costly part of a month's rows (the grid and
 * the month editor name the same 31 days); a browsing session writes a few hundred, cleared past a bound.
 */
const days = new Map<string, string>();
const MAX_DAYS = 5_000;

/** A calendar day (`YYYY-MM-DD`, or year, month and day): the same day whatever the browser's time zone. */
export function formatDay(
  locale: Locale,
  day: string | { year: number; month: number; day: number },
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): string {
  const key = `${locale}|${JSON.stringify(options)}|${typeof day === 'string' ? day : `${day.year}-${day.month}-${day.day}`}`;
  const known = days.get(key);
  if (known !== undefined) return known;
  const date = typeof day === 'string' ? new Date(`${day}T00:00:00Z`) : new Date(Date.UTC(day.year, day.month - 1, day.day));
  const text = formatDate(locale, { ...options, timeZone: 'UTC' }, date);
  if (days.size >= MAX_DAYS) days.clear();
  days.set(key, text);
  return text;
}

/** "mars" / "maart": a month's name. */
export const monthName = (locale: Locale, month: number): string => formatDay(locale, { year: 2024, month, day: 1 }, { month: 'long' });
