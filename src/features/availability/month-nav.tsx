/**
 * Moving between months: previous and next (across years), and a short form to jump to any month, its months
 * labelled 01 to 12 (spec §9). The jump goes through the URL (`?year=&month=`), like a link would.
 */
import { memo, useState, type FormEvent } from 'react';
import { FIRST_MONTH, LAST_MONTH, shiftMonth, type YearMonth } from '../../../machines/availability.types.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { SelectField, TextField } from '../../ui/field.tsx';
import * as s from './availability.css.ts';
import { monthNumber } from './calendar.ts';
import { monthName } from '../../i18n/dates.ts';

export type MonthNavProps = {
  month: YearMonth;
  locale: Locale;
  canGoPrevious: boolean;
  canGoNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onGoTo: (month: YearMonth) => void;
};

const monthLabel = (month: number, locale: Locale) =>
  m.availability_monthOption({
    number: monthNumber(month),
    name: monthName(locale, month),
  });

export function MonthNav({ month, locale, canGoPrevious, canGoNext, onPrevious, onNext, onGoTo }: MonthNavProps) {
  const previous = shiftMonth(month, -1);
  const next = shiftMonth(month, 1);
  return (
    <div className={s.nav}>
      <div className={s.navButtons}>
        <Button variant="secondary" onClick={onPrevious} disabled={!canGoPrevious}>
          <span aria-hidden="true">{'‹'}</span>
          {m.availability_previousMonth({ month: monthNumber(previous.month), year: previous.year })}
        </Button>
        <Button variant="secondary" onClick={onNext} disabled={!canGoNext}>
          {m.availability_nextMonth({ month: monthNumber(next.month), year: next.year })}
          <span aria-hidden="true">{'›'}</span>
        </Button>
      </div>
      <GoToMonth key={`${month.year}-${month.month}`} month={month} locale={locale} onGoTo={onGoTo} />
    </div>
  );
}

/**
 * Keyed by the month shown (see MonthNav), so that it starts from that month again after each move. Memoised: the
 * buttons beside it flip when a dialog opens, its twelve month names need not be written again.
 */
const GoToMonth = memo(function GoToMonth({ month, locale, onGoTo }: Pick<MonthNavProps, 'month' | 'locale' | 'onGoTo'>) {
  const [chosenMonth, setChosenMonth] = useState(String(month.month));
  const [year, setYear] = useState(String(month.year));
  const yearNumber = Number(year);
  const yearValid = /^\d{4}$/.test(year) && yearNumber >= FIRST_MONTH.year && yearNumber <= LAST_MONTH.year;
  const [showError, setShowError] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowError(!yearValid);
    if (yearValid) onGoTo({ year: yearNumber, month: Number(chosenMonth) });
  };
  return (
    <form className={s.goTo} onSubmit={submit} aria-labelledby="availability-goto-title" noValidate>
      <h2 id="availability-goto-title" className={s.goToTitle}>
        {m.availability_goToTitle()}
      </h2>
      <div className={s.goToFields}>
        <SelectField
          id="availability-goto-month"
          label={m.availability_goToMonth()}
          value={chosenMonth}
          onChange={(event) => setChosenMonth(event.target.value)}
          options={Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: monthLabel(i + 1, locale) }))}
        />
        <TextField
          id="availability-goto-year"
          label={m.availability_goToYear()}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          className={s.yearInput}
          value={year}
          onChange={(event) => setYear(event.target.value.trim())}
          error={showError && !yearValid ? m.availability_goToYearInvalid({ first: FIRST_MONTH.year, last: LAST_MONTH.year }) : undefined}
        />
        <Button type="submit" variant="secondary" className={s.goToButton}>
          {m.availability_goToButton()}
        </Button>
      </div>
    </form>
  );
});
