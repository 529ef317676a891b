// Decimal numbers as a worker writes them ("39,5") and as the API reads them ("39.5"): domain/decimal-text.ts.
import { describe, expect, it } from 'vitest';
import { decimalForApi, decimalForLocale, decimalSeparator } from '#domain/decimal-text.ts';

describe('decimal text', () => {
  it.each([
    ['39,5', '39.5'],
    ['39.5', '39.5'],
    [' 39,5 ', '39.5'],
    ['40', '40'],
    ['', ''],
    ['39,5,5', '39,5,5'],
    ['abc', 'abc'],
  ])('for the API: %j → %j', (typed, sent) => expect(decimalForApi(typed)).toBe(sent));

  it('French and Dutch write a decimal comma, English a point', () => {
    expect([decimalSeparator('fr'), decimalSeparator('nl'), decimalSeparator('en')]).toEqual([',', ',', '.']);
  });

  it.each([
    ['39.5', 'fr', '39,5'],
    ['39.5', 'nl', '39,5'],
    ['39,5', 'nl', '39,5'],
    ['39,5', 'en', '39.5'],
    ['42', 'fr', '42'],
    ['4x', 'fr', '4x'],
  ])('on screen: %j in %s → %j', (value, locale, shown) => expect(decimalForLocale(value, locale)).toBe(shown));
});
