/**
 * Decimal numbers as a worker writes them and as the API reads them (docs/decisions/122-decimal-numbers.md): a Belgian worker writes
 * "39,5" (French and Dutch both use the decimal comma), the contract's multipart fields carry "39.5". Only the
 * separator changes: the digits stay as typed, and text that is not a plain decimal is left for the schema to refuse.
 */
const PLAIN_DECIMAL = /^\s*(\d+)(?:[.,](\d+))?\s*$/;

/** "39,5", "39.5", " 39,5 " → "39.5"; "40" → "40"; anything else unchanged. */
export function decimalForApi(text: string): string {
  const parts = PLAIN_DECIMAL.exec(text);
  return parts ? (parts[2] === undefined ? parts[1]! : `${parts[1]}.${parts[2]}`) : text;
}

/** The decimal separator of a locale ("," in fr and nl, "." in en). */
export const decimalSeparator = (locale: string) => new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';

/** "39.5" or "39,5" → "39,5" in French and Dutch; anything else unchanged (what the worker typed stays as typed). */
export function decimalForLocale(text: string, locale: string): string {
  const parts = PLAIN_DECIMAL.exec(text);
  if (!parts) return text;
  return parts[2] === undefined ? parts[1]! : `${parts[1]}${decimalSeparator(locale)}${parts[2]}`;
}
