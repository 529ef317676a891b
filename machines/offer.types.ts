/** The offer machine's input, context and events; the offer itself is the contract's (`Offer` of #domain/api-schema.ts). */
import type { Offer } from '#domain/api-schema.ts';

/** Why the offer is not the worker's to see: no such offer (404), or one not sent to them (403). */
export type OfferUnavailable = 'not_found' | 'offer_not_for_you';

/**
 * The route read the offer before the screen shows, so its first paint is its real state: the offer, or null when it
 * could not be read, with `unavailable` when the server said it is not the worker's to see.
 */
export type OfferInput = { id: string; offer: Offer | null; unavailable?: OfferUnavailable | null };

export type OfferContext = {
  id: string;
  /** The offer as last known; null while it could not be read. */
  offer: Offer | null;
  /** Set when the server said the offer is not the worker's to see (reading it again cannot change that). */
  unavailable: OfferUnavailable | null;
  /** The decline reason being typed (optional; at most OFFER_DECLINE_REASON_MAX of #domain/offers.ts characters). */
  reason: string;
};

export type OfferEvent =
  | { type: 'offer.accept' }
  | { type: 'offer.decline' }
  | { type: 'offer.reason'; reason: string }
  | { type: 'offer.confirm' }
  | { type: 'offer.cancel' }
  | { type: 'offer.retry' };
