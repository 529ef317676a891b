/** The dialog of one day (spec §2): its three slots as checkboxes, Cancel and Save. */
import type { AvailabilityEdit, Slot, YearMonth } from '../../../machines/availability.types.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { useOnline } from '../../ui/use-online.ts';
import * as s from './availability.css.ts';
import { SLOTS, fullDate } from './calendar.ts';
import { slotName } from './slot-names.ts';

export type EditDialogProps = {
  month: YearMonth;
  edits: readonly AvailabilityEdit[];
  locale: Locale;
  /** Saving then reloading: the overlay covers the page, Save says it is busy. */
  saving: boolean;
  /** The last save failed: the edits are intact, Save tries again. */
  failed: boolean;
  onToggle: (day: number, slot: Slot) => void;
  onSave: () => void;
  onCancel: () => void;
};

/**
 * Save and Cancel, and above them what went wrong with the last save: in the footer that stays in view, beside the
 * button to press again (the only message: the API layer raises no toast over the editor, src/api/errors.ts).
 */
export function DialogButtons({ saving, failed, onSave, onCancel }: Pick<EditDialogProps, 'saving' | 'failed' | 'onSave' | 'onCancel'>) {
  // Without a network, the failure says so: press Save again once back (the same request, sent once: decision 242).
  const online = useOnline();
  return (
    <>
      {failed ? (
        <p role="alert" className={s.saveFailed}>
          {online ? m.availability_saveFailed() : m.error_offline()}
        </p>
      ) : null}
      <Button variant="secondary" onClick={onCancel} disabled={saving}>
        {m.availability_cancel()}
      </Button>
      <Button onClick={onSave} loading={saving} aria-busy={saving || undefined}>
        {m.availability_save()}
      </Button>
    </>
  );
}

export function DayDialog({ month, edits, locale, saving, failed, onToggle, onSave, onCancel }: EditDialogProps) {
  const edit = edits[0];
  if (!edit) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !saving) onCancel();
      }}
      title={fullDate(month, edit.day, locale)}
      description={m.availability_dayDialogDescription()}
      footer={<DialogButtons saving={saving} failed={failed} onSave={onSave} onCancel={onCancel} />}
    >
      <fieldset className={s.fieldset} data-testid="day-slots">
        <legend className={s.legend}>{m.availability_slotsLegend()}</legend>
        {SLOTS.map((slot) => (
          <Checkbox key={slot} label={slotName(slot)} checked={edit[slot]} onCheckedChange={() => onToggle(edit.day, slot)} disabled={saving} />
        ))}
      </fieldset>
    </Dialog>
  );
}
