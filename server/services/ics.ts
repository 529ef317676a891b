/**
 * The planning as iCalendar (RFC 5545): CRLF lines folded at 75 octets, escaped text, one VEVENT per mission
 * with local times in Europe/Brussels (a VTIMEZONE with the EU summer-time rules is included).
 *
 * Two uses: the one-off download (`planning.ics`, METHOD:PUBLISH, stamped now) and the subscribed feed (§12),
 * whose body depends on the missions only (each DTSTAMP is the mission's last change) so that the same planning
 * gives the same bytes and the same ETag, and calendar apps are asked to poll hourly. A mission keeps its UID
 * across changes; SEQUENCE goes up with each change; a cancelled one stays, as STATUS:CANCELLED. A mission the worker
 * reported they cannot come to is STATUS:TENTATIVE, and says so in its summary and description (decision 203).
 */
import type { Locale } from '#domain/api-schema.ts';
import { t } from '../i18n.ts';
import { jobName } from '../pdf/job-names.ts';
import type { Mission } from './missions.ts';
import type { CalendarAbsence } from './absence-views.ts';
import { addDays, printedDate } from './clock.ts';
import { brusselsToday } from '#domain/period.ts';

export const TIME_ZONE = 'Europe/Brussels';

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * TEXT of RFC 5545 §3.3.11: backslash, semicolon and comma escaped, every line break (CRLF, LF or a lone CR) as
 * `\n`, and the other control characters (which TEXT may not hold) dropped.
 */
export const escapeText = (text: string): string =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '');

/** Folds a content line at 75 octets (UTF-8), never inside a character. */
export function fold(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const local = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
const utcStamp = (d: Date) =>
  new Date(d)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

export type CalendarOptions = {
  now: Date;
  /** The portal's host name: UIDs are `mission-<id>@<host>`. */
  host: string;
  /** The portal's address: each event links to the planning. */
  publicUrl: string;
  /** The worker's language, for the calendar's name and the events' texts. */
  locale: Locale;
  /** The subscribed feed (refresh hints, a body stable for its ETag) rather than a one-off file. */
  feed: boolean;
  /** The worker's absence reports by mission (docs/decisions/203-absence-in-calendars.md); none when absent. */
  absences?: ReadonlyMap<string, CalendarAbsence>;
};

const CLOCK = new Intl.DateTimeFormat('fr-BE', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

function event(m: Mission, o: CalendarOptions): string[] {
  // A mission ending at or before its start time ends the next day (night shift).
  const endDate = m.end <= m.start ? addDays(m.date, 1) : m.date;
  const location = [m.short_location, m.location1, m.location2].filter(Boolean).join(', ');
  const cancelled = m.status === 'cancelled';
  // The job as the portal names it in the worker's language ("Hôte / hôtesse d’accueil"), never its code.
  const job = jobName(m.job, o.locale);
  const title = `${m.reference} - ${job}`;
  // A standing report marks the event (the agency's cancellation wins); reports and withdrawals are revisions of it.
  const absence = o.absences?.get(m.id);
  const reported = !cancelled && absence?.reportedAt ? absence.reportedAt : null;
  const lastModified = absence && absence.changedAt > new Date(m.last_modified) ? absence.changedAt : m.last_modified;
  const note = reported ? t(o.locale, 'ics_absenceReported', { date: printedDate(brusselsToday(reported)), time: CLOCK.format(reported) }) : '';
  const description = [note, m.briefing, t(o.locale, 'ics_mission', { reference: m.reference, job })].filter(Boolean).join('\n\n');
  const summary = cancelled ? t(o.locale, 'ics_cancelledSummary', { title }) : reported ? t(o.locale, 'ics_absenceSummary', { title }) : title;
  return [
    'BEGIN:VEVENT',
    `UID:mission-${m.id}@${o.host}`,
    `SEQUENCE:${m.sequence + (absence?.revisions ?? 0)}`,
    `DTSTAMP:${utcStamp(o.feed ? lastModified : o.now)}`,
    `LAST-MODIFIED:${utcStamp(lastModified)}`,
    `DTSTART;TZID=${TIME_ZONE}:${local(m.date, m.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${local(endDate, m.end)}`,
    `SUMMARY:${escapeText(summary)}`,
    ...(location ? [`LOCATION:${escapeText(location)}`] : []),
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${o.publicUrl}/planning`,
    `STATUS:${cancelled ? 'CANCELLED' : reported ? 'TENTATIVE' : 'CONFIRMED'}`,
    'END:VEVENT',
  ];
}

export function planningCalendar(missions: readonly Mission[], o: CalendarOptions): string {
  const name = escapeText(t(o.locale, 'pdf_planningTitle'));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Worker portal//Planning//FR',
    'CALSCALE:GREGORIAN',
    // A published file is stamped when made; a feed has no METHOD, so its DTSTAMPs are each event's last change.
    ...(o.feed ? [] : ['METHOD:PUBLISH']),
    `NAME:${name}`,
    `X-WR-CALNAME:${name}`,
    `X-WR-TIMEZONE:${TIME_ZONE}`,
    // RFC 7986 and its older Microsoft/Apple twin: ask calendar apps to read the feed again every hour.
    ...(o.feed ? ['REFRESH-INTERVAL;VALUE=DURATION:PT1H', 'X-PUBLISHED-TTL:PT1H'] : []),
    ...VTIMEZONE,
  ];
  for (const m of missions) lines.push(...event(m, o));
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
