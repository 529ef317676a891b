/** How a signing item's date and kilometres read in the interface language (Belgian conventions). */
import type { Locale } from '../../i18n/locale.ts';
import { formatDay } from '../../i18n/dates.ts';

/** "3 avr. 2026" / "3 apr 2026": the calendar day of the mission, whatever the browser's time zone. */
export const missionDate = (date: string, locale: Locale): string => formatDay(locale, date, { dateStyle: 'medium' });

/** "12,5" in both languages. */
export const kilometres = (km: number, locale: Locale): string => new Intl.NumberFormat(`${locale}-BE`, { maximumFractionDigits: 1 }).format(km);
