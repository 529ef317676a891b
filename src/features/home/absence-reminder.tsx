/**
 * The home's part of absence reports (requirements §16): a reminder while a medical certificate is still due (the mission,
 * the last day, a link to send it), and on each upcoming mission of the summary either "I can't come" or, once
 * reported, the link to its receipt. The links name their mission for screen readers.
 */
import { Link } from '@tanstack/react-router';
import type { AbsenceReport, PlanningItem } from '#domain/api-schema.ts';
import { missionEnded } from '#domain/absence.ts';
import { formatDay } from '../../i18n/dates.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import * as s from './home-summary.css.ts';

const day = (locale: Locale, date: string) => formatDay(locale, date, { weekday: 'long', day: 'numeric', month: 'long' });
const missionName = (locale: Locale, reference: string, date: string) => ` (${m.absence_missionContext({ reference, day: day(locale, date) })})`;

/** The reports whose certificate is still awaited, soonest deadline first. */
export const certificatesDue = (reports: readonly AbsenceReport[]): AbsenceReport[] =>
  reports
    .filter((r) => r.status === 'reported' && r.certificate.status === 'due')
    .sort((a, b) => (a.certificate.dueBy ?? '').localeCompare(b.certificate.dueBy ?? ''));

export function CertificateReminder({ reports, locale }: { reports: readonly AbsenceReport[]; locale: Locale }) {
  if (reports.length === 0) return null;
  return (
    <section aria-labelledby="home-certificates" className={s.card}>
      <h2 id="home-certificates" className={s.title}>
        {m.absence_reminderTitle()}
      </h2>
      <ul className={s.missions}>
        {reports.map((r) => (
          <li key={r.id} data-report={r.id}>
            <p className={s.tone.warning}>
              {m.absence_reminderText({ reference: r.mission.reference, day: day(locale, r.mission.date), lastDay: day(locale, r.certificate.lastDay!) })}
            </p>
            <Link to="/absence" search={{ mission: r.mission.mission }} className={s.link}>
              {m.absence_reminderLink()}
              <VisuallyHidden>{missionName(locale, r.mission.reference, r.mission.date)}</VisuallyHidden>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "I can't come" on a mission of the summary, or the receipt's link once reported; nothing once it ended or was cancelled. */
export function AbsenceMissionLink({ item, locale, now }: { item: PlanningItem; locale: Locale; now: Date }) {
  if (item.status === 'cancelled' || (!item.absence && missionEnded(item, now))) return null;
  return (
    <>
      {' '}
      <Link to="/absence" search={{ mission: item.mission }}>
        {item.absence ? m.absence_planningOpen() : m.absence_cantCome()}
        <VisuallyHidden>{missionName(locale, item.reference, item.date)}</VisuallyHidden>
      </Link>
    </>
  );
}
