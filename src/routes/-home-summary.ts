/** The home summary's loader data (src/features/home/home-summary.tsx): only the calls of the parts that show. */
import type { HomeSummaryData } from '../features/home/home-summary.tsx';
import { SUMMARY_MISSIONS, summaryCalls, summaryFacts } from '../features/home/home-summary.tsx';
import type { RouterContext } from '../router-context.ts';

export async function loadHomeSummary({ api, session }: RouterContext): Promise<HomeSummaryData> {
  const calls = summaryCalls(summaryFacts(session.getSnapshot()));
  const orNull = <T,>(call: Promise<T>) => call.catch(() => null);
  const [planning, toSign] = await Promise.all([
    calls.planning ? orNull(api.unwrap(api.client.GET('/user/me/upcoming-planning', {}))) : undefined,
    calls.documentsToSign ? orNull(api.unwrap(api.client.GET('/user/me/documents/documents-to-sign'))) : undefined,
  ]);
  return {
    ...(planning === undefined ? {} : { planning: planning && planning.slice(0, SUMMARY_MISSIONS) }),
    ...(toSign === undefined ? {} : { documentsToSign: toSign && toSign.length }),
  };
}
