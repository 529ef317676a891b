/**
 * Which calls the home summary's loader makes (src/routes/-home-summary.ts): only for the parts that show, never one
 * the server refuses a new account. Apart from the summary's view so that the entry (src/early-calls.ts) can start
 * the same calls before React has loaded, from what the stored sign-in says (docs/decisions/216-early-calls.md).
 */
import type { homeNoticesOf } from '../../../machines/session.selectors.ts';

export type SummaryNotices = ReturnType<typeof homeNoticesOf>;

export function summaryCalls({ notices, newAccount }: { notices: SummaryNotices; newAccount: boolean }) {
  // Offers go to approved workers only (the server refuses a new account), as the planning does.
  return {
    planning: notices.planningSummary,
    documentsToSign: notices.documentsToSign && !newAccount,
    availability: notices.availabilitySummary,
    offers: notices.planningSummary,
    hours: notices.hoursSummary,
    // The reminder of a certificate still due goes with the planning.
    absences: notices.planningSummary,
  };
}

export type SummaryCall = keyof ReturnType<typeof summaryCalls>;

/**
 * The API path each call reads (under /api), for the month of `today` (YYYY-MM-DD, Brussels). The loader asks these
 * very paths through the client (tests/home/early-calls.test.ts checks it): a call added to `summaryCalls` does not
 * compile until it has its path here.
 */
export const SUMMARY_CALL_PATHS: Record<SummaryCall, (today: string) => string> = {
  planning: () => '/user/me/upcoming-planning',
  documentsToSign: () => '/user/me/documents/documents-to-sign',
  availability: (today) => {
    const [year, month] = today.split('-').map(Number) as [number, number];
    return `/user/me/availabilities/${year}/${month}`;
  },
  offers: () => '/user/me/offers',
  hours: () => '/user/me/hours/summary',
  absences: () => '/user/me/absences',
};
