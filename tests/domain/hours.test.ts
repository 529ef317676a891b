import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { contestRules, endsNextDay, grossCents, hoursEntryRules, paidMinutes, shiftMinutes, studentQuota } from '#domain/hours.ts';
import { formatCents, formatMinutes } from '#domain/hours-format.ts';

describe('hours arithmetic (docs/decisions/196)', () => {
  it('a 7 h 36 shift with a 30 min break at EUR 14.37 pays 7 h 06, EUR 102.03', () => {
    const minutes = paidMinutes({ start: '08:00', end: '15:36', breakMinutes: 30 });
    expect(minutes).toBe(426);
    expect(grossCents(minutes, 1437)).toBe(10203); // 10 202.7 cents, rounded half up
    expect([formatMinutes('fr', minutes), formatMinutes('nl', minutes)]).toEqual(['7 h 06', '7 u 06']);
    expect([formatCents('fr', 10203), formatCents('nl', 10203)]).toEqual(['102,03\u00a0€', '€\u00a0102,03']);
  });

  it('rounds half a cent up, and never goes through a float', () => {
    expect(grossCents(510, 1437)).toBe(12215); // 12 214.5
    expect(grossCents(1, 1)).toBe(0); // 0.0167
    expect(grossCents(30, 1)).toBe(1); // 0.5
    expect(grossCents(1439, 100_000)).toBe(2_398_333); // the largest day at the largest wage, exact
  });

  it('a night shift ends the next day; an end equal to the start is no shift', () => {
    expect([shiftMinutes('22:00', '06:00'), endsNextDay('22:00', '06:00')]).toEqual([480, true]);
    expect([shiftMinutes('00:00', '23:59'), endsNextDay('00:00', '23:59')]).toEqual([1439, false]);
    expect(shiftMinutes('09:00', '09:00')).toBe(0);
  });

  it('the student quota by year: 475 h before 2023, 600 h in 2023-2024, 650 h since 2025', () => {
    expect([2021, 2022, 2023, 2024, 2025, 2030].map((y) => studentQuota(y))).toEqual([475, 475, 600, 600, 650, 650]);
    expect(
      studentQuota(2027, [
        { from: 0, hours: 475 },
        { from: 2027, hours: 700 },
      ]),
    ).toBe(700);
  });
});

describe('the rules of a recording and of a contest', () => {
  const issues = (schema: typeof contestRules | typeof hoursEntryRules, input: object) =>
    Object.fromEntries((v.safeParse(schema, input).issues ?? []).map((i) => [i.path?.map((p) => p.key).join('.'), i.message]));
  const ok = { start: '08:00', end: '15:36', breakMinutes: 30, reason: 'Démontage.' };

  it('accepts a day, a night shift, a reason of 500 characters', () => {
    expect(issues(contestRules, ok)).toEqual({});
    expect(issues(contestRules, { ...ok, start: '22:00', end: '06:00', breakMinutes: 479 })).toEqual({});
    expect(issues(contestRules, { ...ok, reason: 'x'.repeat(500) })).toEqual({});
  });

  it('gives each bad input its own message', () => {
    expect(issues(contestRules, { ...ok, end: '08:00' })).toEqual({ end: 'validation_hoursEndEqualsStart' });
    expect(issues(contestRules, { ...ok, breakMinutes: 456 })).toEqual({ breakMinutes: 'validation_hoursBreakTooLong' });
    expect(issues(contestRules, { ...ok, start: '24:00', end: '7:30' })).toEqual({ start: 'validation_time', end: 'validation_time' });
    expect(issues(contestRules, { ...ok, reason: ' \n ' })).toEqual({ reason: 'validation_hoursReasonRequired' });
    expect(issues(contestRules, { ...ok, reason: 'x'.repeat(501) })).toEqual({ reason: 'validation_hoursTextTooLong' });
    expect(issues(hoursEntryRules, { start: '08:00', end: '15:00', breakMinutes: -5 })).toEqual({ breakMinutes: 'validation_outOfRange' });
  });
});
