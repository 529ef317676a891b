/**
 * The offer as the machine holds it: openapi.yaml `Offer` (structurally the same type, decision 150), declared here
 * because machines never import src/.
 */
/** A decline reason is at most this long: openapi.yaml `OfferDecline.reason` maxLength (tests/machines/offer.paths.test.ts checks it). */
export const OFFER_DECLINE_REASON_MAX = 500;

export type OfferStatus = 'open' | 'accepted' | 'declined' | 'filled' | 'expired' | 'withdrawn';

export type OfferOverlap = { mission: string; reference: string; date: string; start: string; end: string };

export type OfferShift = {
  date: string;
  start: string;
  end: string;
  endsNextDay: boolean;
  outsideAvailability: boolean;
  overlaps: OfferOverlap | null;
};

export type Offer = {
  offer: string;
  reference: string;
  job: string;
  jobTitle: string;
  shortLocation: string;
  location1: string;
  location2: string;
  hourlyWageCents: number;
  briefing: string;
  places: number;
  placesLeft: number;
  answerBy: string;
  status: OfferStatus;
  closedAt: string | null;
  shifts: OfferShift[];
  declineReason: string | null;
  missions: string[];
};

/** The route read the offer (or could not: null) before the screen shows, so its first paint is its real state. */
export type OfferInput = { id: string; offer: Offer | null };

export type OfferContext = {
  id: string;
  /** The offer as last known; null while it could not be read. */
  offer: Offer | null;
  /** The decline reason being typed (optional; at most OFFER_DECLINE_REASON_MAX characters). */
  reason: string;
};

export type OfferEvent =
  | { type: 'offer.accept' }
  | { type: 'offer.decline' }
  | { type: 'offer.reason'; reason: string }
  | { type: 'offer.confirm' }
  | { type: 'offer.cancel' }
  | { type: 'offer.retry' };
