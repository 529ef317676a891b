/**
 * One offer (/offers?offer=<id>): what, where, when (its shifts, marked), the wage, the places left, the time left
 * and the briefing; Accept (confirmed, naming the shifts; not offered while a shift overlaps a mission) and Decline
 * (an optional reason). Once answered or closed it says what became of it, in words and focused, so a screen reader
 * hears it; its deadline passing while the page is open closes it there and then (the machine's clock, decision 225).
 * An offer that is not the worker's says so, with the way back to the list and nothing to retry. Reads the offer
 * machine through its selectors only (machines/offer.selectors.ts).
 */
import { useEffect, useRef } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import {
  canAccept,
  canApply,
  canDecline,
  dialog,
  isAccepting,
  isDeclining,
  offerOf,
  offerView,
  overlappingShifts,
  reasonOf,
  stepActor,
  unavailableWhy,
  type OfferActor,
  type OfferView,
} from '../../../machines/offer.selectors.ts';
import type { MachineClock } from '../../../machines/clock.ts';
import type { OfferUnavailable } from '../../../machines/offer.types.ts';
import type { Offer } from '#domain/api-schema.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { AcceptDialog, DeclineDialog } from './offer-dialogs.tsx';
import { OfferShifts } from './offer-shifts.tsx';
import { placeText, wageText } from './offer-text.ts';
import { OpenOfferFacts } from './open-offer-facts.tsx';
import { StaffingActions, StaffingFacts } from './offer-staffing.tsx';
import { OfferStepDialog } from './offer-step-dialog.tsx';
import * as s from './offers.css.ts';
import { appClock, useNow } from '../../clock.ts';
import { AskAbout } from '../../ui/ask-about.tsx';

export type OfferScreenProps = {
  actor: OfferActor;
  /** Employees and students sign a contract before the first shift (freelancers do not sign). */
  signsContracts: boolean;
  /** The clock the time left counts on (the actor's: the app's, or a test's). */
  clock?: MachineClock;
};

export function OfferScreen({ actor, signsContracts, clock = appClock }: OfferScreenProps) {
  const locale = useLocale();
  const view = useSelector(actor, offerView);
  const offer = useSelector(actor, offerOf);
  const unavailable = useSelector(actor, unavailableWhy);
  const now = useNow(offer ? [offer.answerBy] : [], clock);
  const asking = useSelector(actor, dialog);
  const accepting = useSelector(actor, isAccepting);
  const declining = useSelector(actor, isDeclining);
  const reason = useSelector(actor, reasonOf);
  const overlaps = useSelector(actor, overlappingShifts).length > 0;
  const step = useSelector(actor, stepActor);
  const can = { accept: useSelector(actor, canAccept), apply: useSelector(actor, canApply), decline: useSelector(actor, canDecline) };
  const send = actor.send;
  return (
    <Page title={offer ? m.offers_cardTitle({ job: offer.jobTitle, place: offer.shortLocation }) : m.offers_offerTitle()}>
      <Link to="/offers" className={s.back}>
        {m.offers_backToList()}
      </Link>
      <Outcome view={view} offer={offer} unavailable={unavailable} signsContracts={signsContracts} onRetry={() => send({ type: 'offer.retry' })} />
      {offer ? <OfferDetails offer={offer} locale={locale} now={now} open={view === 'open'} /> : null}
      {view === 'open' && offer ? (
        <>
          {overlaps ? (
            <p className={s.outcome.warning}>{m.offers_overlapExplained()}</p>
          ) : (
            <p>{offer.staffing === 'selection' ? m.offers_applyExplained() : m.offers_firstComeExplained()}</p>
          )}
          <div className={s.actions}>
            {overlaps ? null : offer.staffing === 'selection' ? (
              <Button disabled={!can.apply} onClick={() => send({ type: 'offer.apply' })}>
                {m.offers_apply()}
              </Button>
            ) : (
              <Button disabled={!can.accept} onClick={() => send({ type: 'offer.accept' })}>
                {m.offers_accept()}
              </Button>
            )}
            <Button variant="secondary" disabled={!can.decline} onClick={() => send({ type: 'offer.decline' })}>
              {m.offers_decline()}
            </Button>
          </div>
        </>
      ) : null}
      {offer && view !== 'open' ? <StaffingActions actor={actor} offer={offer} view={view} locale={locale} /> : null}
      {step && offer ? <OfferStepDialog step={step} offer={offer} /> : null}
      {asking === 'accept' && offer ? (
        <AcceptDialog
          offer={offer}
          locale={locale}
          busy={accepting}
          onConfirm={() => send({ type: 'offer.confirm' })}
          onCancel={() => send({ type: 'offer.cancel' })}
        />
      ) : null}
      {asking === 'decline' && offer ? (
        <DeclineDialog
          offer={offer}
          busy={declining}
          reason={reason}
          onReason={(text) => send({ type: 'offer.reason', reason: text })}
          onConfirm={() => send({ type: 'offer.confirm' })}
          onCancel={() => send({ type: 'offer.cancel' })}
        />
      ) : null}
    </Page>
  );
}

function OfferDetails({ offer, locale, now, open }: { offer: Offer; locale: Locale; now: number; open: boolean }) {
  return (
    <>
      <dl className={s.facts}>
        <div>
          <dt>{m.offers_where()}</dt>
          <dd>{placeText(offer)}</dd>
        </div>
        <div>
          <dt>{m.offers_wageLabel()}</dt>
          <dd>{wageText(locale, offer.hourlyWageCents)}</dd>
        </div>
        {open ? <OpenOfferFacts offer={offer} locale={locale} now={now} /> : null}
        <StaffingFacts offer={offer} locale={locale} />
        <div>
          <dt>{m.offers_reference()}</dt>
          <dd>{offer.reference}</dd>
        </div>
      </dl>
      <p>
        <AskAbout kind="offer" id={offer.offer} what={offer.reference} />
      </p>
      <h2 className={s.sectionTitle}>{m.offers_shiftsTitle({ count: offer.shifts.length })}</h2>
      <OfferShifts shifts={offer.shifts} locale={locale} marks={open} />
      {offer.briefing ? (
        <>
          <h2 className={s.sectionTitle}>{m.offers_briefingTitle()}</h2>
          <p className={s.briefing}>{offer.briefing}</p>
        </>
      ) : null}
    </>
  );
}

/** What became of the offer, said once it rests in a closed state; focused when it changes under the worker's eyes. */
type OutcomeProps = { view: OfferView; offer: Offer | null; unavailable: OfferUnavailable | null; signsContracts: boolean; onRetry: () => void };

function Outcome({ view, offer, unavailable, signsContracts, onRetry }: OutcomeProps) {
  const ref = useRef<HTMLDivElement>(null);
  const first = useRef(view);
  useEffect(() => {
    // Not on the first paint (the page's heading has the focus then): only when an answer changed it.
    if (view !== first.current && view !== 'loading' && view !== 'open') ref.current?.focus();
  }, [view]);
  if (view === 'loading') return <p role="status">{m.offers_loading()}</p>;
  const body = outcomeBody({ view, offer, unavailable, signsContracts, onRetry });
  if (!body) return null;
  return (
    <div ref={ref} tabIndex={-1} className={s.outcome[body.tone]} data-outcome={view}>
      {body.content}
    </div>
  );
}

function outcomeBody({ view, offer, unavailable, signsContracts, onRetry }: OutcomeProps) {
  switch (view) {
    case 'accepted':
      return {
        tone: 'success' as const,
        content: (
          <>
            <p>{m.offers_acceptedText()}</p>
            <p>
              <Link to="/planning">{m.offers_toPlanning()}</Link>
            </p>
            {signsContracts ? (
              <p>
                {m.offers_signBeforeWork()} <Link to="/digital-signing">{m.offers_toSigning()}</Link>
              </p>
            ) : null}
          </>
        ),
      };
    case 'declined':
      return {
        tone: 'info' as const,
        content: <p>{offer?.declineReason ? m.offers_declinedWithReason({ reason: offer.declineReason }) : m.offers_declinedText()}</p>,
      };
    case 'filled':
      return { tone: 'warning' as const, content: <p>{m.offers_filledText()}</p> };
    case 'applied':
      return { tone: 'info' as const, content: <p>{m.offers_appliedText()}</p> };
    case 'waitlisted':
      return { tone: 'info' as const, content: <p>{m.offers_waitlistedText({ position: offer?.waitlistPosition ?? 1 })}</p> };
    case 'notSelected':
      return { tone: 'info' as const, content: <p>{m.offers_notSelectedText()}</p> };
    case 'givenBack':
      return { tone: 'info' as const, content: <p>{m.offers_givenBackText({ reason: offer?.giveBackReason ?? '' })}</p> };
    case 'setAside':
      return {
        tone: 'info' as const,
        content: <p>{offer?.setAsideFor ? m.offers_setAsideText({ reference: offer.setAsideFor }) : m.offers_setAsideTextNoRef()}</p>,
      };
    case 'expired':
      return { tone: 'warning' as const, content: <p>{m.offers_expiredText()}</p> };
    case 'withdrawn':
      return { tone: 'warning' as const, content: <p>{offer?.missions.length ? m.offers_withdrawnCancelled() : m.offers_withdrawnText()}</p> };
    case 'unavailable':
      return {
        tone: 'warning' as const,
        content: (
          <>
            <p>{unavailable === 'offer_not_for_you' ? m.offers_notForYouText() : m.offers_notFoundText()}</p>
            <p>
              <Link to="/offers">{m.offers_backToList()}</Link>
            </p>
          </>
        ),
      };
    case 'failed':
      return {
        tone: 'warning' as const,
        content: (
          <>
            <p>{m.offers_failedText()}</p>
            <Button variant="secondary" onClick={onRetry}>
              {m.offers_retry()}
            </Button>
          </>
        ),
      };
    default:
      return null;
  }
}
