/**
 * The month grid (spec §2): Monday to Sunday plus the ISO week number, each day with its three slots.
 *
 * A WAI-ARIA grid: each day cell holds one button; one of them is in the tab order at a time (roving tabindex), the
 * arrow keys move between the days of the month, Home/End go to the ends of the week, Enter or Space opens the day. Each day's accessible name
 * is its full date and its available slots; the slots are drawn filled with a tick when available and hollow when
 * not, so colour is never the only cue. On a phone (320 px) the cells shrink to the day number and three bars.
 * Today is marked (a thick frame, `aria-current="date"` and "today" in its name); days before it are shown as past
 * (greyed, "past" in their name). Past days stay editable: the spec does not close them (decision 138).
 */
import { memo, useRef, useState, type KeyboardEvent } from 'react';
import { isPastDay } from '../../../machines/availability.shortcuts.ts';
import type { AvailabilityDay, AvailabilityWeek, YearMonth } from '../../../machines/availability.types.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import * as s from './availability.css.ts';
import { SLOTS, availableSlots, dayMatrix, fullDate, isGridKey, moveFocus, slotList, weekdayNames } from './calendar.ts';
import { slotName, slotShort } from './slot-names.ts';

export type MonthGridProps = {
  month: YearMonth;
  weeks: readonly AvailabilityWeek[];
  locale: Locale;
  /** The id of the heading that names the grid. */
  labelledBy: string;
  /** Today's ISO day (the machine's), or null. */
  today: string | null;
  onOpenDay: (day: number) => void;
};

const isoDay = ({ year, month }: YearMonth, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** "mardi 5 mai 2026, disponible : matin et soir", then "(aujourd'hui)" or "(passé)". */
function dayAccessibleName(month: YearMonth, day: AvailabilityDay, locale: Locale, when: 'today' | 'past' | null): string {
  const date = fullDate(month, day.day, locale);
  const slots = availableSlots(day).map((slot) => slotName(slot).toLocaleLowerCase(locale));
  const name = slots.length ? m.availability_dayAvailable({ date, slots: slotList(slots, locale) }) : m.availability_dayUnavailable({ date });
  return when ? m.availability_dayMarked({ name, marker: when === 'today' ? m.availability_today() : m.availability_past() }) : name;
}

function MonthGridView({ month, weeks, locale, labelledBy, today, onOpenDay }: MonthGridProps) {
  const matrix = dayMatrix(weeks);
  const todayHere = today !== null && today.startsWith(isoDay(month, 1).slice(0, 8)) ? Number(today.slice(8)) : null;
  // The roving focus starts on today when the month shown is the current one.
  const [active, setActive] = useState(todayHere ?? 1);
  const cells = useRef(new Map<number, HTMLButtonElement>());
  const lastDay = Math.max(...matrix.flat().map((d) => d ?? 0));
  const current = Math.min(active, lastDay);
  const weekdays = weekdayNames(locale);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, day: number) => {
    if (!isGridKey(event.key)) return;
    event.preventDefault();
    const next = moveFocus(matrix, day, event.key);
    setActive(next);
    cells.current.get(next)?.focus();
  };

  return (
    // A table made a grid is the WAI-ARIA APG's own date-picker pattern: the table keeps its rows, headers and
    // cells (read as grid rows, column headers and grid cells); the role adds the arrow-key navigation contract.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role
    <table role="grid" className={s.grid} aria-labelledby={labelledBy}>
      <thead>
        <tr>
          <th scope="col" className={s.weekHeader}>
            <span aria-hidden="true">{m.availability_weekShort()}</span>
            <VisuallyHidden>{m.availability_weekLong()}</VisuallyHidden>
          </th>
          {weekdays.map((name) => (
            <th key={name.long} scope="col" className={s.dayHeader}>
              <span aria-hidden="true">{name.short}</span>
              <VisuallyHidden>{name.long}</VisuallyHidden>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, row) => (
          <tr key={`${week.weekNumber}-${row}`}>
            <th scope="row" className={s.weekNumber}>
              <span aria-hidden="true">{week.weekNumber}</span>
              <VisuallyHidden>{m.availability_weekNumber({ week: week.weekNumber })}</VisuallyHidden>
            </th>
            {week.days.map((day, column) => {
              if (day.day < 1) return <td key={`pad-${column}`} className={s.padding} />;
              const when = day.day === todayHere ? 'today' : isPastDay(month, day.day, today) ? 'past' : null;
              return (
                <td key={day.day} className={s.dayCell}>
                  <button
                    type="button"
                    ref={(element) => {
                      if (element) cells.current.set(day.day, element);
                      else cells.current.delete(day.day);
                    }}
                    tabIndex={day.day === current ? 0 : -1}
                    aria-label={dayAccessibleName(month, day, locale, when)}
                    aria-haspopup="dialog"
                    aria-current={when === 'today' ? 'date' : undefined}
                    data-day={day.day}
                    data-when={when ?? undefined}
                    className={when === 'today' ? s.dayToday : when === 'past' ? s.dayPast : s.day}
                    onClick={() => {
                      setActive(day.day);
                      onOpenDay(day.day);
                    }}
                    onFocus={() => setActive(day.day)}
                    onKeyDown={(event) => onKeyDown(event, day.day)}
                  >
                    {day.day}
                    {SLOTS.map((slot) => (
                      <span key={slot} className={day[slot] ? s.slotOn : s.slotOff} data-slot={slot} data-available={day[slot]} aria-hidden="true">
                        {slotShort(slot)}
                      </span>
                    ))}
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Memoised: opening, editing or saving in a dialog changes the screen's snapshot, not the month's weeks (the
 * machine keeps them until a reload), so the 31 days are not built again under a dialog that is opening
 * (§11). The month it gets keeps its identity while the month shown stays the same (`useShownMonth`).
 */
export const MonthGrid = memo(MonthGridView);
