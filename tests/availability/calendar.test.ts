/** The calendar's pure helpers: the month of the URL in Brussels, the grid's key moves, and the URL sync. */
import { describe, expect, it, vi } from 'vitest';
import { currentMonth, dayMatrix, monthFromSearch, moveFocus } from '../../src/features/availability/calendar.ts';
import { MonthUrlSync } from '../../src/features/availability/month-url-sync.ts';
import { monthOf } from '../machines/fixtures/availability.ts';

describe('the current month is Brussels’', () => {
  it.each([
    ['2026-05-31T21:59:00Z', { year: 2026, month: 5 }],
    ['2026-05-31T22:00:00Z', { year: 2026, month: 6 }], // midnight in Brussels (CEST)
    ['2026-12-31T23:00:00Z', { year: 2027, month: 1 }], // midnight in Brussels (CET)
  ] as const)('%s → %j', (now, month) => expect(currentMonth(new Date(now))).toEqual(month));

  it('a search with bad or missing values falls back', () => {
    const now = new Date('2026-05-14T10:00:00Z');
    expect(monthFromSearch({ year: 2027, month: 2 }, now)).toEqual({ year: 2027, month: 2 });
    expect(monthFromSearch({ month: 0 }, now)).toEqual({ year: 2026, month: 5 });
    expect(monthFromSearch({ year: 2101, month: 1 }, now)).toEqual({ year: 2026, month: 5 });
    expect(monthFromSearch({ year: 2100, month: 12 }, now)).toEqual({ year: 2100, month: 12 });
  });
});

describe('moveFocus (grid keys)', () => {
  // May 2026: Friday the 1st; rows [_,_,_,_,1,2,3], [4…10], …, [25…31].
  const may = dayMatrix(monthOf({ year: 2026, month: 5 }).weeks);
  it.each([
    [1, 'ArrowLeft', 1],
    [1, 'ArrowRight', 2],
    [1, 'ArrowUp', 1],
    [1, 'ArrowDown', 8],
    [3, 'Home', 1],
    [1, 'End', 3],
    [12, 'Home', 11],
    [12, 'End', 17],
    [28, 'ArrowDown', 28],
    [31, 'ArrowRight', 31],
    [24, 'ArrowDown', 31],
  ] as const)('from %i, %s → %i', (from, key, to) => expect(moveFocus(may, from, key)).toBe(to));
});

describe('MonthUrlSync', () => {
  it('pushes the machine’s moves, skips its own echoes, passes the others on', () => {
    const navigate = vi.fn();
    const sync = new MonthUrlSync({ year: 2026, month: 5 }, navigate);
    expect(sync.urlChanged({ year: 2026, month: 5 })).toBe(true); // the first look: the machine ignores its own month
    sync.machineMoved({ year: 2026, month: 6 });
    sync.machineMoved({ year: 2026, month: 7 });
    expect(navigate.mock.calls).toEqual([[{ year: 2026, month: 6 }], [{ year: 2026, month: 7 }]]);
    expect(sync.urlChanged({ year: 2026, month: 6 })).toBe(false);
    expect(sync.urlChanged({ year: 2026, month: 7 })).toBe(false);
    expect(sync.urlChanged({ year: 2026, month: 5 })).toBe(true); // Back
    sync.machineMoved({ year: 2026, month: 5 }); // the machine follows the URL: nothing to push
    expect(navigate).toHaveBeenCalledTimes(2);
  });
});
