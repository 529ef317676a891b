/**
 * How an offer reads on screen, in the interface language: the wage, a shift's day and hours, the deadline and the
 * time left to answer, the places, and a closed offer's status in words (never by colour alone).
 */
import type { Offer, OfferShift, OfferStatus } from '#domain/api-schema.ts';
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

const units = new Map<string, Intl.NumberFormat>();
/** "1 jour", "23 heures", "12 minutes" (and their Dutch), in the number's own plural. */
function unit(locale: Locale, count: number, name: 'day' | 'hour' | 'minute'): string {
  const key = `${locale}:${name}`;
  let format = units.get(key);
  if (!format) units.set(key, (format = new Intl.NumberFormat(`${locale}-BE`, { style: 'unit', unit: name, unitDisplay: 'long' })));
  return format.format(count);
}

/**
 * The time left to answer, in the two largest units that say it ("dans 1 jour et 23 heures", "dans 5 heures et
 * 12 minutes", "dans 12 minutes"): never rounded up past what is left, never less than a minute, and never a day
 * for nearly two (decision 225).
 */
export function timeLeftText(locale: Locale, answerBy: string, now: number): string {
  const minutes = Math.max(1, Math.floor((Date.parse(answerBy) - now) / 60_000));
  const [days, hours, rest] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  if (days > 0)
    return hours > 0
      ? m.offers_leftTwo({ first: unit(locale, days, 'day'), second: unit(locale, hours, 'hour') })
      : m.offers_leftOne({ left: unit(locale, days, 'day') });
  if (hours > 0)
    return rest > 0
      ? m.offers_leftTwo({ first: unit(locale, hours, 'hour'), second: unit(locale, rest, 'minute') })
      : m.offers_leftOne({ left: unit(locale, hours, 'hour') });
  return m.offers_leftOne({ left: unit(locale, rest, 'minute') });
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
