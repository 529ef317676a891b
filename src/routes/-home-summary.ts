/** The home summary's loader data (src/features/home/home-summary.tsx): only the calls of the parts that show. */
import type { HomeSummaryData } from '../features/home/home-summary.tsx';
import { SUMMARY_MISSIONS, summaryCalls, summaryFacts } from '../features/home/home-summary.tsx';
import { certificatesDue } from '../features/home/absence-reminder.tsx';
import type { RouterContext } from '../router-context.ts';
import { brusselsToday } from '../domain/period.ts';

export async function loadHomeSummary({ api, session }: RouterContext, now: Date = new Date()): Promise<HomeSummaryData> {
  const calls = summaryCalls(summaryFacts(session.getSnapshot()));
  const orNull = <T,>(call: Promise<T>) => call.catch(() => null);
  const [year, month] = brusselsToday(now).split('-').map(Number) as [number, number];
  const [planning, toSign, availability, absences] = await Promise.all([
    calls.planning ? orNull(api.unwrap(api.client.GET('/user/me/upcoming-planning', {}))) : undefined,
    calls.documentsToSign ? orNull(api.unwrap(api.client.GET('/user/me/documents/documents-to-sign'))) : undefined,
    calls.availability ? orNull(api.unwrap(api.client.GET('/user/me/availabilities/{year}/{month}', { params: { path: { year, month } } }))) : undefined,
    // The reminder of a certificate still due goes with the planning (issue 31).
    calls.planning ? orNull(api.unwrap(api.client.GET('/user/me/absences'))) : undefined,
  ]);
  return {
    ...(absences ? { certificatesDue: certificatesDue(absences) } : {}),
    ...(planning === undefined ? {} : { planning: planning && planning.slice(0, SUMMARY_MISSIONS) }),
    ...(toSign === undefined ? {} : { documentsToSign: toSign && toSign.length }),
    ...(availability === undefined
      ? {}
      : {
          availability: availability && {
            year,
            month,
            days: availability.weeks.flatMap((w) => w.days).filter((d) => d.day >= 1 && (d.morning || d.afternoon || d.evening)).length,
          },
        }),
  };
}
