/**
 * A mission's absence on /planning (requirements §16): "Absence reported" in words in its heading while the worker's report
 * stands, when it was reported, the certificate still due and until when, and the link to reopen the receipt; or,
 * for a planned mission that has not ended, "I can't come". The links name their mission for screen readers.
 */
import { Link } from '@tanstack/react-router';
import type { PlanningItem } from '#domain/api-schema.ts';
import { missionEnded } from '#domain/absence.ts';
import { formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import { feedMoment } from './calendar-feed-panel.tsx';
import * as s from './planning.css.ts';

/** The mark in the mission's heading, before its times (a screen reader hears it first). */
export function AbsenceBadge({ item }: { item: PlanningItem }) {
  if (!item.absence || item.status === 'cancelled') return null;
  return (
    <>
      <span className={s.absenceBadge}>{m.absence_planningMark()}</span>{' '}
    </>
  );
}

const day = (locale: Locale, date: string) => formatDay(locale, date, { weekday: 'long', day: 'numeric', month: 'long' });

export function AbsenceLine({ item, locale, now }: { item: PlanningItem; locale: Locale; now: Date }) {
  const context = <VisuallyHidden>{` (${m.absence_missionContext({ reference: item.reference, day: day(locale, item.date) })})`}</VisuallyHidden>;
  if (item.status === 'cancelled') return null;
  if (item.absence) {
    const { absence } = item;
    return (
      <div className={s.changeNote}>
        <p className={s.changeIntro}>{m.absence_planningReportedOn({ date: feedMoment(locale, absence.reportedAt) })}</p>
        {absence.certificate === 'due' && absence.certificateLastDay ? (
          <p className={s.changeIntro}>{m.absence_planningCertificateDue({ day: day(locale, absence.certificateLastDay) })}</p>
        ) : null}
        <Link to="/absence" search={{ mission: item.mission }}>
          {m.absence_planningOpen()}
          {context}
        </Link>
      </div>
    );
  }
  if (missionEnded(item, now)) return null;
  return (
    <p className={s.changeNote}>
      <Link to="/absence" search={{ mission: item.mission }}>
        {m.absence_cantCome()}
        {context}
      </Link>
    </p>
  );
}
