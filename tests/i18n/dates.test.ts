import { describe, expect, it } from 'vitest';
import { formatDay, monthName } from '../../src/i18n/dates.ts';

const long = { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' } as const;

describe('formatDay', () => {
  it('writes a calendar day as Belgians do, in either language, whatever the time zone', () => {
    expect(formatDay('fr', { year: 2027, month: 3, day: 1 }, long)).toBe('lundi 1 mars 2027');
    expect(formatDay('nl', '2027-03-01', long)).toBe('maandag 1 maart 2027');
    expect(monthName('nl', 3)).toBe('maart');
  });

  it('answers a day written before the same way, and never mixes languages, styles or days', () => {
    const first = formatDay('fr', '2027-03-02', long);
    expect(formatDay('fr', { year: 2027, month: 3, day: 2 }, long)).toBe(first);
    expect(formatDay('nl', '2027-03-02', long)).toBe('dinsdag 2 maart 2027');
    expect(formatDay('fr', '2027-03-02', { weekday: 'short', day: 'numeric' })).toBe('mar. 2');
    expect(formatDay('fr', '2027-03-03', long)).toBe('mercredi 3 mars 2027');
  });

  it('stays right after writing more days than it keeps', () => {
    for (let i = 0; i < 6_000; i++)
      formatDay('fr', { year: 2000 + (i % 50), month: 1 + (i % 12), day: 1 + (i % 28) }, { day: 'numeric', month: 'numeric', year: 'numeric' });
    expect(formatDay('fr', '2027-03-01', long)).toBe('lundi 1 mars 2027');
  });
});
