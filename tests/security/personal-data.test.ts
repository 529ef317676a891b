// The detectors of the security fixture must catch what they are for, and stay quiet on ordinary app data.
import { describe, expect, it } from 'vitest';
import { findPersonalData } from './rules/personal-data.ts';
import { contactInfo, legalInformation, nrn } from '../fixtures/worker-data.ts';

const kinds = (text: string, known = [] as { label: string; value: string }[]) => findPersonalData(text, known).map((f) => f.kind);

describe('findPersonalData', () => {
  it('finds an IBAN with a valid checksum, compact, spaced or percent-encoded', () => {
    expect(kinds('iban=BE68539007547034')).toContain('iban');
    expect(kinds('{"iban":"BE68 5390 0754 7034"}')).toContain('iban');
    expect(kinds('/x?iban=BE68%205390%200754%207034')).toContain('iban');
    expect(kinds('NL91ABNA0417164300')).toContain('iban');
    expect(kinds('BE68539007547035')).not.toContain('iban');
  });

  it('finds a national registry number whose check digits fit, in any usual writing', () => {
    const number = nrn('1990-05-15');
    expect(kinds(`/api/x/${number}`)).toContain('registryNumber');
    expect(kinds('90.05.15-123.61'.replace('61', number.slice(9)))).toContain('registryNumber');
    expect(kinds('90051512300')).not.toContain('registryNumber');
    // Epoch milliseconds and hashed asset names are not registry numbers.
    expect(kinds(`{"expiresAt":${Date.now()}}`)).toEqual([]);
  });

  it('finds e-mail addresses, also percent-encoded', () => {
    expect(kinds('/login?user=anne%40example.be')).toContain('email');
    expect(kinds('anne.dupont+x@mail.example.be')).toContain('email');
  });

  it('finds Belgian mobile numbers and bearer tokens', () => {
    expect(kinds('tel=%2B32%20470%2012%2034%2056')).toContain('phone');
    expect(kinds('0470/12.34.56')).toContain('phone');
    expect(kinds('/api/x?access_token=abc')).toContain('bearer');
    expect(kinds('/x?h=Bearer%20abcdefghijklmnopqrstuvwxyz')).toContain('bearer');
  });

  it('finds the known values of the test workers, as whole words or numbers written differently', () => {
    const c = contactInfo('anne@test.example');
    const known = [
      { label: 'first name', value: c.firstName },
      { label: 'street', value: c.mainAddress.street },
      { label: 'mobile', value: c.mobile },
      { label: 'birth date', value: legalInformation().birthDate },
    ];
    expect(kinds('/api/search?q=Anne', known)).toEqual(['known']);
    expect(kinds('{"s":"rue haute 5"}', known)).toEqual(['known']);
    expect(kinds('32470123456', known)).toContain('known');
    expect(kinds('born=1990-05-15', known)).toEqual(['known']);
    expect(kinds('/api/user/me/annee/channel', known)).toEqual([]);
  });

  it('stays quiet on what the portal really stores and requests', () => {
    const stored = JSON.stringify({
      value: { token: 'Zm9vYmFyYmF6cXV4cXV1eF9hYmNkZWZnaGlqa2xtbm8', locale: 'fr', statute: 1, details: 2, expiresAt: '2030-01-01T00:00:00.000Z' },
      expiresAt: 1893456000000,
    });
    expect(kinds(stored)).toEqual([]);
    expect(kinds('http://127.0.0.1:4216/api/user/me/availabilities/2025/3')).toEqual([]);
    expect(kinds('http://127.0.0.1:4216/assets/index-B2c8xQ1z.js')).toEqual([]);
    expect(kinds('http://127.0.0.1:4216/api/user/me/documents/legal-document-download?file=payslip-202501-4f2a')).toEqual([]);
  });
});
