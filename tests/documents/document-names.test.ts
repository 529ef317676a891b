/** Payslips and fiscal attests read from their names (spec §3), and the period rules of the attest and C4 (§5). */
import { describe, expect, it } from 'vitest';
import { fiscalYears, groupPayslips } from '../../src/features/documents/document-names.ts';
import { parsePayslipName as parsePayslip } from '#domain/document-names.ts';
import { downloadName } from '#domain/download-names.ts';
import { brusselsToday, defaultPeriod } from '#domain/period.ts';
import { periodErrors } from '../../src/features/documents/period-download.tsx';

describe('payslips by year then month', () => {
  it('groups newest first, keeps several payslips of a month, whatever the prefix; lists apart the names it cannot read', () => {
    const names = [
      'payslip-202511-a1',
      'loonbrief-202602-b2',
      'FP_9-202601-c3',
      'payslip-202602-d4',
      'fiscal-2025-x',
      'payslip-202613-bad',
      'payslip-2026-short',
      'other-202601-z',
      'nodash',
      '-202601-noprefix',
    ];
    expect(groupPayslips(names)).toEqual({
      dated: [
        {
          year: 2026,
          months: [
            { month: 2, names: ['loonbrief-202602-b2', 'payslip-202602-d4'] },
            { month: 1, names: ['FP_9-202601-c3', 'other-202601-z'] },
          ],
        },
        { year: 2025, months: [{ month: 11, names: ['payslip-202511-a1'] }] },
      ],
      undated: ['fiscal-2025-x', 'payslip-202613-bad', 'payslip-2026-short', 'nodash', '-202601-noprefix'],
    });
  });

  it('reads the year and month from the second dash-separated part', () => {
    expect(parsePayslip('payslip-20260315extra-id')).toEqual({ name: 'payslip-20260315extra-id', year: 2026, month: 3 });
    expect(parsePayslip('payslip-202600-id')).toBeNull();
    expect(parsePayslip('fiscal-202601-id')).toEqual({ name: 'fiscal-202601-id', year: 2026, month: 1 });
    expect(parsePayslip('loonbrief-202601')).toEqual({ name: 'loonbrief-202601', year: 2026, month: 1 });
  });

  it('lists fiscal years newest first, whatever the prefix; lists apart the names it cannot read', () => {
    const { dated, undated } = fiscalYears(['fiscal-2023-a', 'attest281-2025-b', 'FISC_2024', 'fiscal-20x4-d', 'fiscal']);
    expect(dated.map((f) => [f.name, f.year])).toEqual([
      ['attest281-2025-b', 2025],
      ['fiscal-2023-a', 2023],
    ]);
    expect(undated).toEqual(['FISC_2024', 'fiscal-20x4-d', 'fiscal']);
  });
});

describe('download names (one rule, decision 135)', () => {
  it('words in the worker language, then what identifies the document; safe characters only', () => {
    expect(downloadName('contrat', ['FOIRE-LIEGE-3', '2026-12-04'], 'pdf')).toBe('contrat-FOIRE-LIEGE-3-2026-12-04.pdf');
    expect(downloadName('fiche de paie', ['2026-02'], 'pdf')).toBe('fiche-de-paie-2026-02.pdf');
    expect(downloadName('contract', ['GALA NOËL / ½ "été"', '2026-12-04'], 'pdf')).toBe('contract-GALA-NOEL-ete-2026-12-04.pdf');
    expect(downloadName('../../etc', ['passwd\u0000'], 'ics')).toBe('etc-passwd.ics');
    expect(downloadName('', ['***'], 'pdf')).toBe('document.pdf');
    expect(downloadName('x', ['a'.repeat(300)], 'pdf')).toHaveLength(124);
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
