/**
 * The hours page (requirements §15): what the client recorded for each worked day, grouped by week, each day confirmed in
 * one tap, several at once (the selection bar, machines/hours-selection.machine.ts), or contested; a student's year
 * against the quota. The days and the summary come from the route's loader; the route starts the selection's actor and
 * one actor per day (src/routes/-hours-actors.ts), which this page and each day's card read through their selectors.
 */
import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { HoursDay, HoursSummary } from '#domain/api-schema.ts';
import type { MachineClock } from '../../../machines/clock.ts';
import { dayActorOf, dayKey, listFailed, listedDays, listReading, selectionOf, type HoursPageActor } from '../../../machines/hours-page.selectors.ts';
import * as selection from '../../../machines/hours-selection.selectors.ts';
import { appClock, useNow } from '../../clock.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { StudentYear } from '../../ui/student-year.tsx';
import { HoursDayCard } from './hours-day-card.tsx';
import * as s from './hours.css.ts';
import { groupByWeek, weekTitle } from './hours-text.ts';

export type HoursScreenProps = {
  /** The page's actor (the route starts it with the app's calls; it runs the days' and the selection's actors). */
  page: HoursPageActor;
  summary: HoursSummary | null;
  /** Links to the weeks before the period and back to the latest (the route builds them). */
  periodLinks?: ReactNode;
  /** The clock the time left counts on (the page actor's: the app's, or a test's). */
  clock?: MachineClock;
};

export function HoursScreen({ page, summary, periodLinks, clock = appClock }: HoursScreenProps) {
  const locale = useLocale();
  const days = useSelector(page, listedDays);
  const failed = useSelector(page, listFailed);
  const reading = useSelector(page, listReading);
  const picker = useSelector(page, selectionOf);
  const snapshot = useSelector(page, (snap) => snap);
  const now = useNow(days?.filter((d) => d.status === 'toConfirm').map((d) => d.confirmBy) ?? [], clock);
  const toConfirm = (days ?? []).some((d) => d.status === 'toConfirm');
  const retry = () => page.send({ type: 'days.retry' });

  return (
    <Page title={m.hours_title()}>
      <p>{summary ? m.hours_intro({ hours: summary.confirmWindowHours }) : m.hours_introUnknownWindow()}</p>
      {summary?.studentYear ? <StudentYear {...summary.studentYear} /> : null}
      {failed ? (
        <div className={s.empty}>
          <p role={days === null ? undefined : 'alert'}>{days === null ? m.hours_loadFailed() : m.hours_reloadFailed()}</p>
          <Button variant="secondary" onClick={retry} loading={reading}>
            {m.hours_retry()}
          </Button>
        </div>
      ) : null}
      {days === null ? null : days.length === 0 ? (
        <p className={s.empty}>{m.hours_empty()}</p>
      ) : (
        <>
          {toConfirm ? <p className={s.hint}>{m.hours_selectionHint()}</p> : null}
          {groupByWeek(days).map((week) => (
            <section key={week.monday} aria-labelledby={`week-${week.monday}`}>
              <h2 id={`week-${week.monday}`} className={s.weekTitle}>
                {weekTitle(locale, week.monday)}
              </h2>
              <ul className={s.days}>
                {week.days.map((d) => {
                  const actor = dayActorOf(snapshot, d);
                  // A day read again with other hours or another status is a new actor, and a new card.
                  return actor && picker ? <DayCard key={dayKey(d)} actor={actor} picker={picker} day={d} locale={locale} now={now} /> : null;
                })}
              </ul>
            </section>
          ))}
        </>
      )}
      {periodLinks}
      {picker ? <SelectionBar picker={picker} /> : null}
    </Page>
  );
}

type Picker = NonNullable<ReturnType<typeof selectionOf>>;

function DayCard({
  actor,
  picker,
  day,
  locale,
  now,
}: {
  actor: NonNullable<ReturnType<typeof dayActorOf>>;
  picker: Picker;
  day: HoursDay;
  locale: ReturnType<typeof useLocale>;
  now: number;
}) {
  const ticked = useSelector(picker, (snap) => selection.isTicked(snap, day.mission));
  const tickable = useSelector(picker, selection.canTick);
  const onTick = useCallback((d: HoursDay) => picker.send({ type: 'selection.toggle', day: { mission: d.mission, version: d.version } }), [picker]);
  const onDrop = useCallback((mission: string) => picker.send({ type: 'selection.drop', mission }), [picker]);
  return <HoursDayCard actor={actor} locale={locale} now={now} ticked={ticked} tickable={tickable} onTick={onTick} onDrop={onDrop} />;
}

/**
 * The ticked days and Confirm, sticky at the bottom where the worker's thumb is; it says there what came of a
 * confirmation (how many were confirmed, or why none was), beside the button that was pressed.
 */
function SelectionBar({ picker }: { picker: Picker }) {
  const picked = useSelector(picker, (snap) => snap);
  const stale = selection.selectionStale(picked);
  const count = selection.selectedCount(picked);
  const staleText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The button just pressed went with the ticks: the focus goes to what the bar says instead.
    if (stale) staleText.current?.focus();
  }, [stale]);
  return (
    <>
      <p className={s.announce} role="status">
        {selection.lastConfirmedCount(picked) > 0 ? m.hours_confirmedCount({ count: selection.lastConfirmedCount(picked) }) : ''}
      </p>
      {count > 0 || selection.isConfirmingSelection(picked) || stale ? (
        <div className={s.selectionBar}>
          {stale ? (
            <p ref={staleText} tabIndex={-1} className={s.error} role="alert">
              {m.hours_selectionStale()}
            </p>
          ) : (
            <>
              <p className={s.selectedCount}>{m.hours_selectionCount({ count })}</p>
              <Button onClick={() => picker.send({ type: 'selection.confirm' })} loading={selection.isConfirmingSelection(picked)}>
                {m.hours_confirmSelected()}
              </Button>
              <Button variant="secondary" onClick={() => picker.send({ type: 'selection.clear' })} disabled={!selection.canConfirmSelection(picked)}>
                {m.hours_clearSelection()}
              </Button>
              {selection.selectionFailed(picked) ? (
                <p className={s.error} role="alert">
                  {m.hours_selectionFailed()}
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
