/**
 * A student's hours of the year at this agency against the year's quota (docs/decisions/196, 228): on the hours page
 * and the home screen. The hours left at reduced contributions; near the quota a warning, at it and over it what
 * that means, in words (never by the bar alone, which stops at the quota). Only what the agency knows, and said so:
 * hours at other employers are not counted; the official balance is on Student@work.
 */
import { STUDENT_AT_WORK_URL, quotaStanding, type QuotaStanding } from '#domain/hours.ts';
import { formatMinutes, wholeHours } from '#domain/hours-format.ts';
import { useLocale } from '../i18n/locale.ts';
import { m } from '../paraglide/messages.js';
import * as s from './student-year.css.ts';

export type StudentYearFacts = { year: number; paidMinutes: number; quotaHours: number };

/** What the counter says of the hours left, and its tone. */
function standingText(standing: QuotaStanding, locale: 'fr' | 'nl'): { text: string; tone: 'info' | 'warning' | 'danger' } {
  switch (standing.state) {
    case 'under':
      return { text: m.hours_studentLeft({ left: formatMinutes(locale, standing.leftMinutes) }), tone: 'info' };
    case 'near':
      return { text: m.hours_studentNear({ left: formatMinutes(locale, standing.leftMinutes) }), tone: 'warning' };
    case 'reached':
      return { text: m.hours_studentReached(), tone: 'danger' };
    case 'over':
      return { text: m.hours_studentOver({ over: formatMinutes(locale, standing.overMinutes) }), tone: 'danger' };
  }
}

export function StudentYear({ year, paidMinutes, quotaHours, headingLevel = 2 }: StudentYearFacts & { headingLevel?: 2 | 3 }) {
  const locale = useLocale();
  const hours = wholeHours(paidMinutes);
  const standing = quotaStanding(paidMinutes, quotaHours);
  const said = standingText(standing, locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = `student-year-${headingLevel}`;
  return (
    <section aria-labelledby={id} className={s.box} data-student-year={year} data-quota={standing.state}>
      <Heading id={id} className={s.title}>
        {m.hours_studentTitle({ year })}
      </Heading>
      <p className={s.count}>{m.hours_studentCount({ hours, quota: quotaHours })}</p>
      <p className={s.standing[said.tone]}>{said.text}</p>
      {/* A native progress bar: no inline style (the CSP allows none), named by the heading, valued by the count. */}
      <progress
        className={s.bar}
        max={quotaHours}
        value={Math.min(hours, quotaHours)}
        aria-labelledby={id}
        aria-valuetext={`${m.hours_studentCount({ hours, quota: quotaHours })}. ${said.text}`}
      />
      <p className={s.note}>{m.hours_studentNote()}</p>
      <a href={STUDENT_AT_WORK_URL} rel="noopener noreferrer" target="_blank">
        {m.hours_studentLink()}
      </a>
    </section>
  );
}
