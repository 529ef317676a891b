/**
 * The agency's side of offers (tag backoffice): create and send, send to more workers, withdraw, read the answers.
 * Mails go out once the request's work is committed: a new offer to each worker it was just sent to, a cancellation
 * (the mission-change mail) to each worker whose mission a withdrawal cancelled. The agency's choice tells the chosen
 * their place, and once it closes the applicants left that they were not selected (notifications); places added to a
 * first-come offer go at once to the first in line, told as a place given back is.
 */
import type { BackofficeOffer } from '#domain/api-schema.ts';
import { studentQuotas } from '../config.ts';
import { mailChange } from '../services/mission-changes.ts';
import { closedReason } from '../services/offer-answers.ts';
import { backofficeOffer, insertOffer, offerTermsIssues, recipientsOf, sendTo, withdrawOffer } from '../services/offer-agency.ts';
import { newOfferMail } from '../services/offer-mail.ts';
import { offerById, shiftsOf } from '../services/offers.ts';
import { workerById, type Worker } from '../services/workers.ts';
import { missionEvent, offerEvents, offerNotSelectedEvents, offerPlaceEvents } from '../services/notification-events.ts';
import { removeWorker, selectWorkers, setPlaces } from '../services/offer-staffing.ts';
import { notFound } from './errors.ts';
import { notify } from './notify.ts';
import type { AnyRequest, Operations } from './operation.ts';

async function mailNewOffer(req: AnyRequest, offerId: string, workers: readonly Worker[]): Promise<void> {
  const offer = (await offerById(req.deps.db, offerId))!;
  const shifts = (await shiftsOf(req.deps.db, [offerId])).get(offerId) ?? [];
  await notify(req, offerEvents(workers, offer, shifts));
  for (const worker of workers) await req.deps.mailer.send(newOfferMail(worker, offer, shifts, req.deps.config.publicUrl));
}

async function answer(req: AnyRequest, offerId: string, status: 200 | 201 = 200): Promise<Response> {
  const offer = await backofficeOffer(req.deps.db, offerId, req.now, studentQuotas(req.deps.config));
  if (!offer) throw notFound();
  return req.c.json<BackofficeOffer>(offer, status);
}

export const offerBackofficeOperations = {
  backofficeCreateOffer: {
    async rules(req) {
      const { issues } = await recipientsOf(req.deps.db, req.body.workers);
      return [...offerTermsIssues(req.body, req.now), ...issues];
    },
    async handle(req) {
      const { workers } = await recipientsOf(req.deps.db, req.body.workers);
      const id = await req.deps.db.transaction(async (tx) => {
        const created = await insertOffer(tx, req.body, req.now);
        await sendTo(tx, created, workers, req.now);
        return created;
      });
      await mailNewOffer(req, id, workers);
      return answer(req, id, 201);
    },
  },
  backofficeGetOffer: {
    handle: (req) => answer(req, req.params.offer),
  },
  backofficeSendOffer: {
    rules: async (req) => (await recipientsOf(req.deps.db, req.body.workers)).issues,
    async handle(req) {
      const id = req.params.offer;
      const offer = await offerById(req.deps.db, id);
      if (!offer) throw notFound();
      const closed = closedReason(offer, req.now);
      if (closed) throw closed;
      const { workers } = await recipientsOf(req.deps.db, req.body.workers);
      const added = await req.deps.db.transaction((tx) => sendTo(tx, id, workers, req.now));
      await mailNewOffer(req, id, added);
      return answer(req, id);
    },
  },
  backofficeSelectWorkers: {
    async handle(req) {
      const id = req.params.offer;
      const chosen = await selectWorkers(req.deps.db, id, req.body.workers, req.body.close === true, req.now);
      if (!chosen) throw notFound();
      const shifts = (await shiftsOf(req.deps.db, [id])).get(id) ?? [];
      await notify(req, offerPlaceEvents(chosen.given, shifts, req.now));
      // The choice closed: the applicants left are told they were not selected (once: they are no longer applicants).
      if (chosen.notSelected.length > 0) await notify(req, offerNotSelectedEvents(chosen.notSelected, (await offerById(req.deps.db, id))!, shifts));
      return answer(req, id);
    },
  },
  backofficeSetOfferPlaces: {
    async handle(req) {
      const id = req.params.offer;
      const given = await setPlaces(req.deps.db, id, req.body.places, req.now);
      if (!given) throw notFound();
      const shifts = (await shiftsOf(req.deps.db, [id])).get(id) ?? [];
      await notify(req, offerPlaceEvents(given, shifts, req.now));
      return answer(req, id);
    },
  },
  backofficeRemoveWorker: {
    async handle(req) {
      const id = req.params.offer;
      const removed = await removeWorker(req.deps.db, id, req.body.worker, req.now);
      if (removed === 'absent') throw notFound();
      if (removed) {
        // The removed worker is told as of any cancellation; the first in line as of a place given back.
        for (const outcome of removed.cancelled) {
          await notify(req, missionEvent(removed.worker, outcome, req.now));
          await mailChange(req.deps.mailer, removed.worker, outcome, req.deps.config.publicUrl);
        }
        const shifts = (await shiftsOf(req.deps.db, [id])).get(id) ?? [];
        await notify(req, offerPlaceEvents(removed.given, shifts, req.now));
      }
      return answer(req, id);
    },
  },
  backofficeWithdrawOffer: {
    async handle(req) {
      const id = req.params.offer;
      const cancelled = await withdrawOffer(req.deps.db, id, req.now);
      if (!cancelled) throw notFound();
      for (const { workerId, outcome } of cancelled) {
        const worker = await workerById(req.deps.db, workerId);
        if (!worker) continue;
        await notify(req, missionEvent(worker, outcome, req.now));
        await mailChange(req.deps.mailer, worker, outcome, req.deps.config.publicUrl);
      }
      return answer(req, id);
    },
  },
} satisfies Partial<Operations>;
