/**
 * Which answers of the API the app keeps on a remembered phone, and how it uses them (docs/decisions/241-kept-answers.md):
 * the reads of the signed-in pages a worker opens every day. Never the personal file, the signature, the uploaded
 * images, an offer's or a report's own page, a download, or anything of the agency's back-office.
 *  - `first`: while a page draws its screen, the kept copy answers at once and the network's answer replaces it;
 *  - `fallback`: the network answers; the kept copy only when there is none. For a state a machine reads once
 *    (the calendar feed's panel takes it as input and owns it from then on), a copy shown first could not be replaced.
 */
import type { paths } from '#domain/api-schema.ts';

type Readable = { [P in keyof paths]: paths[P] extends { get: object } ? P : never }[keyof paths];

export type KeptMode = 'first' | 'fallback';

/** The contract's paths (openapi.yaml, under /api), a typo does not compile. */
const KEPT_PATHS = {
  '/user/me/info': 'first',
  '/user/me/upcoming-planning': 'first',
  '/user/me/offers': 'first',
  '/user/me/hours': 'first',
  '/user/me/hours/summary': 'first',
  '/user/me/absences': 'first',
  '/user/me/availabilities/{year}/{month}': 'first',
  '/user/me/documents/documents-to-sign': 'first',
  '/user/me/documents/contracts-overview': 'first',
  '/user/me/documents/payslip-overview': 'first',
  '/user/me/documents/fiscal-year-overview': 'first',
  '/user/me/calendar-feed': 'fallback',
} as const satisfies Partial<Record<Readable, KeptMode>>;

const PATTERNS = Object.entries(KEPT_PATHS).map(([template, mode]) => ({
  pattern: new RegExp(`^/api${template.replace(/\{[a-z]+\}/g, '[0-9]+')}$`),
  mode: mode as KeptMode,
}));

/** How the answer to `GET <pathname>` (a URL's path, `/api/...`) is kept; null when it never is. */
export function keptModeOf(pathname: string): KeptMode | null {
  return PATTERNS.find(({ pattern }) => pattern.test(pathname))?.mode ?? null;
}
