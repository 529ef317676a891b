/**
 * The rules of staffing an offer that the server and the screens share (docs/decisions/262-give-back.md,
 * 264-quota-on-offers.md): until when an accepted place can be given back, and what an offer's shifts weigh against
 * a student's yearly quota.
 */
import { brusselsInstant, endsNextDay, type ShiftTimes } from './offers.ts';

/** A place can be given back until this many hours before its first shift (OFFER_GIVE_BACK_HOURS). */
export const OFFER_GIVE_BACK_HOURS = 48;

/** A give-back reason is at most this long (openapi.yaml `OfferGiveBack.reason`). */
export const OFFER_GIVE_BACK_REASON_MAX = 500;

/** The first shift of an offer (its shifts come in order, but a caller may hand them in any). */
const firstOf = (shifts: readonly ShiftTimes[]): ShiftTimes | undefined =>
  [...shifts].sort((a, b) => (`${a.date}T${a.start}` < `${b.date}T${b.start}` ? -1 : 1))[0];

/** The instant from which the place can no longer be given back: the first shift's start less the window. */
export function giveBackUntil(shifts: readonly ShiftTimes[], windowMs: number): Date | null {
  const first = firstOf(shifts);
  return first ? new Date(brusselsInstant(first.date, first.start).getTime() - windowMs) : null;
}

/** Given back before the cut-off only: from that very instant on, it is "I can't come" (as deadlines are). */
export const canGiveBack = (until: Date | null, now: Date): boolean => until !== null && now.getTime() < until.getTime();

const clock = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** A shift's length in minutes (a night shift ends the next day); no break is known, so none is deducted. */
export const shiftMinutes = (s: ShiftTimes): number => clock(s.end) - clock(s.start) + (endsNextDay(s) ? 24 * 60 : 0);

export type OfferQuotaFacts = { year: number; quotaHours: number; paidMinutes: number; addsMinutes: number; leftAfterMinutes: number; over: boolean };

/** The year an offer counts in (its first shift's) and the minutes its shifts of that year add. */
export function offerYearMinutes(shifts: readonly ShiftTimes[]): { year: number; minutes: number } | null {
  const first = firstOf(shifts);
  if (!first) return null;
  const year = Number(first.date.slice(0, 4));
  return { year, minutes: shifts.filter((s) => Number(s.date.slice(0, 4)) === year).reduce((sum, s) => sum + shiftMinutes(s), 0) };
}

/** The offer against the year's quota: what it adds, what would be left, and whether it passes the quota. */
export function offerQuota(year: number, quotaHours: number, paidMinutes: number, addsMinutes: number): OfferQuotaFacts {
  const leftAfterMinutes = quotaHours * 60 - paidMinutes - addsMinutes;
  return { year, quotaHours, paidMinutes, addsMinutes, leftAfterMinutes, over: leftAfterMinutes < 0 };
}
