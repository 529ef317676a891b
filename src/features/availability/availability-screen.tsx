/**
 * The availability screen (spec §2 Availabilities, §4): the month of `?year=&month=` driven by
 * machines/availability.machine.ts, whose actor the route starts (src/routes/-availability-actor.ts). The view only
 * reads the snapshot (availability.selectors.ts) and sends events.
 *
 * URL and machine stay in step both ways (month-url-sync.ts): each move of the machine becomes a new history entry;
 * a URL change the machine did not ask for (Back, the "go to" form, a link) becomes `availability.goToMonth`.
 *
 * Each part below subscribes to the few selectors it shows, so that an event re-renders only the parts it changes:
 * opening the month editor renders the dialog and flips three buttons, not the whole screen (§11, 100 ms
 * at 4× CPU; docs/benchmark.md).
 */
import { memo, useCallback, useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { Slot, YearMonth } from '../../../machines/availability.types.ts';
import * as sel from '../../../machines/availability.selectors.ts';
import { useLocale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import * as s from './availability.css.ts';
import { monthAndYear, monthNumber, sameMonth } from './calendar.ts';
import { DayDialog } from './day-dialog.tsx';
import { Legend } from './legend.tsx';
import { MonthDialog } from './month-dialog.tsx';
import { MonthGrid } from './month-grid.tsx';
import { MonthNav } from './month-nav.tsx';
import type { MonthUrlSync } from './month-url-sync.ts';
import { SavedStatus } from './saved-status.tsx';
import { MonthShortcuts } from './month-shortcuts.tsx';

type AvailabilityActor = sel.AvailabilityActor;

/** `sync` keeps URL and machine in step; `asked`: the month the URL asks for now. */
export type AvailabilityScreenProps = { actor: AvailabilityActor; sync: MonthUrlSync; asked: YearMonth };

const HEADING_ID = 'availability-month-heading';

export function AvailabilityScreen({ actor, sync, asked }: AvailabilityScreenProps) {
  // The title and the introduction below are in the chosen language (the parts subscribe on their own).
  useLocale();
  const { year, month } = asked;
  const goTo = useCallback((target: YearMonth) => sync.goTo(target), [sync]);

  return (
    <Page title={m.availability_title()}>
      <FollowUrl actor={actor} sync={sync} year={year} month={month} />
      <p className={s.intro}>{m.availability_intro()}</p>
      <Navigation actor={actor} onGoTo={goTo} />
      <section aria-labelledby={HEADING_ID}>
        <MonthBar actor={actor} />
        <Saved actor={actor} />
        <Legend />
        <MonthBody actor={actor} />
      </section>
      <EditDialog actor={actor} />
    </Page>
  );
}

/** The URL asked for a month the machine did not move to (Back, the "go to" form, a link): tell the machine. */
function FollowUrl({ actor, sync, year, month }: { actor: AvailabilityActor; sync: MonthUrlSync } & YearMonth) {
  // Ignored by the machine while a dialog is open: `dialog` re-runs this when the dialog closes, so a Back pressed
  // meanwhile still applies.
  const dialog = useSelector(actor, sel.openDialog);
  useEffect(() => {
    if (sync.urlChanged({ year, month })) actor.send({ type: 'availability.goToMonth', year, month });
  }, [sync, actor, year, month, dialog]);
  return null;
}

/** The month shown, the same object while it stays the same month (the selector makes a new one each time). */
const useShownMonth = (actor: AvailabilityActor) => useSelector(actor, sel.shownMonth, sameMonth);

const Navigation = memo(function Navigation({ actor, onGoTo }: { actor: AvailabilityActor; onGoTo: (month: YearMonth) => void }) {
  const locale = useLocale();
  const shown = useShownMonth(actor);
  const canGoPrevious = useSelector(actor, sel.canGoPrevious);
  const canGoNext = useSelector(actor, sel.canGoNext);
  const onPrevious = useCallback(() => actor.send({ type: 'availability.previousMonth' }), [actor]);
  const onNext = useCallback(() => actor.send({ type: 'availability.nextMonth' }), [actor]);
  return <MonthNav month={shown} locale={locale} canGoPrevious={canGoPrevious} canGoNext={canGoNext} onPrevious={onPrevious} onNext={onNext} onGoTo={onGoTo} />;
});

const MonthBar = memo(function MonthBar({ actor }: { actor: AvailabilityActor }) {
  const locale = useLocale();
  const shown = useShownMonth(actor);
  const canEditMonth = useSelector(actor, sel.canEditMonth);
  return (
    <div className={s.monthBar}>
      <h2 id={HEADING_ID} className={s.monthHeading}>
        {m.availability_monthHeading({ name: monthAndYear(shown, locale), number: monthNumber(shown.month), year: shown.year })}
      </h2>
      <Button onClick={() => actor.send({ type: 'availability.editMonth' })} disabled={!canEditMonth}>
        {m.availability_editMonth()}
      </Button>
    </div>
  );
});

const Saved = memo(function Saved({ actor }: { actor: AvailabilityActor }) {
  return <SavedStatus savedAt={useSelector(actor, sel.savedAt)} locale={useLocale()} />;
});

/** The grid once the month is read; "loading" while it is read; the failure and a retry when it could not be. */
const MonthBody = memo(function MonthBody({ actor }: { actor: AvailabilityActor }) {
  const locale = useLocale();
  const shown = useShownMonth(actor);
  const weeks = useSelector(actor, sel.weeks);
  const today = useSelector(actor, sel.today);
  const loadFailed = useSelector(actor, sel.loadFailed);
  const loading = useSelector(actor, sel.isLoadingMonth);
  const onOpenDay = useCallback((day: number) => actor.send({ type: 'availability.editDay', day }), [actor]);
  if (loadFailed)
    return (
      <div className={s.status} data-testid="availability-load-failed">
        <p>{m.availability_loadFailed()}</p>
        <Button variant="secondary" onClick={() => actor.send({ type: 'availability.retry' })}>
          {m.availability_retry()}
        </Button>
      </div>
    );
  if (!weeks || loading)
    return (
      <p className={s.status} aria-busy="true" data-testid="availability-loading">
        {m.availability_loading()}
      </p>
    );
  return (
    <>
      <MonthGrid month={shown} weeks={weeks} locale={locale} labelledBy={HEADING_ID} today={today} onOpenDay={onOpenDay} />
      <p className={s.hint}>{m.availability_keyboardHint()}</p>
    </>
  );
});

/**
 * The day or month editor the machine has open, if any. The month editor is also prepared while closed: rendered
 * from the edits it would open with, styled and laid out but hidden (`Dialog prepared`, decision 285), so that opening
 * it only shows it instead of building and styling 31 rows inside the click (§11, 100 ms at 4× CPU). Its shortcuts bar is
 * prepared with it: built inside the click, its week labels' dates and buttons took about 15 ms of the opening at 4× CPU
 * (docs/decisions/223-tap-answered-first.md); opening then only updates which of its buttons are enabled and pressed.
 */
const EditDialog = memo(function EditDialog({ actor }: { actor: AvailabilityActor }) {
  const locale = useLocale();
  const dialog = useSelector(actor, sel.openDialog);
  const shown = useShownMonth(actor);
  const edits = useSelector(actor, sel.dialogEdits);
  const monthEdits = useSelector(actor, sel.monthEditorEdits);
  const saving = useSelector(actor, sel.isPersisting);
  const failed = useSelector(actor, sel.saveFailed);
  const today = useSelector(actor, sel.today);
  // Stable, so that the month editor's memoised rows re-render only when their own day changes.
  const onToggle = useCallback((day: number, slot: Slot) => actor.send({ type: 'availability.toggle', day, slot }), [actor]);
  const onSave = useCallback(() => actor.send({ type: 'availability.save' }), [actor]);
  const onCancel = useCallback(() => actor.send({ type: 'availability.cancel' }), [actor]);
  const monthOpen = dialog === 'month';
  const common = { month: shown, locale, onToggle, onSave, onCancel };
  return (
    <>
      {dialog === 'day' ? <DayDialog {...common} edits={edits} saving={saving} failed={failed} /> : null}
      {monthEdits.length > 0 ? (
        <MonthDialog
          {...common}
          edits={monthEdits}
          shown={monthOpen}
          saving={monthOpen && saving}
          failed={monthOpen && failed}
          today={today}
          shortcuts={<MonthShortcuts actor={actor} locale={locale} />}
        />
      ) : null}
    </>
  );
});
