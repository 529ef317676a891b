/**
 * /offers: the offers sent to the worker. Each says at a glance what a worker decides on: what, where, when, the
 * wage, the places left and the time left to answer. The open ones come first; those the worker can no longer take
 * (answered, filled, expired, withdrawn) stay below for a week, marked in words (docs/decisions/192-offers-on-screen.md).
 * Those applied for or waited for come between, with how the places are given and where the worker stands in line;
 * a student's card says what the offer adds to the year's quota. An open card whose deadline comes while the list is open moves down, expired, at that moment (the offer as it
 * stands on the clock: offerAt of domain/offers.ts, decision 225); one that overlaps a mission says so on the card.
 * The list comes from the route's loader; an offer opens at /offers?offer=<id>.
 */
import { Link } from '@tanstack/react-router';
import type { Offer } from '#domain/api-schema.ts';
import { offerAt } from '#domain/offers.ts';
import type { MachineClock } from '../../../machines/clock.ts';
import { appClock, useNow } from '../../clock.ts';
import { useLocale, type Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { STATUS, placeText, wageText, whenText } from './offer-text.ts';
import { StaffingFacts } from './offer-staffing.tsx';
import { OpenOfferFacts } from './open-offer-facts.tsx';
import * as s from './offers.css.ts';

export type OffersListScreenProps = {
  /** The offers, or null when they could not be read (the worker was told by a toast). */
  offers: readonly Offer[] | null;
  onRetry: () => void;
  /** The clock the deadlines and the time left count on (the app's, or a test's). */
  clock?: MachineClock;
};

export function OffersListScreen({ offers, onRetry, clock = appClock }: OffersListScreenProps) {
  const locale = useLocale();
  const now = useNow(offers?.filter((o) => o.status === 'open').map((o) => o.answerBy) ?? [], clock);
  const standing = offers?.map((offer) => offerAt(offer, now)) ?? [];
  const open = standing.filter((o) => o.status === 'open');
  // Applied for, or in line: the worker waits for the agency's choice or a freed place (docs/decisions/263-offer-statuses.md).
  const waiting = standing.filter((o) => o.status === 'applied' || o.status === 'waitlisted');
  const closed = standing.filter((o) => o.status !== 'open' && !waiting.includes(o));
  return (
    <Page title={m.offers_title()}>
      <p>{m.offers_intro()}</p>
      {offers === null ? (
        <div>
          <p>{m.offers_loadFailed()}</p>
          <Button variant="secondary" onClick={onRetry}>
            {m.offers_retry()}
          </Button>
        </div>
      ) : (
        <>
          <section aria-labelledby="offers-open">
            <h2 id="offers-open" className={s.sectionTitle}>
              {m.offers_openTitle({ count: open.length })}
            </h2>
            {open.length ? <OfferCards offers={open} locale={locale} now={now} /> : <p className={s.muted}>{m.offers_noneOpen()}</p>}
          </section>
          {waiting.length ? (
            <section aria-labelledby="offers-waiting">
              <h2 id="offers-waiting" className={s.sectionTitle}>
                {m.offers_waitingTitle({ count: waiting.length })}
              </h2>
              <OfferCards offers={waiting} locale={locale} now={now} />
            </section>
          ) : null}
          {closed.length ? (
            <section aria-labelledby="offers-closed">
              <h2 id="offers-closed" className={s.sectionTitle}>
                {m.offers_closedTitle()}
              </h2>
              <p className={s.muted}>{m.offers_closedHint()}</p>
              <OfferCards offers={closed} locale={locale} now={now} />
            </section>
          ) : null}
        </>
      )}
    </Page>
  );
}

function OfferCards({ offers, locale, now }: { offers: readonly Offer[]; locale: Locale; now: number }) {
  return (
    <ul className={s.list}>
      {offers.map((offer) => (
        <OfferCard key={offer.offer} offer={offer} locale={locale} now={now} />
      ))}
    </ul>
  );
}

function OfferCard({ offer, locale, now }: { offer: Offer; locale: Locale; now: number }) {
  const closed = offer.status === 'open' ? null : STATUS[offer.status];
  return (
    <li className={s.card[closed ? 'closed' : 'open']} data-offer={offer.offer} data-status={offer.status}>
      <h3 className={s.cardTitle}>
        <Link to="/offers" search={{ offer: offer.offer }} className={s.cardLink}>
          {m.offers_cardTitle({ job: offer.jobTitle, place: offer.shortLocation })}
        </Link>
      </h3>
      {closed ? (
        <p className={s.badge[closed.tone]}>
          {offer.status === 'waitlisted' && offer.waitlistPosition ? m.offers_statusWaitlistedAt({ position: offer.waitlistPosition }) : closed.text()}
        </p>
      ) : null}
      {closed ? null : <OverlapMark offer={offer} />}
      <dl className={s.facts}>
        <div>
          <dt>{m.offers_when()}</dt>
          <dd>{whenText(locale, offer)}</dd>
        </div>
        <div>
          <dt>{m.offers_where()}</dt>
          <dd>{placeText(offer)}</dd>
        </div>
        <div>
          <dt>{m.offers_wageLabel()}</dt>
          <dd>{wageText(locale, offer.hourlyWageCents)}</dd>
        </div>
        {closed ? null : <OpenOfferFacts offer={offer} locale={locale} now={now} />}
        {closed && offer.status !== 'applied' && offer.status !== 'waitlisted' ? null : <StaffingFacts offer={offer} locale={locale} />}
      </dl>
    </li>
  );
}

/** An open offer that cannot be taken as it stands: one of its shifts overlaps one of the worker's missions. */
function OverlapMark({ offer }: { offer: Offer }) {
  const overlap = offer.shifts.find((shift) => shift.overlaps !== null)?.overlaps;
  if (!overlap) return null;
  return <p className={s.badge.warning}>{m.offers_overlapsMission({ reference: overlap.reference })}</p>;
}
