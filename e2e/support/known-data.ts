/**
 * What the security sweep (e2e/support/security-sweep.ts) knows to look for: the personal data of every worker
 * the tests of this Playwright worker process created (e2e/support/workers.ts registers them), and the session
 * tokens handed out (by the API helpers and to the browser). Values from earlier tests stay forbidden too:
 * no test may leak any worker's data.
 */
import type { KnownValue } from '../../tests/security/rules/personal-data.ts';

const values = new Map<string, KnownValue>();
const tokens = new Set<string>();

export function rememberPersonalData(entries: Record<string, string | undefined>): void {
  for (const [label, value] of Object.entries(entries)) if (value) values.set(`${label}:${value}`, { label, value });
}

export function rememberSessionToken(token: string | undefined): void {
  if (token) tokens.add(token);
}

export const knownPersonalData = (): KnownValue[] => [...values.values()];
export const knownSessionTokens = (): string[] => [...tokens];
