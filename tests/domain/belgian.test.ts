import { describe, expect, it } from 'vitest';
import { formatIban, formatRegistryNumber, isValidBelgianZip, isValidBic, isValidIban, isValidRegistryNumber } from '#domain/belgian.ts';

/** Builds a registry number with the right check digits for a birth before or after 2000. */
const nrn = (yymmddsss: string, from2000: boolean) => {
  const check = 97n - (BigInt((from2000 ? '2' : '') + yymmddsss) % 97n);
  return yymmddsss + String(check).padStart(2, '0');
};

describe('national registry number', () => {
  it.each([
    ['85073003328', undefined, true, 'the published example'],
    ['85.07.30-033.28', '1985-07-30', true, 'separators are ignored; matches its birth date'],
    [nrn('170730033', true), '2017-07-30', true, 'born from 2000: the check digits use the 2-prefix'],
    [nrn('170730033', true), '1917-07-30', false, 'the 2000+ rule does not fit a birth in 1917'],
    [nrn('850730033', false), '2085-07-30', false, 'the pre-2000 rule does not fit a birth in 2085'],
    ['85073003328', '1985-07-31', false, 'the date part must be the birth date'],
    ['85073003329', undefined, false, 'wrong check digits'],
    ['8507300332', undefined, false, 'ten digits'],
    ['8507300332A', undefined, false, 'a letter'],
    [nrn('850030033', false), '1985-07-30', true, 'unknown birth day (00) is checked on the checksum alone'],
  ])('%s born %s → %s (%s)', (value, birth, expected, _why) => {
    expect(isValidRegistryNumber(value, birth)).toBe(expected);
  });
});

/** Builds an IBAN with correct ISO check digits for any BBAN, so that only the Belgian account check can fail. */
const ibanFor = (country: string, bban: string) => {
  const digits = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return country + String(98n - (BigInt(digits) % 97n)).padStart(2, '0') + bban;
};

describe('IBAN and BIC', () => {
  it.each([
    ['BE68 5390 0754 7034', true],
    ['be68-5390-0754-7034', true],
    ['BE68539007547035', false],
    ['BE71096123456769', true],
    [ibanFor('BE', '539007547034'), true],
    [ibanFor('BE', '539007547035'), false], // ISO checksum right, Belgian account check (last two digits) wrong
    ['NL91ABNA0417164300', true],
    ['FR1420041010050500013M02606', true],
    ['DE89370400440532013001', false],
    ['', false],
  ])('%s → %s', (value, expected) => expect(isValidIban(value)).toBe(expected));

  it.each([
    ['GEBABEBB', true],
    ['GKCC BE BB', true],
    ['KREDBEBB100', true],
    ['GEBABE', false],
    ['1EBABEBB', false],
  ])('BIC %s → %s', (value, expected) => expect(isValidBic(value)).toBe(expected));
});

describe('postcodes and formatting', () => {
  it.each([
    ['1000', true],
    ['9999', true],
    ['0999', false],
    ['10000', false],
    ['B-1000', false],
  ])('Belgian postcode %s → %s', (value, expected) => expect(isValidBelgianZip(value)).toBe(expected));

  it('formats for display', () => {
    expect(formatRegistryNumber('85073003328')).toBe('85.07.30-033.28');
    expect(formatIban('be68539007547034')).toBe('BE68 5390 0754 7034');
  });
});
