/**
 * The hours page (requirements §15): what the client recorded for each worked day, grouped by week, each day confirmed in
 * one tap, several at once (the selection bar, machines/hours-selection.machine.ts), or contested; a student's year
 * against the quota. The days and the summary come from the route's loader; the route starts the selection's actor and
 * one actor per day (src/routes/-hours-actors.ts), which this page and each day's card read through their selectors.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { HoursDay } from '../../../machines/hours.types.ts';
import { dayActorKey, type HoursDayActor } from '../../../machines/hours-day.selectors.ts';
import * as selection from '../../../machines/hours-selection.selectors.ts';
import type { HoursSummary } from '#domain/api-schema.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { StudentYear } from '../../ui/student-year.tsx';
import { HoursDayCard } from './hours-day-card.tsx';
import * as s from './hours.css.ts';
import { groupByWeek, weekTitle } from './hours-text.ts';

/** The page's clock ticks every 30 seconds: the time left, and a deadline passing while the page is open. */
const TICK_MS = 30_000;

export type HoursScreenProps = {
  /** The page's selection (the route starts it with the app's calls: views make no call). */
  selection: selection.HoursSelectionActor;
  /** The actor of each listed day (the route starts them; the selection's logic finds them). */
  dayActor: (day: HoursDay) => HoursDayActor;
  /** The days of the period, or null when they could not be read (the worker was told by a toast). */
  days: readonly HoursDay[] | null;
  summary: HoursSummary | null;
  reload: () => void;
  /** Links to the weeks before the period and back to the latest (the route builds them). */
  periodLinks?: ReactNode;
};

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function HoursScreen({ selection: picker, dayActor, days, summary, reload, periodLinks }: HoursScreenProps) {
  const locale = useLocale();
  const now = useNow();
  const picked = useSelector(picker, (snapshot) => snapshot);
  const onTick = useCallback((d: HoursDay) => picker.send({ type: 'selection.toggle', day: { mission: d.mission, version: d.version } }), [picker]);
  const onDrop = useCallback((mission: string) => picker.send({ type: 'selection.drop', mission }), [picker]);
  const toConfirm = (days ?? []).some((d) => d.status === 'toConfirm');

  return (
    <Page title={m.hours_title()}>
      <p>{m.hours_intro()}</p>
      {summary?.studentYear ? <StudentYear {...summary.studentYear} /> : null}
      <p className={s.announce} role="status">
        {selection.lastConfirmedCount(picked) > 0 ? m.hours_confirmedCount({ count: selection.lastConfirmedCount(picked) }) : ''}
      </p>
      {selection.selectionStale(picked) ? (
        <p className={s.error} role="alert">
          {m.hours_selectionStale()}
        </p>
      ) : null}
      {days === null ? (
        <div className={s.empty}>
          <p>{m.hours_loadFailed()}</p>
          <Button variant="secondary" onClick={reload}>
            {m.hours_retry()}
          </Button>
        </div>
      ) : days.length === 0 ? (
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
                {week.days.map((d) => (
                  <HoursDayCard
                    // A day read again with other hours or another status is a new card (its machine starts from the server's word).
                    key={dayActorKey(d)}
                    actor={dayActor(d)}
                    locale={locale}
                    now={now}
                    ticked={selection.isTicked(picked, d.mission)}
                    tickable={selection.canTick(picked)}
                    onTick={onTick}
                    onDrop={onDrop}
                  />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      {periodLinks}
      {selection.selectedCount(picked) > 0 || selection.isConfirmingSelection(picked) ? (
        <div className={s.selectionBar}>
          <p className={s.selectedCount}>{m.hours_selectionCount({ count: selection.selectedCount(picked) })}</p>
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
        </div>
      ) : null}
    </Page>
  );
}
