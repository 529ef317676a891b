/**
 * Belgian working days, for the medical certificate's deadline (docs/decisions/201-certificate-deadline.md):
 * Monday to Friday, except the ten legal public holidays that apply everywhere in Belgium (Royal Decree of
 * 18 April 1974): New Year's Day, Easter Monday, Labour Day, Ascension Day, Whit Monday, the National Day, the
 * Assumption, All Saints' Day, Armistice Day and Christmas Day. Regional and community days (11 July, 27 September,
 * 15 November…) and the days a sector or an employer adds are not counted out: the rule must hold for every worker.
 * Pure calendar arithmetic on YYYY-MM-DD days.
 */
import { brusselsInstant, nextDay } from './brussels-time.ts';
import { brusselsToday } from './period.ts';

const iso = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return iso(year, month, day);
}

/** The ten Belgian legal public holidays of a year, in calendar order. */
export function belgianPublicHolidays(year: number): string[] {
  const easter = easterSunday(year);
  return [
    iso(year, 1, 1),
    nextDay(easter, 1), // Easter Monday
    iso(year, 5, 1),
    nextDay(easter, 39), // Ascension Day
    nextDay(easter, 50), // Whit Monday
    iso(year, 7, 21),
    iso(year, 8, 15),
    iso(year, 11, 1),
    iso(year, 11, 11),
    iso(year, 12, 25),
  ].sort();
}

const holidays = new Map<number, Set<string>>();
const isHoliday = (day: string) => {
  const year = Number(day.slice(0, 4));
  let set = holidays.get(year);
  if (!set) holidays.set(year, (set = new Set(belgianPublicHolidays(year))));
  return set.has(day);
};

/** Monday to Friday, and not a Belgian legal public holiday. */
export function isWorkingDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isHoliday(day);
}

/** The `count`-th working day after `day` (not counting `day` itself, whatever it is). */
export function workingDaysAfter(day: string, count: number): string {
  let current = day;
  for (let found = 0; found < count; ) {
    current = nextDay(current);
    if (isWorkingDay(current)) found++;
  }
  return current;
}

/**
 * The certificate's deadline for a report made at `reportedAt`: the whole of the `workingDays`-th working day after
 * the report's day in Brussels. `lastDay` is that day (what the worker reads); `dueBy` the first instant at which the
 * certificate is late (midnight at its end, Brussels time), which the server compares with its clock.
 */
export function certificateDeadline(reportedAt: Date, workingDays: number): { lastDay: string; dueBy: Date } {
  const lastDay = workingDaysAfter(brusselsToday(reportedAt), workingDays);
  return { lastDay, dueBy: brusselsInstant(nextDay(lastDay), '00:00') };
}
