/**
 * Checks Belgian workers expect a portal to make (§5.3): the national registry number's mod-97 against
 * the birth date, the IBAN checksum and the Belgian account check, the BIC format, the 4-digit postcode.
 * Pure functions shared by the forms and the server.
 */

/** Removes the separators people type in numbers and codes: spaces, dots, dashes, slashes. */
export function compactCode(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

const mod97 = (digits: string): number => {
  // Chunked so that 30+ digit IBAN numbers never leave safe integer range.
  let rest = 0;
  for (let i = 0; i < digits.length; i += 7) rest = Number(String(rest) + digits.slice(i, i + 7)) % 97;
  return rest;
};

/**
 * The national registry number (rijksregisternummer / numéro de registre national): YYMMDD SSS CC.
 * CC = 97 - (YYMMDDSSS mod 97) for people born before 2000, and 97 - (2YYMMDDSSS mod 97) from 2000 on.
 * With a birth date (YYYY-MM-DD), the first six digits must be that date and the century rule must be the
 * one of its year. Numbers whose date part is unknown (month or day 00) or bis numbers (month + 20/40)
 * cannot be matched against the date and are checked on the checksum alone.
 */
export function isValidRegistryNumber(input: string, birthDate?: string | null): boolean {
  const nrn = compactCode(input);
  if (!/^\d{11}$/.test(nrn)) return false;
  const base = nrn.slice(0, 9);
  const check = Number(nrn.slice(9));
  const before2000 = 97 - mod97(base) === check;
  const from2000 = 97 - mod97(`2${base}`) === check;
  if (!before2000 && !from2000) return false;
  if (!birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate)) return true;

  const month = Number(nrn.slice(2, 4));
  const day = Number(nrn.slice(4, 6));
  const datePartKnown = month >= 1 && month <= 12 && day >= 1;
  if (!datePartKnown) return true;
  const [year, mm, dd] = birthDate.split('-');
  if (nrn.slice(0, 6) !== `${year!.slice(2)}${mm}${dd}`) return false;
  return Number(year) >= 2000 ? from2000 : before2000;
}

/** ISO 13616 IBAN checksum (any country), after removing separators. */
export function isValidIban(input: string): boolean {
  const iban = compactCode(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = rearranged.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  if (mod97(digits) !== 1) return false;
  return !iban.startsWith('BE') || isValidBelgianAccount(iban);
}

/**
 * A Belgian IBAN holds the old 12-digit account number (BE kk BBBA AAAA AACC): 16 characters, and the
 * account's own check CC = first ten digits mod 97 (97 when that is 0).
 */
function isValidBelgianAccount(input: string): boolean {
  const iban = compactCode(input);
  if (!/^BE\d{14}$/.test(iban)) return false;
  const account = iban.slice(4);
  const expected = mod97(account.slice(0, 10)) || 97;
  return expected === Number(account.slice(10));
}

/** BIC (ISO 9362): bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function isValidBic(input: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(compactCode(input));
}

/** Belgian postcodes are 4 digits from 1000 to 9999. */
export function isValidBelgianZip(input: string): boolean {
  return /^[1-9]\d{3}$/.test(input.trim());
}

/** Formats a registry number for display as YY.MM.DD-SSS.CC. */
export function formatRegistryNumber(input: string): string {
  const n = compactCode(input);
  return /^\d{11}$/.test(n) ? `${n.slice(0, 2)}.${n.slice(2, 4)}.${n.slice(4, 6)}-${n.slice(6, 9)}.${n.slice(9)}` : input;
}

/** Formats an IBAN in groups of four. */
export function formatIban(input: string): string {
  return compactCode(input).replace(/(.{4})(?=.)/g, '$1 ');
}
