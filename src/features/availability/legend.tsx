/** What the marks of the grid mean: the slot letters, and filled (available) versus hollow (not available). */
import { m } from '../../paraglide/messages.js';
import * as s from './availability.css.ts';
import { SLOTS } from './calendar.ts';
import { slotName, slotShort } from './slot-names.ts';

export function Legend() {
  return (
    <ul className={s.legendList} aria-label={m.availability_legendLabel()}>
      {SLOTS.map((slot) => (
        <li key={slot} className={s.legendItem}>
          {m.availability_legendSlot({ letter: slotShort(slot), slot: slotName(slot) })}
        </li>
      ))}
      <li className={s.legendItem}>
        <span className={s.slotOn} aria-hidden="true">
          {slotShort('morning')}
        </span>
        {m.availability_legendAvailable()}
      </li>
      <li className={s.legendItem}>
        <span className={s.slotOff} aria-hidden="true">
          {slotShort('morning')}
        </span>
        {m.availability_legendUnavailable()}
      </li>
    </ul>
  );
}
