/** The home summary's loader data (src/features/home/home-summary.tsx): only the calls of the parts that show. */
import type { HomeSummaryData } from '../features/home/home-summary.tsx';
import { SUMMARY_MISSIONS, summaryFacts } from '../features/home/home-summary.tsx';
import { summaryCalls } from '../features/home/summary-calls.ts';
import { certificatesDue } from '../features/home/absence-reminder.tsx';
import type { RouterContext } from '../router-context.ts';
import { accountEmail } from '../../machines/session.selectors.ts';
import { brusselsToday } from '#domain/period.ts';
import { canBeTaken, offerAt } from '#domain/offers.ts';
import { readOffers } from './-offer-count.ts';

/** A contract to sign is urgent from two days before its shift (Belgian law: signed at the latest when work starts). */
const SIGN_BEFORE_DAYS = 2;

/** The soonest shift, today or within SIGN_BEFORE_DAYS, whose contract waits to be signed; null when none is near. */
function nearShift(items: ReadonlyArray<{ date: string; start: string }>, today: string): { date: string; start: string } | null {
  const limit = new Date(`${today}T00:00:00Z`);
  limit.setUTCDate(limit.getUTCDate() + SIGN_BEFORE_DAYS);
  const last = limit.toISOString().slice(0, 10);
  const near = items.filter((i) => i.date >= today && i.date <= last).sort((a, b) => `${a.date}${a.start}`.localeCompare(`${b.date}${b.start}`));
  return near[0] ? { date: near[0].date, start: near[0].start } : null;
}

export async function loadHomeSummary({ api, session }: RouterContext, now: Date = new Date()): Promise<HomeSummaryData> {
  const calls = summaryCalls(summaryFacts(session.getSnapshot()).notices);
  const orNull = <T>(call: Promise<T>) => call.catch(() => null);
  const [year, month] = brusselsToday(now).split('-').map(Number) as [number, number];
  const [planning, toSign, availability, offers, hours, absences] = await Promise.all([
    calls.planning ? orNull(api.unwrap(api.client.GET('/user/me/upcoming-planning', {}))) : undefined,
    calls.documentsToSign ? orNull(api.unwrap(api.client.GET('/user/me/documents/documents-to-sign'))) : undefined,
    calls.availability ? orNull(api.unwrap(api.client.GET('/user/me/availabilities/{year}/{month}', { params: { path: { year, month } } }))) : undefined,
    // Shared with the menu's count (one read on a cold start).
    calls.offers ? readOffers(api, accountEmail(session.getSnapshot())) : undefined,
    calls.hours ? orNull(api.unwrap(api.client.GET('/user/me/hours/summary'))) : undefined,
    calls.absences ? orNull(api.unwrap(api.client.GET('/user/me/absences'))) : undefined,
  ]);
  const open = offers?.map((o) => offerAt(o, now.getTime())).filter((o) => o.status === 'open') ?? [];
  // The server lists open offers soonest deadline first: the first one the worker can take (no shift overlaps one of
  // their missions) is the one the card points at.
  const first = open.find(canBeTaken);
  return {
    ...(offers === undefined
      ? {}
      : {
          offers: offers && {
            open: open.length,
            first: first ? { offer: first.offer, job: first.jobTitle, place: first.shortLocation, answerBy: first.answerBy } : null,
          },
        }),
    ...(toSign ? { signBefore: nearShift(toSign, brusselsToday(now)) } : {}),
    ...(hours === undefined ? {} : { hours }),
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
