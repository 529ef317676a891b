/**
 * The month editor (spec §2): a large dialog listing every day of the month as a row of three checkboxes
 * (morning, afternoon, evening), and a save button. Each checkbox is named "slot, date" for screen readers.
 */
import { memo, useDeferredValue, type ReactNode } from 'react';
import { isPastDay } from '../../../machines/availability.shortcuts.ts';
import type { AvailabilityEdit, Slot } from '../../../machines/availability.types.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { CheckboxBox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { VisuallyHidden } from '../../ui/visually-hidden.tsx';
import * as s from './availability.css.ts';
import { SLOTS, fullDate, monthAndYear, monthNumber, shortDate } from './calendar.ts';
import { DialogButtons, type EditDialogProps } from './day-dialog.tsx';
import { slotName } from './slot-names.ts';

/**
 * The rows rendered with the page: one week, about a phone screen. The rest of the month follows in a background
 * render right after (`useDeferredValue`), so that the availability page's own first render does not build 31 rows.
 * The closed editor is prepared with them all, styled and laid out while hidden (src/ui/dialog.tsx `prepared`):
 * opening it only shows it (§11, 100 ms at 4× CPU; decision 285).
 */
const FIRST_PAINT_ROWS = 7;

/**
 * `shown`: open, rather than prepared hidden for the next opening. `shortcuts`: the bar above the days
 * (month-shortcuts.tsx). `today`: days before it are marked as past (still editable). The footer (Cancel, Save)
 * stays in view at the bottom of the dialog while the days scroll (src/ui/dialog.css.ts).
 */
export function MonthDialog({
  month,
  edits,
  locale,
  saving,
  failed,
  shown,
  shortcuts,
  today,
  onToggle,
  onSave,
  onCancel,
}: EditDialogProps & { shown: boolean; shortcuts: ReactNode; today: string | null }) {
  const firstRows = Math.min(FIRST_PAINT_ROWS, edits.length);
  const rows = useDeferredValue(edits.length, firstRows);
  const name = m.availability_monthHeading({ name: monthAndYear(month, locale), number: monthNumber(month.month), year: month.year });
  return (
    <Dialog
      open={shown}
      prepared
      size="large"
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
      title={m.availability_monthDialogTitle({ month: name })}
      description={m.availability_monthDialogDescription()}
      footer={<DialogButtons saving={saving} failed={failed} onSave={onSave} onCancel={onCancel} />}
    >
      {shortcuts}
      <table className={s.monthTable}>
        <caption>
          <VisuallyHidden>{name}</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">{m.availability_dayColumn()}</th>
            {SLOTS.map((slot) => (
              <th key={slot} scope="col">
                {slotName(slot)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {edits.slice(0, rows).map((edit) => (
            <DayRow
              key={edit.day}
              year={month.year}
              month={month.month}
              edit={edit}
              past={isPastDay(month, edit.day, today)}
              locale={locale}
              saving={saving}
              onToggle={onToggle}
            />
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}

type DayRowProps = {
  year: number;
  month: number;
  edit: AvailabilityEdit;
  past: boolean;
  locale: Locale;
  saving: boolean;
  onToggle: (day: number, slot: Slot) => void;
};

/**
 * One day's row, memoised on its day's values: a toggle re-renders the one row it changes, and opening the editor
 * prepared while closed re-renders none (the machine's edits then equal the prepared ones, as new objects)
 * (§11: interactions under 100 ms). It takes the locale as a prop, so a language switch still re-renders
 * it (decision 020).
 */
const DayRow = memo(function DayRow({ year, month, edit, past, locale, saving, onToggle }: DayRowProps) {
  const ym = { year, month };
  const date = fullDate(ym, edit.day, locale);
  return (
    <tr data-day={edit.day} data-past={past || undefined} className={past ? s.pastRow : undefined}>
      <th scope="row">
        {shortDate(ym, edit.day, locale)}
        {past ? <VisuallyHidden>{` (${m.availability_past()})`}</VisuallyHidden> : null}
      </th>
      {SLOTS.map((slot) => (
        <td key={slot}>
          <CheckboxBox
            aria-label={m.availability_slotOfDay({ slot: slotName(slot), date })}
            checked={edit[slot]}
            onCheckedChange={() => onToggle(edit.day, slot)}
            disabled={saving}
            data-slot={slot}
          />
        </td>
      ))}
    </tr>
  );
}, sameRow);

/** The same day's values, and every other prop the same: a prop added later is compared without being listed. */
function sameRow({ edit: a, ...before }: DayRowProps, { edit: b, ...after }: DayRowProps): boolean {
  const others = Object.keys(before) as Array<keyof typeof before>;
  return a.day === b.day && SLOTS.every((slot) => a[slot] === b[slot]) && others.every((key) => before[key] === after[key]);
}
