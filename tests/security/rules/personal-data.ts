/**
 * Finds personal data in a piece of text (a request URL, a dump of browser storage): the values of the
 * workers a test created (known exactly), and patterns that catch any worker's data (an IBAN or a national
 * registry number with a valid checksum, an e-mail address, a Belgian mobile number, a bearer token).
 * Pure: shared by the Playwright fixture (e2e/fixtures.ts) and its own vitest test.
 */
import { isValidIban, isValidRegistryNumber } from '#domain/belgian.ts';

export type KnownValue = { label: string; value: string };
export type Finding = { kind: 'iban' | 'registryNumber' | 'email' | 'phone' | 'bearer' | 'known'; sample: string };

/** URLs carry their data percent-encoded (and `+` for spaces in queries): look at both forms. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

// Checksums decide: a random number or token rarely passes mod 97, so these patterns stay quiet on noise.
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}(?![A-Za-z0-9])/g;
const REGISTRY_NUMBER = /(?<![\d.])\d{2}\.?\d{2}\.?\d{2}[- ]?\d{3}\.?\d{2}(?![\d])/g;
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
const PHONE = /(?:(?:\+|00)32[\s./-]*|(?<!\d)0)4\d{2}(?:[\s./-]*\d{2}){3}(?!\d)/g;
const BEARER = /bearer(?:\s|%20|\+|=|:)+[A-Za-z0-9._~+/-]{16,}|[?&#](?:access_token|authorization|auth_token|jwt)=/gi;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const digitsOnly = (s: string) => s.replace(/\D/g, '');
const alphanumeric = (s: string) => s.replace(/[^A-Za-z0-9]/g, '').toUpperCase();

function knownMatches(text: string, known: readonly KnownValue[]): Finding[] {
  const lower = text.toLowerCase();
  const compactText = alphanumeric(text);
  const found: Finding[] = [];
  for (const { label, value } of known) {
    const v = value.trim();
    if (v.length < 3) continue;
    // Words (a first name) match as whole words only: "Anne" must not match "annee" or "channel".
    const whole = new RegExp(`(?<![\\p{L}\\p{N}])${escape(v.toLowerCase())}(?![\\p{L}\\p{N}])`, 'u');
    // Numbers (a phone, an IBAN) also match written with other separators.
    const compact = alphanumeric(v);
    const numeric = digitsOnly(v).length >= 8 && compactText.includes(compact);
    if (whole.test(lower) || numeric) found.push({ kind: 'known', sample: `${label} (${v})` });
  }
  return found;
}

export function findPersonalData(raw: string, known: readonly KnownValue[] = []): Finding[] {
  const found: Finding[] = [];
  for (const text of new Set([raw, decoded(raw)])) {
    for (const m of text.matchAll(IBAN)) if (isValidIban(m[0])) found.push({ kind: 'iban', sample: m[0] });
    for (const m of text.matchAll(REGISTRY_NUMBER)) if (isValidRegistryNumber(m[0])) found.push({ kind: 'registryNumber', sample: m[0] });
    for (const m of text.matchAll(EMAIL)) found.push({ kind: 'email', sample: m[0] });
    for (const m of text.matchAll(PHONE)) found.push({ kind: 'phone', sample: m[0] });
    for (const m of text.matchAll(BEARER)) found.push({ kind: 'bearer', sample: m[0].slice(0, 24) });
    found.push(...knownMatches(text, known));
  }
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(`${f.kind}:${f.sample}`) && seen.add(`${f.kind}:${f.sample}`));
}

export const describeFindings = (findings: readonly Finding[]) => findings.map((f) => `${f.kind}: ${f.sample}`).join(', ');
