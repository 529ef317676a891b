/**
 * Hours and money as Belgians write them, for the screens and the mails alike: "7 h 06" / "7 u 06", "102,03 €" /
 * "€ 102,03". The amounts are integer cents; dividing by 100 only formats them (exact for any real pay).
 */
type Locale = 'fr' | 'nl';

/** Paid minutes as hours and minutes: 426 → "7 h 06" (fr), "7 u 06" (nl). */
export const formatMinutes = (locale: Locale, minutes: number): string =>
  `${Math.floor(minutes / 60)} ${locale === 'nl' ? 'u' : 'h'} ${String(minutes % 60).padStart(2, '0')}`;

const money = new Map<Locale, Intl.NumberFormat>();
/** Cents in euros: 10203 → "102,03 €" (fr-BE), "€ 102,03" (nl-BE). */
export function formatCents(locale: Locale, cents: number): string {
  let format = money.get(locale);
  if (!format) money.set(locale, (format = new Intl.NumberFormat(`${locale}-BE`, { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 })));
  return format.format(cents / 100);
}

/** Whole hours of a number of minutes, rounded down (a student's counter shows "84 h of 650 h"). */
export const wholeHours = (minutes: number): number => Math.floor(minutes / 60);
