/**
 * How an offer reads on screen, in the interface language: the wage, a shift's day and hours, the deadline and the
 * time left to answer, the places, and a closed offer's status in words (never by colour alone).
 */
import type { Offer, OfferShift, OfferStatus } from '../../../machines/offer.types.ts';
import { formatDate, formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';

const wages = new Map<Locale, Intl.NumberFormat>();
/** "15,50 € brut de l'heure". */
export function wageText(locale: Locale, cents: number): string {
  let format = wages.get(locale);
  if (!format) wages.set(locale, (format = new Intl.NumberFormat(`${locale}-BE`, { style: 'currency', currency: 'EUR' })));
  return m.offers_wage({ amount: format.format(cents / 100) });
}

/** "mercredi 10 février". */
export const shiftDay = (locale: Locale, shift: Pick<OfferShift, 'date'>): string =>
  formatDay(locale, shift.date, { weekday: 'long', day: 'numeric', month: 'long' });
/** "18:00 – 23:00", or "22:00 – 06:00 (le lendemain)" for a night shift. */
export const shiftHours = (shift: Pick<OfferShift, 'start' | 'end' | 'endsNextDay'>): string =>
  shift.endsNextDay ? m.offers_hoursNight({ start: shift.start, end: shift.end }) : m.offers_hours({ start: shift.start, end: shift.end });
/** "mercredi 10 février, 18:00 – 23:00". */
export const shiftText = (locale: Locale, shift: Pick<OfferShift, 'date' | 'start' | 'end' | 'endsNextDay'>): string =>
  `${shiftDay(locale, shift)}, ${shiftHours(shift)}`;

/** When: the first shift, and how many more. */
export function whenText(locale: Locale, offer: Pick<Offer, 'shifts'>): string {
  const [first, ...more] = offer.shifts;
  if (!first) return '—';
  const text = shiftText(locale, first);
  return more.length === 0 ? text : m.offers_moreShifts({ first: text, total: offer.shifts.length });
}

/** "lun. 8 févr., 18:00": an instant as a worker in Belgium reads it. */
export const momentText = (locale: Locale, iso: string): string =>
  formatDate(locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' }, new Date(iso));

const relative = new Map<Locale, Intl.RelativeTimeFormat>();
/** "dans 2 jours", "dans 5 heures", "dans 12 minutes": the time left, rounded down to the unit that says it best. */
export function timeLeftText(locale: Locale, answerBy: string, now: number): string {
  let format = relative.get(locale);
  if (!format) relative.set(locale, (format = new Intl.RelativeTimeFormat(`${locale}-BE`, { numeric: 'always' })));
  const minutes = Math.max(1, Math.floor((Date.parse(answerBy) - now) / 60_000));
  if (minutes >= 24 * 60) return format.format(Math.floor(minutes / (24 * 60)), 'day');
  if (minutes >= 60) return format.format(Math.floor(minutes / 60), 'hour');
  return format.format(minutes, 'minute');
}

/** "Répondre avant lun. 8 févr., 18:00 (dans 2 jours)". */
export const deadlineText = (locale: Locale, offer: Pick<Offer, 'answerBy'>, now: number): string =>
  m.offers_answerBy({ deadline: momentText(locale, offer.answerBy), left: timeLeftText(locale, offer.answerBy, now) });

export const placesText = (offer: Pick<Offer, 'places' | 'placesLeft'>): string =>
  offer.placesLeft === 1 ? m.offers_lastPlace({ places: offer.places }) : m.offers_placesLeft({ left: offer.placesLeft, places: offer.places });

export const placeText = (offer: Pick<Offer, 'shortLocation' | 'location1' | 'location2'>): string =>
  [offer.shortLocation, offer.location1, offer.location2].filter(Boolean).join(', ');

export type Tone = 'success' | 'info' | 'warning' | 'danger' | 'neutral';
/** A closed offer's status in words, and its tone. */
export const STATUS: Record<Exclude<OfferStatus, 'open'>, { text: () => string; tone: Tone }> = {
  accepted: { text: m.offers_statusAccepted, tone: 'success' },
  declined: { text: m.offers_statusDeclined, tone: 'neutral' },
  filled: { text: m.offers_statusFilled, tone: 'neutral' },
  expired: { text: m.offers_statusExpired, tone: 'neutral' },
  withdrawn: { text: m.offers_statusWithdrawn, tone: 'warning' },
};
