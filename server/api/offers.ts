/**
 * The worker's offers (tag offers): list, read one, accept, decline; apply to a selection offer and withdraw the
 * application, join and leave a waitlist, give a place back (docs/decisions/260-two-ways-to-staff.md, 261, 262).
 * Only approved workers have offers (spec §5, §6); an offer sent to someone else is refused as such, an unknown one
 * is not found. Every answer answers the offer as it now is, so a repeated request gets the same answer
 * (docs/decisions/190-offers-exactly-once.md).
 */
import type { Offer } from '#domain/api-schema.ts';
import { agencyOf, staffingSettings } from '../config.ts';
import { acceptOffer, declineOffer } from '../services/offer-answers.ts';
import { givenBackMail } from '../services/offer-mail.ts';
import { applyToOffer, giveBack, joinWaitlist, leaveWaitlist, withdrawApplication } from '../services/offer-staffing.ts';
import { offerById, offersForWorker, shiftsOf } from '../services/offers.ts';
import { offerPlaceEvents } from '../services/notification-events.ts';
import { forbidden, notFound } from './errors.ts';
import { approvedAccount, me } from './guards.ts';
import { notify } from './notify.ts';
import type { AnyRequest, Operations } from './operation.ts';

/** The offer as this worker sees it now; 404 when there is none of that id, 403 when it was not sent to them. */
async function oneOffer(req: AnyRequest, id: string): Promise<Offer> {
  const [offer] = await offersForWorker(req.deps.db, me(req).id, req.now, req.locale, id, staffingSettings(req.deps.config));
  if (offer) return offer;
  throw (await offerById(req.deps.db, id)) ? forbidden('offer_not_for_you') : notFound();
}

/** Whether the body says the student knows the offer passes the quota, and the quotas to judge it by. */
const take = (req: AnyRequest, body: { confirmOverQuota?: boolean } | undefined) => ({
  confirmOverQuota: body?.confirmOverQuota === true,
  quotas: staffingSettings(req.deps.config).quotas,
});

export const offerOperations = {
  getOffers: {
    guard: approvedAccount,
    handle: async (req) => req.c.json<Offer[]>(await offersForWorker(req.deps.db, me(req).id, req.now, req.locale, null, staffingSettings(req.deps.config))),
  },
  getOffer: {
    guard: approvedAccount,
    handle: async (req) => req.c.json<Offer>(await oneOffer(req, req.params.offer)),
  },
  acceptOffer: {
    guard: approvedAccount,
    async handle(req) {
      await acceptOffer(req.deps.db, me(req), req.params.offer, req.now, take(req, req.body));
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
  applyToOffer: {
    guard: approvedAccount,
    async handle(req) {
      await applyToOffer(req.deps.db, me(req), req.params.offer, req.now, take(req, req.body));
      return req.c.json<Offer>(await oneOffer(req, req.params.offer));
    },
  },
  withdrawApplication: {
    guard: approvedAccount,
    async handle(req) {
      await withdrawApplication(req.deps.db, me(req), req.params.offer, req.now);
      return req.c.json<Offer>(await oneOffer(req, req.params.offer));
    },
  },
  joinWaitlist: {
    guard: approvedAccount,
    async handle(req) {
      await joinWaitlist(req.deps.db, me(req), req.params.offer, req.now, take(req, req.body));
      return req.c.json<Offer>(await oneOffer(req, req.params.offer));
    },
  },
  leaveWaitlist: {
    guard: approvedAccount,
    async handle(req) {
      await leaveWaitlist(req.deps.db, me(req), req.params.offer);
      return req.c.json<Offer>(await oneOffer(req, req.params.offer));
    },
  },
  giveBackOffer: {
    guard: approvedAccount,
    async handle(req) {
      const worker = me(req);
      const done = await giveBack(req.deps.db, worker, req.params.offer, req.body.reason, req.now, staffingSettings(req.deps.config).giveBackMs);
      if (done) {
        const shifts = (await shiftsOf(req.deps.db, [done.offer.id])).get(done.offer.id) ?? [];
        await notify(req, offerPlaceEvents(done.given, shifts, req.now));
        const signed = done.cancelled.some((o) => o.mission.signing_requested);
        const nextInLine = done.given.map((g) => g.worker);
        await req.deps.mailer.send(givenBackMail(agencyOf(req.deps.config), worker, done.offer, shifts, { reason: done.reason, signed, nextInLine }));
      }
      return req.c.json<Offer>(await oneOffer(req, req.params.offer));
    },
  },
} satisfies Partial<Operations>;
