/**
 * The rules of an offer's shifts that the server and the screens share (docs/decisions/191-offer-overlap-and-day-parts.md):
 * when a shift starts and ends, whether two overlap, which day parts of the availability calendar it falls in, and
 * how long a closed offer stays listed. Times are Brussels local time (HH:MM); a shift whose end is at or before its
 * start ends the next day (a night shift), as the calendar feed already reads missions.
 */
import type { OfferStatus } from './api-schema.ts';
import type { AVAILABILITY_SLOTS } from './constants.ts';

export type AvailabilitySlot = (typeof AVAILABILITY_SLOTS)[number];

/** A closed offer (answered, filled, expired, withdrawn) stays listed this long after it closed. */
export const OFFER_VISIBLE_AFTER_CLOSE_DAYS = 7;

/** A decline reason is at most this long (openapi.yaml `OfferDecline.reason`; tests/domain/contract-constants.test.ts checks they agree). */
export const OFFER_DECLINE_REASON_MAX = 500;

type Deadlined = { status: OfferStatus; answerBy: string; closedAt: string | null };
/** An open offer whose deadline came: expired, closed at its deadline (as the server answers it from then on). */
export const expiredAtDeadline = <T extends Deadlined>(offer: T): T => ({ ...offer, status: 'expired', closedAt: offer.answerBy });
/**
 * The offer as it stands at `now`: an offer still open past its deadline is expired (the server says the same from
 * that instant on, openapi.yaml `Offer.answerBy`). Any other offer is as it was read.
 */
export const offerAt = <T extends Deadlined>(offer: T, now: number): T =>
  offer.status === 'open' && now >= Date.parse(offer.answerBy) ? expiredAtDeadline(offer) : offer;

/** Open, and none of its shifts overlaps one of the worker's missions: a place the worker can take. */
export const canBeTaken = (offer: { status: OfferStatus; shifts: ReadonlyArray<{ overlaps: unknown }> } | null): boolean =>
  offer?.status === 'open' && offer.shifts.every((shift) => shift.overlaps === null);

export type ShiftTimes = { date: string; start: string; end: string };

/** The next calendar day of a YYYY-MM-DD date. */
export function nextDay(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const endsNextDay = (s: Pick<ShiftTimes, 'start' | 'end'>): boolean => s.end <= s.start;

/** Start and end as sortable local date-times (`YYYY-MM-DDTHH:MM`). */
export function shiftSpan(s: ShiftTimes): { from: string; to: string } {
  return { from: `${s.date}T${s.start}`, to: `${endsNextDay(s) ? nextDay(s.date) : s.date}T${s.end}` };
}

/**
 * Two shifts overlap when each starts before the other ends. One ending exactly when the other starts does not
 * (a worker can go from a 08:00–12:00 to a 12:00–16:00).
 */
export function shiftsOverlap(a: ShiftTimes, b: ShiftTimes): boolean {
  const x = shiftSpan(a);
  const y = shiftSpan(b);
  return x.from < y.to && y.from < x.to;
}

/**
 * The availability calendar's three day parts as hours of the day: morning 06–12, afternoon 12–18, evening 18–24.
 * The small hours (00–06) continue the previous day's evening: a worker available that evening is available for a
 * night shift until 06:00 (nobody marks "morning" to say they can work at 03:00).
 */
const PARTS: ReadonlyArray<{ part: AvailabilitySlot; from: number; to: number }> = [
  { part: 'morning', from: 6 * 60, to: 12 * 60 },
  { part: 'afternoon', from: 12 * 60, to: 18 * 60 },
  { part: 'evening', from: 18 * 60, to: 30 * 60 },
];

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const dayBefore = (date: string) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/**
 * The day parts a shift covers, each with the calendar day whose slot it is (the small hours count on the evening
 * before), in order and without repeats.
 */
export function dayPartsOf(s: ShiftTimes): Array<{ date: string; part: AvailabilitySlot }> {
  // Minutes from midnight of the day before the shift's date: a shift from 00:30 belongs to that day's evening.
  const from = 24 * 60 + minutes(s.start);
  const to = 24 * 60 + minutes(s.end) + (endsNextDay(s) ? 24 * 60 : 0);
  const out: Array<{ date: string; part: AvailabilitySlot }> = [];
  const days = [dayBefore(s.date), s.date, nextDay(s.date)];
  days.forEach((date, i) => {
    for (const p of PARTS) {
      const start = i * 24 * 60 + p.from;
      const end = i * 24 * 60 + p.to;
      if (from < end && start < to) out.push({ date, part: p.part });
    }
  });
  return out;
}

/**
 * The instant of a Brussels local date and time (summer time included). In the hour that does not exist (the spring
 * change) it answers the instant an hour later; in the hour that happens twice (autumn) the first of the two.
 */
export function brusselsInstant(date: string, time: string): Date {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  // Brussels is UTC+1 or UTC+2: try both offsets and keep the one whose local reading is the time asked.
  for (const offset of [2, 1]) {
    const candidate = new Date(asUtc - offset * 3600_000);
    if (brusselsReading(candidate) === `${date}T${time}`) return candidate;
  }
  return new Date(asUtc - 3600_000);
}

const READING = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Brussels',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function brusselsReading(instant: Date): string {
  const parts = Object.fromEntries(READING.formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The Brussels calendar day and clock time of an instant (`YYYY-MM-DD`, `HH:MM`): how mails and screens print a deadline. */
export function brusselsDateTime(instant: Date): { date: string; time: string } {
  const [date, time] = brusselsReading(instant).split('T') as [string, string];
  return { date, time };
}
