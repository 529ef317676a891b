// The pure rules of absence reports (domain): Brussels wall-clock instants across the summer-time changes,
// Belgian working days and public holidays, the certificate's deadline, and when the worker must also phone.
import { describe, expect, it } from 'vitest';
import { missionEnded, missionSpan, missionStarted, mustPhoneAgency, telHref } from '#domain/absence.ts';
import { brusselsInstant } from '#domain/brussels-time.ts';
import { belgianPublicHolidays, certificateDeadline, easterSunday, isWorkingDay, workingDaysAfter } from '#domain/working-days.ts';

const iso = (d: Date) => d.toISOString();

describe('Brussels wall-clock instants', () => {
  it.each([
    ['2027-01-15', '10:00', '2027-01-15T09:00:00.000Z'], // winter
    ['2027-07-15', '10:00', '2027-07-15T08:00:00.000Z'], // summer
    ['2027-03-28', '01:30', '2027-03-28T00:30:00.000Z'], // before the spring change
    ['2027-03-28', '02:30', '2027-03-28T01:30:00.000Z'], // skipped by the change: read as 03:30 summer time
    ['2027-03-28', '03:00', '2027-03-28T01:00:00.000Z'],
    ['2027-10-31', '02:30', '2027-10-31T00:30:00.000Z'], // shown twice in autumn: the first one
    ['2027-10-31', '03:00', '2027-10-31T02:00:00.000Z'],
    ['2027-12-31', '23:59', '2027-12-31T22:59:00.000Z'],
  ])('%s %s is %s', (date, time, expected) => expect(iso(brusselsInstant(date, time))).toBe(expected));
});

describe('Belgian working days', () => {
  it('knows Easter and the ten legal public holidays', () => {
    expect([2024, 2025, 2026, 2027, 2038].map(easterSunday)).toEqual(['2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2038-04-25']);
    expect(belgianPublicHolidays(2027)).toEqual([
      '2027-01-01',
      '2027-03-29',
      '2027-05-01',
      '2027-05-06',
      '2027-05-17',
      '2027-07-21',
      '2027-08-15',
      '2027-11-01',
      '2027-11-11',
      '2027-12-25',
    ]);
  });

  it('counts Monday to Friday without the public holidays (regional days stay working days)', () => {
    expect(['2027-03-26', '2027-03-27', '2027-03-28', '2027-03-29', '2027-03-30'].map(isWorkingDay)).toEqual([true, false, false, false, true]);
    expect([isWorkingDay('2027-07-11'), isWorkingDay('2027-09-27'), isWorkingDay('2027-11-11')]).toEqual([false, true, false]); // 11 July 2027 is a Sunday
    expect(isWorkingDay('2026-07-13')).toBe(true);
    expect([
      workingDaysAfter('2027-03-25', 2),
      workingDaysAfter('2027-03-27', 2),
      workingDaysAfter('2027-12-24', 2),
      workingDaysAfter('2027-03-25', 0),
    ]).toEqual(['2027-03-30', '2027-03-31', '2027-12-28', '2027-03-25']);
  });

  it('gives the certificate until the end of the Nth working day after the report, Brussels time', () => {
    // Thursday 10:00 → Friday, (weekend, Easter Monday,) Tuesday; midnight at its end is 22:00 UTC in summer time.
    expect(certificateDeadline(new Date('2027-03-25T09:00:00Z'), 2)).toEqual({ lastDay: '2027-03-30', dueBy: new Date('2027-03-30T22:00:00Z') });
    // Reported at 23:30 on a Monday in Brussels (still Monday there, already Tuesday nowhere): Tuesday, Wednesday.
    expect(certificateDeadline(new Date('2027-01-11T22:30:00Z'), 2)).toEqual({ lastDay: '2027-01-13', dueBy: new Date('2027-01-13T23:00:00Z') });
    // Reported just after midnight in Brussels on Tuesday: Wednesday, Thursday.
    expect(certificateDeadline(new Date('2027-01-11T23:30:00Z'), 2).lastDay).toBe('2027-01-14');
  });
});

describe('a mission and the clock', () => {
  const day = { date: '2027-03-26', start: '08:00', end: '16:00' };
  const night = { date: '2027-03-26', start: '22:00', end: '06:00' };

  it('starts and ends at its Brussels times; a night shift ends the next day', () => {
    expect(missionSpan(night)).toEqual({ start: new Date('2027-03-26T21:00:00Z'), end: new Date('2027-03-27T05:00:00Z') });
    expect([missionStarted(day, new Date('2027-03-26T06:59:59Z')), missionStarted(day, new Date('2027-03-26T07:00:00Z'))]).toEqual([false, true]);
    expect([missionEnded(day, new Date('2027-03-26T14:59:59Z')), missionEnded(day, new Date('2027-03-26T15:00:00Z'))]).toEqual([false, true]);
  });

  it('calls for a phone call from 24 hours before the start until the end', () => {
    expect(
      ['2027-03-25T06:59:59Z', '2027-03-25T07:00:00Z', '2027-03-26T10:00:00Z', '2027-03-26T14:59:59Z', '2027-03-26T15:00:00Z'].map((t) =>
        mustPhoneAgency(day, new Date(t)),
      ),
    ).toEqual([false, true, true, true, false]);
  });

  it('writes a tel: address of the number as written', () => expect(telHref('+32 2 555.01-23')).toBe('tel:+3225550123'));
});
