/**
 * The planning as iCalendar (RFC 5545): CRLF lines folded at 75 octets, escaped text, one VEVENT per mission
 * with local times in Europe/Brussels (a VTIMEZONE with the EU summer-time rules is included).
 */
import type { Mission } from './missions.ts';
import { addDays } from './clock.ts';

const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Brussels',
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

export const escapeText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

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
const utcStamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

export function planningCalendar(missions: Mission[], options: { now: Date; host: string; calendarName: string }): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Worker portal//Planning//FR', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', `X-WR-CALNAME:${escapeText(options.calendarName)}`, ...VTIMEZONE];
  for (const m of missions) {
    // A mission ending at or before its start time ends the next day (night shift).
    const endDate = m.end <= m.start ? addDays(m.date, 1) : m.date;
    const location = [m.location1, m.location2].filter(Boolean).join(', ') || m.short_location;
    lines.push(
      'BEGIN:VEVENT',
      `UID:mission-${m.id}@${options.host}`,
      `DTSTAMP:${utcStamp(options.now)}`,
      `DTSTART;TZID=Europe/Brussels:${local(m.date, m.start)}`,
      `DTEND;TZID=Europe/Brussels:${local(endDate, m.end)}`,
      `SUMMARY:${escapeText(`${m.reference} - ${m.job}`)}`,
      `LOCATION:${escapeText(location)}`,
      ...(m.briefing ? [`DESCRIPTION:${escapeText(m.briefing)}`] : []),
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(fold).join('\r\n') + '\r\n';
}
