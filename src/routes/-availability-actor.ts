/**
 * Starts the availability machine of the page (actors start in routes: docs/decisions/171-actors-start-in-routes.md)
 * with the app's calls, the shared overlay, today's date, and the keeper of URL and machine in step
 * (features/availability/month-url-sync.ts). Route-private: the '-' prefix keeps this file out of the route tree.
 */
import { useEffect, useState } from 'react';
import { useActorRef } from '@xstate/react';
import type { AvailabilityActor } from '../../machines/availability.selectors.ts';
import type { YearMonth } from '../../machines/availability.types.ts';
import { provideAvailability, type AvailabilityCalls } from '../actors/availability.ts';
import { devInspect } from '../dev/inspector.ts';
import { brusselsToday } from '#domain/period.ts';
import { monthFromSearch } from '../features/availability/calendar.ts';
import { MonthUrlSync } from '../features/availability/month-url-sync.ts';
import { overlay } from '../ui/overlay-store.ts';

export type AvailabilitySearch = { year?: number | undefined; month?: number | undefined };

export type AvailabilityPage = {
  calls: AvailabilityCalls;
  search: AvailabilitySearch;
  /** Show `month` in the URL (a new history entry). */
  navigateToMonth: (month: YearMonth) => void;
  now?: () => Date;
};

/** The actor (started once), the URL keeper, and the month the URL asks for now. */
export function useAvailabilityActor({ calls, search, navigateToMonth, now }: AvailabilityPage): {
  actor: AvailabilityActor;
  sync: MonthUrlSync;
  asked: YearMonth;
} {
  const asked = monthFromSearch(search, now?.());
  const [sync] = useState(() => new MonthUrlSync(asked, navigateToMonth));
  const [provided] = useState(() => provideAvailability(calls, { overlay, ...(now ? { now } : {}), monthChanged: (next) => sync.machineMoved(next) }));
  // Today as the machine keeps it: the grid marks it, the shortcuts leave the days before it alone.
  const [today] = useState(() => brusselsToday(now?.() ?? new Date()));
  const actor = useActorRef(provided.logic, { input: { year: asked.year, month: asked.month, today }, ...devInspect });
  useEffect(() => sync.setNavigate(navigateToMonth), [sync, navigateToMonth]);
  useEffect(() => provided.release, [provided]);
  return { actor, sync, asked };
}
