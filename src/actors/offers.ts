/**
 * The offer machine with the app's implementations (machines/offer.machine.ts): read, accept, decline, and the staffing
 * steps of its child (machines/offer-step.machine.ts: apply, withdraw, join or leave the waitlist, give back). A refusal
 * the page says in place (SAID_IN_PLACE of src/api/errors.ts) raises no toast; any other failure has already been told
 * by the API layer (§8). Every call goes through the shared client, so a repeat after a lost answer carries the same
 * Idempotency-Key (src/api/retry-keys.ts).
 */
import { fromPromise } from 'xstate';
import { offerMachine } from '../../machines/offer.machine.ts';
import { offerStepMachine, type OfferStepSend } from '../../machines/offer-step.machine.ts';
import type { Offer } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';

export const readOffer = (api: Api, id: string, signal?: AbortSignal): Promise<Offer> =>
  api.unwrap(api.client.GET('/user/me/offers/{offer}', { params: { path: { offer: id } }, signal }));

/** The quota's confirmation goes only when the dialog named its consequence (openapi.yaml `OfferTake`). */
const take = (confirmOverQuota: boolean) => (confirmOverQuota ? { confirmOverQuota: true } : {});

/** The call of one staffing step, by its kind (openapi.yaml: applyToOffer … giveBackOffer). */
export function sendStep(api: Api, input: OfferStepSend, signal?: AbortSignal): Promise<Offer> {
  const path = { offer: input.id };
  switch (input.step) {
    case 'apply':
      return api.unwrap(api.client.POST('/user/me/offers/{offer}/apply', { params: { path }, body: take(input.confirmOverQuota), signal }));
    case 'withdrawApplication':
      return api.unwrap(api.client.POST('/user/me/offers/{offer}/withdraw-application', { params: { path }, body: {}, signal }));
    case 'joinWaitlist':
      return api.unwrap(api.client.POST('/user/me/offers/{offer}/waitlist', { params: { path }, body: take(input.confirmOverQuota), signal }));
    case 'leaveWaitlist':
      return api.unwrap(api.client.POST('/user/me/offers/{offer}/leave-waitlist', { params: { path }, body: {}, signal }));
    case 'giveBack':
      return api.unwrap(api.client.POST('/user/me/offers/{offer}/give-back', { params: { path }, body: { reason: input.reason }, signal }));
  }
}

export function createOfferLogic(api: Api) {
  return offerMachine.provide({
    actors: {
      loadOffer: fromPromise<Offer, { id: string }>(({ input, signal }) => readOffer(api, input.id, signal)),
      acceptOffer: fromPromise<Offer, { id: string; confirmOverQuota: boolean }>(({ input, signal }) =>
        api.unwrap(api.client.POST('/user/me/offers/{offer}/accept', { params: { path: { offer: input.id } }, body: take(input.confirmOverQuota), signal })),
      ),
      declineOffer: fromPromise<Offer, { id: string; reason: string }>(({ input, signal }) =>
        api.unwrap(
          api.client.POST('/user/me/offers/{offer}/decline', {
            params: { path: { offer: input.id } },
            body: input.reason.trim() ? { reason: input.reason } : {},
            signal,
          }),
        ),
      ),
      offerStep: offerStepMachine.provide({ actors: { sendStep: fromPromise<Offer, OfferStepSend>(({ input, signal }) => sendStep(api, input, signal)) } }),
    },
  });
}
