/**
 * What staffing adds to an offer on screen (docs/decisions/260-264): how its places are given (first come, or the
 * agency's choice) and so what pressing the button means; for a student, what the shifts add to the year and what
 * would be left of the quota, and over it the consequence in words; and the steps the offer page offers now (apply,
 * withdraw, join or leave the waitlist, give back until the cut-off, after it "I can't come"). The offer page's
 * steps come from the machine's selectors (machines/offer.selectors.ts); the list's cards show the same facts.
 */
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  canJoinWaitlist,
  canLeaveWaitlist,
  canWithdrawApplication,
  mayGiveBack,
  pastGiveBack,
  type OfferActor,
  type OfferView,
} from '../../../machines/offer.selectors.ts';
import type { Offer, OfferQuota } from '#domain/api-schema.ts';
import { formatMinutes } from '#domain/hours-format.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { momentText } from './offer-text.ts';
import * as s from './offers.css.ts';

/** Two facts of a description list: how the places are given and, for a student, the quota against this offer. */
export function StaffingFacts({ offer, locale }: { offer: Pick<Offer, 'staffing' | 'quota'>; locale: Locale }) {
  return (
    <>
      <div>
        <dt>{m.offers_staffingLabel()}</dt>
        <dd>{offer.staffing === 'selection' ? m.offers_staffingSelection() : m.offers_staffingFirstCome()}</dd>
      </div>
      {offer.quota ? (
        <div data-quota={offer.quota.over ? 'over' : 'under'}>
          <dt>{m.offers_quotaLabel({ year: offer.quota.year })}</dt>
          <dd>{quotaText(locale, offer.quota)}</dd>
        </div>
      ) : null}
    </>
  );
}

function quotaText(locale: Locale, quota: OfferQuota): string {
  const adds = formatMinutes(locale, quota.addsMinutes);
  if (quota.over) return m.offers_quotaOverShort({ adds, over: formatMinutes(locale, -quota.leftAfterMinutes), quota: quota.quotaHours });
  return m.offers_quotaLeft({ adds, left: formatMinutes(locale, quota.leftAfterMinutes), quota: quota.quotaHours });
}

/** The consequence of passing the quota, said before the worker confirms (the accept and the step dialogs). */
export function QuotaOver({ quota }: { quota: OfferQuota }) {
  const locale = useLocale();
  return (
    <p className={s.outcome.warning} data-quota-warning>
      {m.offers_quotaOver({ over: formatMinutes(locale, -quota.leftAfterMinutes), quota: quota.quotaHours, year: quota.year })}
    </p>
  );
}

/** The steps the offer offers now, each with what pressing it means; nothing while none is possible. */
export function StaffingActions({ actor, offer, view, locale }: { actor: OfferActor; offer: Offer; view: OfferView; locale: Locale }) {
  const can = {
    withdraw: useSelector(actor, canWithdrawApplication),
    join: useSelector(actor, canJoinWaitlist),
    leave: useSelector(actor, canLeaveWaitlist),
    giveBack: useSelector(actor, mayGiveBack),
    tooLate: useSelector(actor, pastGiveBack),
  };
  const send = actor.send;
  if (view === 'applied')
    return (
      <div className={s.actions}>
        <Button variant="secondary" disabled={!can.withdraw} onClick={() => send({ type: 'offer.withdrawApplication' })}>
          {m.offers_withdrawApplication()}
        </Button>
      </div>
    );
  if (view === 'filled' && can.join)
    return (
      <>
        <p>{m.offers_waitlistExplained()}</p>
        <div className={s.actions}>
          <Button onClick={() => send({ type: 'offer.joinWaitlist' })}>{m.offers_joinWaitlist()}</Button>
        </div>
      </>
    );
  if (view === 'waitlisted')
    return (
      <div className={s.actions}>
        <Button variant="secondary" disabled={!can.leave} onClick={() => send({ type: 'offer.leaveWaitlist' })}>
          {m.offers_leaveWaitlist()}
        </Button>
      </div>
    );
  if (view === 'accepted' && can.giveBack && offer.giveBackUntil)
    return (
      <>
        <p>{m.offers_giveBackExplained({ until: momentText(locale, offer.giveBackUntil) })}</p>
        <div className={s.actions}>
          <Button variant="secondary" onClick={() => send({ type: 'offer.giveBack' })}>
            {m.offers_giveBack()}
          </Button>
        </div>
      </>
    );
  const mission = offer.missions[0];
  if (view === 'accepted' && can.tooLate && mission)
    return (
      <p data-give-back="too-late">
        {m.offers_giveBackTooLate()}{' '}
        <Link to="/absence" search={{ mission }}>
          {m.absence_cantCome()}
        </Link>
      </p>
    );
  return null;
}
