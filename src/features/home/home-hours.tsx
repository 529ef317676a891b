/**
 * The home card of hours (requirements §15): how many days wait for the worker's answer and the nearest deadline, a link to
 * /hours; for a student, the year's hours against the quota. From the home route's loader (GET /user/me/hours/summary).
 */
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import type { HoursSummary } from '#domain/api-schema.ts';
import type { Locale } from '../../i18n/locale.ts';
import { brusselsMoment, timeLeft } from '../../i18n/time-left.ts';
import { m } from '../../paraglide/messages.js';
import { StudentYear } from '../../ui/student-year.tsx';
import * as s from './home-summary.css.ts';

export function HoursPart({ summary, locale, now: given }: { summary: HoursSummary | null; locale: Locale; now?: number }) {
  // The time left when the page opened: the home card does not tick (the hours page does).
  const [opened] = useState(() => Date.now());
  const now = given ?? opened;
  return (
    <>
      <section aria-labelledby="home-hours" className={s.card} data-hours-to-confirm={summary?.toConfirm}>
        <h2 id="home-hours" className={s.title}>
          {m.hours_homeTitle()}
        </h2>
        {summary === null ? (
          <p>{m.hours_homeFailed()}</p>
        ) : summary.toConfirm === 0 || summary.nextDeadline === null ? (
          <p>{m.hours_homeNone()}</p>
        ) : (
          <>
            <p className={s.count}>{m.hours_homeCount({ count: summary.toConfirm })}</p>
            <p>{m.hours_homeDeadline({ deadline: brusselsMoment(locale, summary.nextDeadline), time: timeLeft(summary.nextDeadline, now) })}</p>
          </>
        )}
        <Link to="/hours" className={s.link}>
          {m.hours_homeLink()}
        </Link>
      </section>
      {summary?.studentYear ? <StudentYear {...summary.studentYear} /> : null}
    </>
  );
}
