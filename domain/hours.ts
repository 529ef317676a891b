/**
 * Hours worked: the arithmetic and the rules both sides apply (the contest form in the portal, the server's checks
 * of a recording and of a contest). Times are Brussels clock times (HH:MM); an end before the start is a night
 * shift that ends the next day. Money is integer cents, never a float: docs/decisions/196-hours-arithmetic.md.
 */
import * as v from 'valibot';
import type { ErrorCode, HoursStatus } from './api-schema.ts';
import { V } from './validation-keys.ts';

/** A recorded day waits this long for the worker's answer, then counts as confirmed (a server setting's default). */
export const HOURS_CONFIRM_WINDOW_MS = 48 * 60 * 60 * 1000;
/** The reason of a contest and the agency's note: at most this many characters. */
export const HOURS_TEXT_MAX = 500;
/** Days confirmed in one call, at most. */
export const HOURS_CONFIRM_MAX = 100;

/** Why a day that is no longer to confirm refuses the worker's answer (409), by what it is now. */
export const HOURS_REFUSAL_BY_STATUS = {
  confirmed: 'hours_confirmed',
  autoConfirmed: 'hours_auto_confirmed',
  contested: 'hours_contested',
  resolved: 'hours_resolved',
} as const satisfies Record<Exclude<HoursStatus, 'toConfirm'>, ErrorCode>;

const DAY_MINUTES = 24 * 60;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;
export const isClockTime = (text: string): boolean => CLOCK.test(text);
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** From start to end in minutes; an end before the start is the next day. 0 when they are equal (refused). */
export const shiftMinutes = (start: string, end: string): number => (minutesOf(end) - minutesOf(start) + DAY_MINUTES) % DAY_MINUTES;
export const endsNextDay = (start: string, end: string): boolean => minutesOf(end) < minutesOf(start);
export const paidMinutes = (entry: HoursEntry): number => shiftMinutes(entry.start, entry.end) - entry.breakMinutes;

/**
 * The gross pay of paid minutes at an hourly wage, in cents, rounded half up to the cent: minutes × cents / 60 is
 * exact in integers (a day is under 1440 minutes, a wage under 100 000 cents: far below 2^53).
 */
export const grossCents = (minutes: number, hourlyWageCents: number): number => Math.floor((minutes * hourlyWageCents * 2 + 60) / 120);

/** The student quota of a calendar year in hours (reduced contributions): 650 since 2025, 600 in 2023-2024, 475 before. */
export type StudentQuotas = ReadonlyArray<{ from: number; hours: number }>;
export const STUDENT_QUOTAS: StudentQuotas = [
  { from: 2025, hours: 650 },
  { from: 2023, hours: 600 },
  { from: 0, hours: 475 },
];
export const studentQuota = (year: number, quotas: StudentQuotas = STUDENT_QUOTAS): number =>
  [...quotas].sort((a, b) => b.from - a.from).find((q) => year >= q.from)?.hours ?? 0;

/**
 * A student is warned when this share of the year's quota, or less, is left: 65 h of 650, 60 h of 600, 47 h 30 of
 * 475 (docs/decisions/228-student-counter.md).
 */
export const STUDENT_QUOTA_WARNING_SHARE = 0.1;

/** Where a student's paid hours stand against the quota: well under it, near it, at it, or over it (in minutes). */
export type QuotaStanding = { state: 'under' | 'near' | 'reached' | 'over'; leftMinutes: number; overMinutes: number };
export function quotaStanding(paidMinutes: number, quotaHours: number): QuotaStanding {
  const left = quotaHours * 60 - paidMinutes;
  if (left < 0) return { state: 'over', leftMinutes: 0, overMinutes: -left };
  if (left === 0) return { state: 'reached', leftMinutes: 0, overMinutes: 0 };
  return { state: left <= quotaHours * 60 * STUDENT_QUOTA_WARNING_SHARE ? 'near' : 'under', leftMinutes: left, overMinutes: 0 };
}

/** Where Student@work (the social security's site) shows a student's official balance across all employers. */
export const STUDENT_AT_WORK_URL = 'https://www.studentatwork.be';

export type HoursEntry = { start: string; end: string; breakMinutes: number };

const clock = v.pipe(v.string(V.required), v.trim(), v.nonEmpty(V.required), v.check(isClockTime, V.time));
const breakField = v.pipe(v.number(V.required), v.integer(V.outOfRange), v.minValue(0, V.outOfRange), v.maxValue(DAY_MINUTES - 1, V.outOfRange));
const shift = { start: clock, end: clock, breakMinutes: breakField };
const hasTimes = (e: { start: string; end: string }) => isClockTime(e.start) && isClockTime(e.end);

/** The shift is not empty (an end equal to the start is refused rather than read as 24 hours). */
const endDiffers = (e: { start: string; end: string }) => !hasTimes(e) || shiftMinutes(e.start, e.end) > 0;
/** The unpaid break is shorter than the shift (checked once the shift itself is valid). */
const breakFits = (e: HoursEntry) => !hasTimes(e) || shiftMinutes(e.start, e.end) === 0 || e.breakMinutes < shiftMinutes(e.start, e.end);

/** The hours of a day as the client records them (back-office). Each bad input has its own message and field. */
export const hoursEntryRules = v.pipe(
  v.object(shift),
  v.forward(v.partialCheck([['start'], ['end']], endDiffers, V.hoursEndEqualsStart), ['end']),
  v.forward(v.partialCheck([['start'], ['end'], ['breakMinutes']], breakFits, V.hoursBreakTooLong), ['breakMinutes']),
);

/** A worker's contest: the hours they worked and why (required, at most 500 characters). */
export const contestRules = v.pipe(
  v.object({
    ...shift,
    reason: v.pipe(v.string(V.hoursReasonRequired), v.trim(), v.nonEmpty(V.hoursReasonRequired), v.maxLength(HOURS_TEXT_MAX, V.hoursTextTooLong)),
  }),
  v.forward(v.partialCheck([['start'], ['end']], endDiffers, V.hoursEndEqualsStart), ['end']),
  v.forward(v.partialCheck([['start'], ['end'], ['breakMinutes']], breakFits, V.hoursBreakTooLong), ['breakMinutes']),
);
export type ContestEntry = v.InferOutput<typeof contestRules>;
