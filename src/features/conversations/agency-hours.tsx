/** The agency's office hours and its usual answer time, shown before the worker writes (docs/decisions/270-conversations.md). */
import type { AgencyHours } from '#domain/api-schema.ts';
import { formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import * as s from './conversations.css.ts';

/** 2024-01-01 was a Monday: weekday n (1 Monday … 7 Sunday) is 2024-01-0n. */
const weekdayName = (locale: Locale, weekday: number) => formatDay(locale, { year: 2024, month: 1, day: weekday }, { weekday: 'long' });

export function AgencyHoursNote({ hours, locale }: { hours: AgencyHours | null; locale: Locale }) {
  if (!hours) return null;
  return (
    <section className={s.panel} aria-labelledby="agency-hours" data-testid="agency-hours">
      <h2 id="agency-hours" className={s.heading}>
        {m.conversations_hoursTitle()}
      </h2>
      <ul className={s.plainList}>
        {hours.days.map((day) => (
          <li key={day.weekday}>{m.conversations_hoursDay({ day: weekdayName(locale, day.weekday), open: day.open, close: day.close })}</li>
        ))}
      </ul>
      <p className={s.text}>{m.conversations_hoursAnswer({ hours: hours.answerWithinHours })}</p>
      <p className={s.muted}>{hours.openNow ? m.conversations_openNow() : m.conversations_closedNow()}</p>
    </section>
  );
}
