// The days the portal accepts (domain/calendar-day.ts) and the contract's IsoDate and OptionalIsoDate patterns
// (openapi.yaml) say the same thing: a day that exists, from 1900-01-01 to 2199-12-31.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { FIRST_DAY, LAST_DAY, isCalendarDay } from '#domain/calendar-day.ts';

const schemas = (
  parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as { components: { schemas: Record<string, { pattern: string }> } }
).components.schemas;
const contract = new RegExp(schemas.IsoDate!.pattern);
const optional = new RegExp(schemas.OptionalIsoDate!.pattern);

const DAYS: Array<[string, boolean]> = [
  [FIRST_DAY, true],
  [LAST_DAY, true],
  ['2024-02-29', true],
  ['2026-06-15', true],
  ['1899-12-31', false],
  ['2200-01-01', false],
  ['0000-01-01', false],
  ['9999-12-31', false],
  ['2026-13-01', false],
  ['2026-00-10', false],
  ['2026-01-00', false],
  ['2026-01-32', false],
  ['20260101', false],
  ['2026-1-01', false],
  ['', false],
];

describe('a calendar day', () => {
  it.each(DAYS)('%s → %s', (day, accepted) => {
    expect(isCalendarDay(day)).toBe(accepted);
    expect(contract.test(day)).toBe(accepted);
    expect(optional.test(day)).toBe(accepted || day === '');
  });

  it('refuses days that do not exist, which the contract leaves to format: date', () => {
    expect(isCalendarDay('2025-02-29')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
    expect(isCalendarDay('2100-02-29')).toBe(false);
  });
});
