import { describe, expect, it } from 'vitest';
import { flattenBrackets, unflattenBrackets } from '#domain/bracket-keys.ts';

describe('bracket keys (multipart of update-details)', () => {
  const nested = {
    firstName: 'Anne',
    mainAddress: { street: 'Rue Haute', zip: 1000, country: 'BE' },
    generalInformation: { suitColours: ['black', 'navy'], carPlate: null },
  };

  it('flattens nested keys in brackets and repeats arrays with []', () => {
    expect(flattenBrackets(nested)).toEqual([
      ['firstName', 'Anne'],
      ['mainAddress[street]', 'Rue Haute'],
      ['mainAddress[zip]', '1000'],
      ['mainAddress[country]', 'BE'],
      ['generalInformation[suitColours][]', 'black'],
      ['generalInformation[suitColours][]', 'navy'],
      ['generalInformation[carPlate]', ''],
    ]);
  });

  it('unflattens back to the same shape, with strings', () => {
    expect(JSON.parse(JSON.stringify(unflattenBrackets(flattenBrackets(nested))))).toEqual({
      firstName: 'Anne',
      mainAddress: { street: 'Rue Haute', zip: '1000', country: 'BE' },
      generalInformation: { suitColours: ['black', 'navy'], carPlate: '' },
    });
  });

  it.each([
    ['__proto__[polluted]', 'prototype keys'],
    ['a[b][c][d]', 'more than three levels'],
    ['a[', 'unbalanced brackets'],
    ['a[b c]', 'spaces'],
    ['', 'an empty key'],
  ])('refuses %s (%s)', (key) => {
    expect(unflattenBrackets([[key, 'x']])).toBeNull();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a key used both as a value and as an object', () => {
    expect(
      unflattenBrackets([
        ['a', '1'],
        ['a[b]', '2'],
      ]),
    ).toBeNull();
    expect(
      unflattenBrackets([
        ['a[]', '1'],
        ['a', '2'],
      ]),
    ).toBeNull();
  });
});
