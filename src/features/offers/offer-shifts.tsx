/**
 * An offer's shifts, each with its marks in words: outside the worker's availabilities for that day part (it may
 * still be accepted), and overlapping one of their missions (then the offer cannot be accepted). The server marks
 * them (docs/decisions/191-offer-overlap-and-day-parts.md); this only says so.
 */
import type { OfferShift } from '#domain/api-schema.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { shiftDay, shiftHours } from './offer-text.ts';
import * as s from './offers.css.ts';

export function OfferShifts({ shifts, locale, marks }: { shifts: readonly OfferShift[]; locale: Locale; marks: boolean }) {
  return (
    <ul className={s.shifts}>
      {shifts.map((shift) => (
        <li key={`${shift.date} ${shift.start}`} className={s.shift} data-shift={shift.date}>
          <p className={s.shiftDay}>{shiftDay(locale, shift)}</p>
          <p className={s.shiftTime}>{shiftHours(shift)}</p>
          {marks && (shift.outsideAvailability || shift.overlaps) ? (
            <div className={s.marks}>
              {shift.overlaps ? (
                <span className={s.badge.danger} data-mark="overlap">
                  {m.offers_markOverlap({ reference: shift.overlaps.reference, start: shift.overlaps.start, end: shift.overlaps.end })}
                </span>
              ) : null}
              {shift.outsideAvailability ? (
                <span className={s.badge.warning} data-mark="outside">
                  {m.offers_markOutside()}
                </span>
              ) : null}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
