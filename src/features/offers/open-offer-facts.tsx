/** An open offer's places left and answer-by time, two facts of a description list (the list's cards and the offer page). */
import type { Offer } from '#domain/api-schema.ts';
import type { Locale } from '../../i18n/locale.ts';
import { m } from '../../paraglide/messages.js';
import { deadlineText, placesText } from './offer-text.ts';

export function OpenOfferFacts({ offer, locale, now }: { offer: Pick<Offer, 'places' | 'placesLeft' | 'answerBy'>; locale: Locale; now: number }) {
  return (
    <>
      <div>
        <dt>{m.offers_placesLabel()}</dt>
        <dd>{placesText(offer)}</dd>
      </div>
      <div>
        <dt>{m.offers_deadlineLabel()}</dt>
        <dd>{deadlineText(locale, offer, now)}</dd>
      </div>
    </>
  );
}
