/**
 * Deadlines as the screens say them (the hours page and its home card): the instant in Brussels time, whatever the
 * phone's time zone ("sam. 17 janv., 11:00"), and what is left before it (whole hours from two hours on, minutes
 * below, never less than one minute).
 */
import { m } from '../paraglide/messages.js';
import { formatDate } from './dates.ts';
import type { Locale } from './locale.ts';

export const brusselsMoment = (locale: Locale, iso: string): string =>
  formatDate(locale, { timeZone: 'Europe/Brussels', weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, new Date(iso));

export function timeLeft(deadline: string, now: number): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(deadline) - now) / 60_000));
  return minutes >= 120 ? m.hours_hoursLeft({ hours: Math.floor(minutes / 60) }) : m.hours_minutesLeft({ minutes });
}
