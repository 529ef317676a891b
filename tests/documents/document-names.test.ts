/** Payslips and fiscal attests read from their names (spec §3), and the period rules of the attest and C4 (§5). */
import { describe, expect, it } from 'vitest';
import { fiscalYears, groupPayslips, parsePayslip } from '../../src/features/documents/document-names.ts';
import { brusselsToday, defaultPeriod } from '../../src/domain/period.ts';
import { periodErrors } from '../../src/features/documents/period-download.tsx';

describe('payslips by year then month', () => {
  it('groups newest first, keeps several payslips of a month, skips names that are not payslips', () => {
    const names = ['payslip-202511-a1', 'payslip-202602-b2', 'payslip-202601-c3', 'payslip-202602-d4', 'fiscal-2025-x', 'payslip-202613-bad', 'payslip-2026-short', 'other-202601-z'];
    expect(groupPayslips(names)).toEqual([
      { year: 2026, months: [{ month: 2, names: ['payslip-202602-b2', 'payslip-202602-d4'] }, { month: 1, names: ['payslip-202601-c3'] }] },
      { year: 2025, months: [{ month: 11, names: ['payslip-202511-a1'] }] },
    ]);
  });

  it('reads the year and month from the second dash-separated part', () => {
    expect(parsePayslip('payslip-20260315extra-id')).toEqual({ name: 'payslip-20260315extra-id', year: 2026, month: 3 });
    expect(parsePayslip('payslip-202600-id')).toBeNull();
    expect(parsePayslip('fiscal-202601-id')).toBeNull();
  });

  it('lists fiscal years newest first', () => {
    expect(fiscalYears(['fiscal-2023-a', 'fiscal-2025-b', 'payslip-202501-c', 'fiscal-20x4-d']).map((f) => f.year)).toEqual([2025, 2023]);
  });
});

describe('the attest and C4 period', () => {
  it.each([
    ['2026-05-14', { start: '2026-04-01', end: '2026-05-14' }],
    ['2026-01-31', { start: '2025-12-01', end: '2026-01-31' }],
    ['2026-03-01', { start: '2026-02-01', end: '2026-03-01' }],
  ])('defaults from the first day of the previous month to today (%s)', (today, period) => expect(defaultPeriod(today)).toEqual(period));

  it('today is Brussels’ day', () => {
    expect(brusselsToday(new Date('2026-05-31T22:30:00Z'))).toBe('2026-06-01');
    expect(brusselsToday(new Date('2026-12-31T22:30:00Z'))).toBe('2026-12-31');
  });

  it('needs both dates, real ones, start on or before end', () => {
    expect(periodErrors({ start: '2026-04-01', end: '2026-04-01' })).toEqual({});
    expect(periodErrors({ start: '', end: '' })).toEqual({ start: 'validation_required', end: 'validation_required' });
    expect(periodErrors({ start: '2026-02-30', end: '2026-03-01' })).toEqual({ start: 'validation_date' });
    expect(periodErrors({ start: '2026-04-02', end: '2026-04-01' })).toEqual({ end: 'validation_periodOrder' });
  });
});
