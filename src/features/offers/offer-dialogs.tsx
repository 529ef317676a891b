/**
 * The two questions of an offer: accept (a confirmation that names the shifts the worker commits to) and decline
 * (an optional reason for the agency). Over a student's quota the confirmation names the consequence. Open while the machine is in `confirming`/`accepting` or `declining`.
 */
import { useId } from 'react';
import type { Offer } from '#domain/api-schema.ts';
import { OFFER_DECLINE_REASON_MAX } from '#domain/offers.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { QuotaOver } from './offer-staffing.tsx';
import { shiftText } from './offer-text.ts';
import * as s from './offers.css.ts';

type Common = { offer: Offer; busy: boolean; onConfirm: () => void; onCancel: () => void };

export function AcceptDialog({ offer, busy, onConfirm, onCancel, locale }: Common & { locale: Locale }) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={m.offers_acceptTitle()}
      description={m.offers_acceptIntro({ job: offer.jobTitle, place: offer.shortLocation })}
      footer={
        <>
          <Button loading={busy} onClick={onConfirm}>
            {offer.quota?.over ? m.offers_overQuotaConfirm() : m.offers_acceptConfirm()}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {m.offers_cancel()}
          </Button>
        </>
      }
    >
      {offer.quota?.over ? <QuotaOver quota={offer.quota} /> : null}
      <ul className={s.dialogShifts}>
        {offer.shifts.map((shift) => (
          <li key={`${shift.date} ${shift.start}`}>{shiftText(locale, shift)}</li>
        ))}
      </ul>
    </Dialog>
  );
}

export function DeclineDialog({ busy, onConfirm, onCancel, reason, onReason }: Common & { reason: string; onReason: (reason: string) => void }) {
  const id = useId();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onCancel()}
      title={m.offers_declineTitle()}
      description={m.offers_declineIntro()}
      footer={
        <>
          <Button variant="danger" loading={busy} onClick={onConfirm}>
            {m.offers_declineConfirm()}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onCancel}>
            {m.offers_cancel()}
          </Button>
        </>
      }
    >
      <label htmlFor={id} className={s.label}>
        {m.offers_reasonLabel()}
      </label>
      <textarea
        id={id}
        className={s.reason}
        value={reason}
        maxLength={OFFER_DECLINE_REASON_MAX}
        readOnly={busy}
        onChange={(event) => onReason(event.currentTarget.value)}
      />
    </Dialog>
  );
}
