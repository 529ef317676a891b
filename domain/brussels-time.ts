/**
 * Instants of the agency's wall clock (Europe/Brussels): missions are planned as a day and local times, and the rules
 * about them ("has it started?", "does it start within 24 hours?") compare instants. Pure; the time zone database of
 * the JavaScript engine (Intl) knows the summer-time changes, so nothing is hard-coded here.
 */
const PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Brussels',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** How far Brussels' wall clock is ahead of UTC at an instant, in milliseconds (1 or 2 hours). */
function offsetAt(ms: number): number {
  const parts = Object.fromEntries(PARTS.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant at which Brussels' clocks show `time` (HH:MM) on `date` (YYYY-MM-DD). A time skipped by the spring
 * change (02:30 on the last Sunday of March) is read with the offset before it, i.e. an hour later in summer time; a
 * time shown twice in autumn is its first occurrence.
 */
export function brusselsInstant(date: string, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const first = wall - offsetAt(wall - 2 * 3600_000);
  const second = wall - offsetAt(first);
  return new Date(offsetAt(second) === offsetAt(first) ? second : first);
}

/** The day after a YYYY-MM-DD day (calendar arithmetic). */
export function nextDay(date: string, days = 1): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
