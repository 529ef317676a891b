import { useCallback, useMemo } from 'react';
import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import type { YearMonth } from '../../machines/availability.types.ts';
import { availabilityCalls } from '../actors/availability.ts';
import { AvailabilityScreen } from '../features/availability/availability-screen.tsx';
import { useAvailabilityActor } from './-availability-actor.ts';
import { monthFromSearch } from '../features/availability/calendar.ts';
import { useLocale } from '../i18n/locale.ts';

/** `?year=2026&month=05`: an integer (the router reads "05" as text); a value given but unreadable (`abc`) is null. */
const monthPart = v.pipe(
  v.unknown(),
  v.transform((value) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
    return Number.isInteger(n) ? n : null;
  }),
);
/** Missing or bad values fall back to the current month (features/availability/calendar.ts `monthFromSearch`). */
const availabilitySearch = v.object({ year: v.optional(monthPart), month: v.optional(monthPart) });

export const Route = createFileRoute('/availabilities')({
  validateSearch: availabilitySearch,
  beforeLoad: ({ search }) => {
    // A value the address gives but the screen cannot show (`?month=13`, `?year=abc`, a month out of range) is
    // replaced, in place (no new history entry), by the month the screen shows: the address never lies.
    const shown = monthFromSearch(search);
    if ((search.year !== undefined && search.year !== shown.year) || (search.month !== undefined && search.month !== shown.month)) {
      throw redirect({ to: '/availabilities', search: shown, replace: true });
    }
  },
  component: AvailabilitiesRoute,
});

function AvailabilitiesRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  // beforeLoad replaced any unreadable value (null) by the shown month: what remains is a number or absent.
  const { year, month } = Route.useSearch();
  const search = useMemo(() => ({ year: year ?? undefined, month: month ?? undefined }), [year, month]);
  const navigate = Route.useNavigate();
  const calls = useMemo(() => availabilityCalls(api), [api]);
  // A new history entry (Back returns to the previous month); the page keeps its scroll position.
  const navigateToMonth = useCallback(
    (month: YearMonth) => void navigate({ search: { year: month.year, month: month.month }, resetScroll: false }),
    [navigate],
  );
  const { actor, sync, asked } = useAvailabilityActor({ calls, search, navigateToMonth });
  return <AvailabilityScreen actor={actor} sync={sync} asked={asked} />;
}
