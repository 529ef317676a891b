/**
 * Path and query values: one the contract accepts (for a request that is wrong elsewhere) and wrong ones, as a
 * client would put them in a URL (decoded, then percent-encoded) or as raw bytes no encoder makes.
 */
import fc from 'fast-check';
import type { ParamSpec } from '../../../server/api/contract.ts';
import { ODD_STRINGS, oddString } from './values.ts';

export type ParamValue = { raw: string } | { decoded: string } | { absent: true };

/** A value the contract accepts for the parameter, taken from the test's own data where it names a thing. */
export function goodValue(p: ParamSpec, known: Record<string, string>): string {
  if (known[p.name] !== undefined) return known[p.name]!;
  const candidates = ['1', '2026', '3', '1', 'id-front', '2026-03-01', 'A'.repeat(24), 'someone@example.com', 'payslip-202601-x', 'fr', 'mission', 'open'];
  const found = candidates.find((c) => p.validate(p.integer && /^-?\d+$/.test(c) ? Number(c) : c));
  if (!found) throw new Error(`no accepted value known for parameter ${p.name}`);
  return found;
}

/** Percent sequences that decode to nothing valid (bad UTF-8, an encoded NUL, a dangling %). */
const RAW = ['%FF', '%ED%A0%80', '%C0%80', '%', '%zz', '%00', 'a%00b', '%2e%2e%2f%2e%2e%2f', '..%2F..%2Fetc', '%E2%80%AE', '%0D%0ASet-Cookie:x'];

export function badValue(p: ParamSpec): fc.Arbitrary<ParamValue> {
  const numbers = fc.oneof(
    fc.integer({ min: -1e9, max: 1e9 }).map(String),
    fc.constantFrom('1.5', '1e3', '0x10', ' 1', '+1', '٣', '9'.repeat(30), '-0', 'NaN', 'Infinity', '', '01', '2026 '),
  );
  const decoded = fc.oneof(
    numbers,
    oddString,
    fc.constantFrom(...ODD_STRINGS),
    fc.nat({ max: 5000 }).map((n) => 'a'.repeat(n)),
    fc.string({ maxLength: 20 }),
  );
  const options: Array<fc.Arbitrary<ParamValue>> = [decoded.map((v) => ({ decoded: v })), fc.constantFrom(...RAW).map((raw) => ({ raw }))];
  if (p.in === 'query' && p.required) options.push(fc.constant({ absent: true as const }));
  return fc.oneof(...options);
}

/** The URL text of a value; lone surrogates (which encodeURIComponent refuses) go out as their WTF-8 bytes. */
export function urlText(value: ParamValue): string | null {
  if ('absent' in value) return null;
  if ('raw' in value) return value.raw;
  try {
    return encodeURIComponent(value.decoded);
  } catch {
    return [...value.decoded].map((ch) => (/[\ud800-\udfff]/u.test(ch) ? wtf8(ch.charCodeAt(0)) : encodeURIComponent(ch))).join('');
  }
}
const wtf8 = (unit: number) => [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');

/**
 * Is the value refused by the contract? Raw sequences and NULs always are; a decoded value when the
 * parameter's schema refuses it (integers parsed as the server must: plain decimal digits only).
 */
export function paramIsCertainlyBad(p: ParamSpec, value: ParamValue): boolean {
  if ('absent' in value) return p.required;
  if ('raw' in value) return true;
  const v = value.decoded;
  if (v.includes('\u0000') || /[\ud800-\udfff]/u.test(v)) return true;
  if (p.in === 'path' && v === '') return true; // the route itself changes: a 404
  return !p.validate(p.integer && /^-?\d{1,9}$/.test(v) ? Number(v) : v);
}
