/**
 * The worker's offers (tag offers): list, read one, accept, decline. Only approved workers have offers (spec §5, §6);
 * an offer sent to someone else is refused as such, an unknown one is not found. Accepting and declining answer the
 * offer as it now is, so a repeated request gets the same answer (docs/decisions/190-offers-exactly-once.md).
 */
import type { Offer } from '#domain/api-schema.ts';
import { acceptOffer, declineOffer } from '../services/offer-answers.ts';
import { offerById, offersForWorker } from '../services/offers.ts';
import { forbidden, notFound } from './errors.ts';
import { approvedAccount, me } from './guards.ts';
import type { AnyRequest, Operations } from './operation.ts';

/** The offer as this worker sees it now; 404 when there is none of that id, 403 when it was not sent to them. */
async function oneOffer(req: AnyRequest, id: string): Promise<Offer> {
  const [offer] = await offersForWorker(req.deps.db, me(req).id, req.now, req.locale, id);
  if (offer) return offer;
  throw (await offerById(req.deps.db, id)) ? forbidden('offer_not_for_you') : notFound();
}

export const offerOperations = {
  getOffers: {
    guard: approvedAccount,
    handle: async (req) => req.c.json<Offer[]>(await offersForWorker(req.deps.db, me(req).id, req.now, req.locale)),
  },
  getOffer: {
    guard: approvedAccount,
    handle: async (req) => req.c.json<Offer>(await oneOffer(req, req.params.offer)),
  },
  acceptOffer: {
    guard: approvedAccount,
    async handle(req) {
      await acceptOffer(req.deps.db, me(req), req.params.offer, req.now);
      return req.c.json<Offer>(await oneOffer(req, req.params.offer));
    },
  },
  declineOffer: {
    guard: approvedAccount,
    async handle(req) {
      await declineOffer(req.deps.db, me(req), req.params.offer, req.body.reason, req.now);
      return req.c.json<Offer>(await oneOffer(req, req.params.offer));
    },
  },
} satisfies Partial<Operations>;
