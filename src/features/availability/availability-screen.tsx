/**
 * The availability screen (spec §2 Availabilities, §4): the month of `?year=&month=` driven by
 * machines/availability.machine.ts. The view only reads the snapshot (availability.selectors.ts) and sends events.
 *
 * URL and machine stay in step both ways (month-url-sync.ts): each move of the machine becomes a new history entry;
 * a URL change the machine did not ask for (Back, the "go to" form, a link) becomes `availability.goToMonth`.
 */
import { useCallback, useEffect, useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import type { YearMonth } from '../../../machines/availability.machine.ts';
import * as sel from '../../../machines/availability.selectors.ts';
import { provideAvailability, type AvailabilityCalls } from '../../actors/availability.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { overlay } from '../../ui/overlay-store.ts';
import { Page } from '../../ui/page.tsx';
import * as s from './availability.css.ts';
import { monthAndYear, monthFromSearch, monthNumber } from './calendar.ts';
import { DayDialog } from './day-dialog.tsx';
import { Legend } from './legend.tsx';
import { MonthDialog } from './month-dialog.tsx';
import { MonthGrid } from './month-grid.tsx';
import { MonthNav } from './month-nav.tsx';
import { MonthUrlSync } from './month-url-sync.ts';
import { SavedStatus } from './saved-status.tsx';
import { devInspect } from '../../dev/inspector.ts';

export type AvailabilitySearch = { year?: number | undefined; month?: number | undefined };

export type AvailabilityScreenProps = {
  calls: AvailabilityCalls;
  search: AvailabilitySearch;
  /** Show `month` in the URL (a new history entry). */
  navigateToMonth: (month: YearMonth) => void;
  now?: () => Date;
};

const HEADING_ID = 'availability-month-heading';

export function AvailabilityScreen({ calls, search, navigateToMonth, now }: AvailabilityScreenProps) {
  const locale = useLocale();
  const { year, month } = monthFromSearch(search, now?.());

  const [sync] = useState(() => new MonthUrlSync({ year, month }, navigateToMonth));
  const [provided] = useState(() => provideAvailability(calls, { overlay, ...(now ? { now } : {}), monthChanged: (next) => sync.machineMoved(next) }));
  const actor = useActorRef(provided.logic, { input: { year, month }, ...devInspect });
  const snapshot = useSelector(actor, (snap) => snap);
  const dialog = sel.openDialog(snapshot);

  useEffect(() => sync.setNavigate(navigateToMonth), [sync, navigateToMonth]);
  useEffect(() => provided.release, [provided]);
  useEffect(() => {
    // Ignored by the machine when it already shows this month, or while a dialog is open: `dialog` re-runs this
    // when the dialog closes, so a Back pressed meanwhile still applies.
    if (sync.urlChanged({ year, month })) actor.send({ type: 'availability.goToMonth', year, month });
  }, [sync, actor, year, month, dialog]);

  const shown = sel.shownMonth(snapshot);
  const weeks = sel.weeks(snapshot);
  const heading = m.availability_monthHeading({ name: monthAndYear(shown, locale), number: monthNumber(shown.month), year: shown.year });
  const saving = sel.isPersisting(snapshot);
  // Stable, so that the month editor's memoised rows re-render only when their own day changes.
  const onToggle = useCallback((day: number, slot: 'morning' | 'afternoon' | 'evening') => actor.send({ type: 'availability.toggle', day, slot }), [actor]);
  // Stable, so that the memoised month grid is not built again when only a dialog changes.
  const onOpenDay = useCallback((day: number) => actor.send({ type: 'availability.editDay', day }), [actor]);
  const dialogProps = {
    month: shown,
    edits: sel.dialogEdits(snapshot),
    locale,
    saving,
    failed: sel.saveFailed(snapshot),
    onToggle,
    onSave: () => actor.send({ type: 'availability.save' }),
    onCancel: () => actor.send({ type: 'availability.cancel' }),
  };

  return (
    <Page title={m.availability_title()}>
      <p className={s.intro}>{m.availability_intro()}</p>
      <MonthNav
        month={shown}
        locale={locale}
        canGoPrevious={sel.canGoPrevious(snapshot)}
        canGoNext={sel.canGoNext(snapshot)}
        onPrevious={() => actor.send({ type: 'availability.previousMonth' })}
        onNext={() => actor.send({ type: 'availability.nextMonth' })}
        onGoTo={(target) => sync.goTo(target)}
      />
      <section aria-labelledby={HEADING_ID}>
        <div className={s.monthBar}>
          <h2 id={HEADING_ID} className={s.monthHeading}>
            {heading}
          </h2>
          <Button onClick={() => actor.send({ type: 'availability.editMonth' })} disabled={!sel.canEditMonth(snapshot)}>
            {m.availability_editMonth()}
          </Button>
        </div>
        <SavedStatus savedAt={sel.savedAt(snapshot)} locale={locale} />
        <Legend />
        {sel.loadFailed(snapshot) ? (
          <div className={s.status} data-testid="availability-load-failed">
            <p>{m.availability_loadFailed()}</p>
            <Button variant="secondary" onClick={() => actor.send({ type: 'availability.retry' })}>
              {m.availability_retry()}
            </Button>
          </div>
        ) : weeks && !sel.isLoadingMonth(snapshot) ? (
          <>
            <MonthGrid month={shown} weeks={weeks} locale={locale} labelledBy={HEADING_ID} onOpenDay={onOpenDay} />
            <p className={s.hint}>{m.availability_keyboardHint()}</p>
          </>
        ) : (
          <p className={s.status} aria-busy="true" data-testid="availability-loading">
            {m.availability_loading()}
          </p>
        )}
      </section>
      {dialog === 'day' ? <DayDialog {...dialogProps} /> : null}
      {dialog === 'month' ? <MonthDialog {...dialogProps} /> : null}
    </Page>
  );
}
