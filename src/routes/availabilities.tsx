import { useCallback, useMemo } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import type { YearMonth } from '../../machines/availability.types.ts';
import { availabilityCalls } from '../actors/availability.ts';
import { AvailabilityScreen } from '../features/availability/availability-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { applyAccountRule } from './-account-access.ts';

/** `?year=2026&month=05`: an integer (the router reads "05" as text), anything else reads as absent. */
const monthPart = v.pipe(
  v.unknown(),
  v.transform((value) => {
    const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : Number.NaN;
    return Number.isInteger(n) ? n : undefined;
  }),
);
/** Missing or bad values fall back to the current month in the screen (features/availability/calendar.ts). */
const availabilitySearch = v.object({ year: v.optional(monthPart), month: v.optional(monthPart) });

export const Route = createFileRoute('/availabilities')({
  validateSearch: availabilitySearch,
  beforeLoad: ({ context, location, preload }) => applyAccountRule(context, location.pathname, preload),
  component: AvailabilitiesRoute,
});

function AvailabilitiesRoute() {
  useLocale();
  const { api } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const calls = useMemo(() => availabilityCalls(api), [api]);
  // A new history entry (Back returns to the previous month); the page keeps its scroll position.
  const navigateToMonth = useCallback((month: YearMonth) => void navigate({ search: { year: month.year, month: month.month }, resetScroll: false }), [navigate]);
  return <AvailabilityScreen calls={calls} search={search} navigateToMonth={navigateToMonth} />;
}
