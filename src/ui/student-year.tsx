/**
 * A student's hours of the year at this agency against the year's quota (docs/decisions/196): on the hours page and
 * the home screen. Only what the agency knows, and said so: hours at other employers are not counted; the official
 * balance is on Student@work.
 */
import { STUDENT_AT_WORK_URL } from '#domain/hours.ts';
import { wholeHours } from '#domain/hours-format.ts';
import { m } from '../paraglide/messages.js';
import * as s from './student-year.css.ts';

export type StudentYearFacts = { year: number; paidMinutes: number; quotaHours: number };

export function StudentYear({ year, paidMinutes, quotaHours, headingLevel = 2 }: StudentYearFacts & { headingLevel?: 2 | 3 }) {
  const hours = wholeHours(paidMinutes);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = `student-year-${headingLevel}`;
  return (
    <section aria-labelledby={id} className={s.box} data-student-year={year}>
      <Heading id={id} className={s.title}>
        {m.hours_studentTitle({ year })}
      </Heading>
      <p className={s.count}>{m.hours_studentCount({ hours, quota: quotaHours })}</p>
      {/* A native progress bar: no inline style (the CSP allows none), named by the heading, valued by the count. */}
      <progress
        className={s.bar}
        max={quotaHours}
        value={Math.min(hours, quotaHours)}
        aria-labelledby={id}
        aria-valuetext={m.hours_studentCount({ hours, quota: quotaHours })}
      />
      <p className={s.note}>{m.hours_studentNote()}</p>
      <a href={STUDENT_AT_WORK_URL} rel="noopener noreferrer" target="_blank">
        {m.hours_studentLink()}
      </a>
    </section>
  );
}
