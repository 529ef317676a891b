/** Words of the absence screens that depend on data: the reasons, refusals of a chosen file, dates and sizes. */
import type { AbsenceReason } from '#domain/api-schema.ts';
import { formatDate, formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';

export const REASON_LABEL: Record<AbsenceReason, () => string> = {
  sick: m.absence_reason_sick,
  family_emergency: m.absence_reason_family_emergency,
  transport: m.absence_reason_transport,
  other: m.absence_reason_other,
};

/** Why a chosen file was refused in the browser (the keys src/actors/absence-report.ts rejects with). */
const REFUSAL: Record<string, () => string> = {
  absence_certificateType: m.absence_certificateType,
  absence_certificatePdfSize: m.absence_certificatePdfSize,
  validation_fileSize: m.validation_fileSize,
  validation_imageUnreadable: m.validation_imageUnreadable,
  validation_imageHeic: m.validation_imageHeic,
  validation_imageTooLarge: m.validation_imageTooLarge,
};
export const refusalText = (key: string): string => (REFUSAL[key] ?? m.validation_imageUnreadable)();

/** A refusal of the report that sending it again cannot change, in the catalogue's words (said in place: src/api/errors.ts). */
const FINAL: Record<string, () => string> = {
  absence_already_reported: m.apiError_absence_already_reported,
  absence_mission_ended: m.apiError_absence_mission_ended,
  absence_mission_cancelled: m.apiError_absence_mission_cancelled,
  absence_mission_unknown: m.apiError_absence_mission_unknown,
};
export const finalRefusal = (code: string | null): string | null => (code && FINAL[code] ? FINAL[code]() : null);

/** "vendredi 26 mars": a mission's day. */
export const missionDay = (locale: Locale, date: string) => formatDay(locale, date, { weekday: 'long', day: 'numeric', month: 'long' });
/** "26 mars 2027 à 10:10": an instant as a worker in Belgium reads it. */
export const moment = (locale: Locale, iso: string) =>
  formatDate(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Brussels' }, new Date(iso));

/** "342 ko" / "342 kB", "1,2 Mo" / "1,2 MB". */
export function fileSize(bytes: number, locale: Locale): string {
  const mega = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locale === 'nl' ? 'nl-BE' : 'fr-BE', {
    style: 'unit',
    unit: mega ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: mega ? 1 : 0,
  }).format(mega ? bytes / (1024 * 1024) : Math.max(1, bytes / 1024));
}
