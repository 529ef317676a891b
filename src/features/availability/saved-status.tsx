/**
 * "Saved on … at …" after a save (spec §2), in a status region that is always in the page, so that screen
 * readers announce it when it appears (WCAG 4.1.3). Times are the agency's (Brussels).
 */
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import * as s from './availability.css.ts';
import { formatDate } from '../../i18n/dates.ts';

function savedMessage(savedAt: string, locale: Locale): string {
  const at = new Date(savedAt);
  const date = formatDate(locale, { dateStyle: 'long', timeZone: 'Europe/Brussels' }, at);
  const time = formatDate(locale, { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' }, at);
  return m.availability_saved({ date, time });
}

export function SavedStatus({ savedAt, locale }: { savedAt: string | null; locale: Locale }) {
  return (
    <p role="status" className={s.saved} data-testid="availability-saved">
      {savedAt ? savedMessage(savedAt, locale) : null}
    </p>
  );
}
