/**
 * The month editor's shortcuts (docs/decisions/138-availability-today-past-and-shortcuts.md; the rules are the machine's, machines/availability.shortcuts.ts): every
 * morning / afternoon / evening of the month, a whole week, or the previous month copied. Each is a toggle button
 * (`aria-pressed` when what it fills is already full: pressing it again clears it). Nothing is saved before Save.
 * It subscribes to the few selectors it shows, so a toggle in a row re-renders this bar and that row only.
 */
import { useSelector } from '@xstate/react';
import * as sel from '../../../machines/availability.selectors.ts';
import type { Slot } from '../../../machines/availability.types.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import * as s from './availability.css.ts';
import { formatDay } from '../../i18n/dates.ts';

type Actor = sel.AvailabilityActor;

const SLOT_BUTTONS: ReadonlyArray<{ slot: Slot; label: () => string }> = [
  { slot: 'morning', label: () => m.availability_fillMornings() },
  { slot: 'afternoon', label: () => m.availability_fillAfternoons() },
  { slot: 'evening', label: () => m.availability_fillEvenings() },
];

export function MonthShortcuts({ actor, locale }: { actor: Actor; locale: Locale }) {
  const shown = useSelector(actor, sel.shownMonth, (a, b) => a.year === b.year && a.month === b.month);
  const weeks = useSelector(actor, sel.weeks);
  // One string per render keeps useSelector's comparison cheap: which buttons are pressed / enabled.
  const state = useSelector(actor, (snap) =>
    [
      ...SLOT_BUTTONS.map(({ slot }) => `${sel.canFillSlot(snap, slot) ? 1 : 0}${sel.slotFilled(snap, slot) ? 1 : 0}`),
      ...(sel.weeks(snap) ?? []).map((w) => `${sel.canFillWeek(snap, w.weekNumber) ? 1 : 0}${sel.weekFilled(snap, w.weekNumber) ? 1 : 0}`),
    ].join(','),
  );
  const copying = useSelector(actor, sel.isCopying);
  const copyFailed = useSelector(actor, sel.copyFailed);
  const canCopy = useSelector(actor, sel.canCopyPreviousMonth);
  const flags = state.split(',');
  const flag = (index: number) => ({ enabled: flags[index]?.[0] === '1', pressed: flags[index]?.[1] === '1' });
  const day = (d: number) => formatDay(locale, { ...shown, day: d }, { day: 'numeric', month: 'long' });

  return (
    <fieldset className={s.shortcuts} data-testid="availability-shortcuts">
      <legend className={s.shortcutsTitle}>{m.availability_shortcutsTitle()}</legend>
      <p className={s.shortcutsHint}>{m.availability_shortcutsHint()}</p>
      <div className={s.shortcutRow}>
        {SLOT_BUTTONS.map(({ slot, label }, i) => (
          <Button
            key={slot}
            variant="secondary"
            aria-pressed={flag(i).pressed}
            disabled={!flag(i).enabled}
            onClick={() => actor.send({ type: 'availability.fillSlot', slot })}
          >
            {label()}
          </Button>
        ))}
        <Button
          variant="secondary"
          loading={copying}
          aria-busy={copying || undefined}
          disabled={!canCopy && !copying}
          onClick={() => actor.send({ type: 'availability.copyPreviousMonth' })}
        >
          {m.availability_copyPreviousMonth()}
        </Button>
      </div>
      <div className={s.shortcutRow}>
        {(weeks ?? []).map((week, i) => {
          const days = week.days.map((d) => d.day).filter((d) => d >= 1);
          const { enabled, pressed } = flag(SLOT_BUTTONS.length + i);
          return (
            <Button
              key={week.weekNumber}
              variant="secondary"
              aria-pressed={pressed}
              disabled={!enabled}
              aria-label={m.availability_fillWeekLabel({ week: week.weekNumber, from: day(days[0]!), to: day(days.at(-1)!) })}
              onClick={() => actor.send({ type: 'availability.fillWeek', weekNumber: week.weekNumber })}
            >
              {m.availability_fillWeek({ week: week.weekNumber })}
            </Button>
          );
        })}
      </div>
      {copyFailed ? (
        <p role="alert" className={s.saveFailed}>
          {m.availability_copyFailed()}
        </p>
      ) : null}
    </fieldset>
  );
}
