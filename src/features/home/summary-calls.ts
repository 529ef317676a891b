/**
 * Which calls the home summary's loader makes (src/routes/-home-summary.ts): one per card the access table shows
 * open (machines/page-access.ts `homeCards`, through the session's home notices), so never one the server refuses
 * (tests/server/guards-and-page-access.test.ts). Apart from the summary's view so that the entry (src/early-calls.ts)
 * can start the same calls before React has loaded, from what the stored sign-in says
 * (docs/decisions/216-early-calls.md).
 */
import type { homeNoticesOf } from '../../../machines/session.selectors.ts';

export type SummaryNotices = ReturnType<typeof homeNoticesOf>;

export function summaryCalls(notices: SummaryNotices) {
  return {
    planning: notices.planningSummary === 'open',
    documentsToSign: notices.documentsToSign === 'open',
    availability: notices.availabilitySummary === 'open',
    offers: notices.offersSummary === 'open',
    hours: notices.hoursSummary === 'open',
    // The reminder of a medical certificate still due.
    absences: notices.certificateReminder === 'open',
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
