/**
 * The offer machine with the app's implementations (machines/offer.machine.ts): read, accept, decline. A refusal the
 * page says in place (filled, expired, withdrawn, overlap, answered: SAID_IN_PLACE) raises no toast; any other failure
 * has already been told by the API layer (§8).
 */
import { fromPromise } from 'xstate';
import { offerMachine } from '../../machines/offer.machine.ts';
import type { Offer } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';

export const readOffer = (api: Api, id: string, signal?: AbortSignal): Promise<Offer> =>
  api.unwrap(api.client.GET('/user/me/offers/{offer}', { params: { path: { offer: id } }, signal }));

export function createOfferLogic(api: Api) {
  return offerMachine.provide({
    actors: {
      loadOffer: fromPromise<Offer, { id: string }>(({ input, signal }) => readOffer(api, input.id, signal)),
      acceptOffer: fromPromise<Offer, { id: string }>(({ input, signal }) =>
        api.unwrap(api.client.POST('/user/me/offers/{offer}/accept', { params: { path: { offer: input.id } }, body: {}, signal })),
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
    },
  });
}
