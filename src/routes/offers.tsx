import { useEffect, useMemo, useRef } from 'react';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import * as v from 'valibot';
import { offerView, type OfferActor } from '../../machines/offer.selectors.ts';
import { accountEmail, mayOpenPage } from '../../machines/session.selectors.ts';
import type { Offer } from '#domain/api-schema.ts';
import type { OfferInput } from '../../machines/offer.types.ts';
import { createOfferLogic, readOffer } from '../actors/offers.ts';
import { isApiRequestError } from '../api/errors.ts';
import { appClock } from '../clock.ts';
import type { RouterContext } from '../router-context.ts';
import { devInspect } from '../dev/inspector.ts';
import { OfferScreen } from '../features/offers/offer-screen.tsx';
import { OffersListScreen } from '../features/offers/offers-list-screen.tsx';
import { useLocale } from '../i18n/locale.ts';
import { offerNoLongerOpen, readOffers } from './-offer-count.ts';
import { loaderAnswerKey } from '../kept/loader-answer-key.ts';

/** `?offer=<id>` opens one offer (a mail's link); anything that is not an offer id reads as none (the list). */
const offersSearch = v.object({
  offer: v.optional(
    v.pipe(
      v.unknown(),
      v.transform((value) => (typeof value === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(value) ? value : undefined)),
    ),
  ),
});

type OffersData = { kind: 'list'; offers: Offer[] | null } | ({ kind: 'one' } & OfferInput);

/** Why an offer is not the worker's to see, when the server said so (the page says it in place: src/api/errors.ts). */
const unavailableOf = (error: unknown): OfferInput['unavailable'] =>
  isApiRequestError(error) && (error.code === 'not_found' || error.code === 'offer_not_for_you') ? error.code : null;

/** The list, or the one offer asked for; null when it could not be read (the client already said why, or the page does). */
async function loadOffers({ api, session }: RouterContext, id: string | undefined): Promise<OffersData> {
  if (id)
    return readOffer(api, id).then(
      (offer) => ({ kind: 'one', id, offer }),
      (error: unknown) => ({ kind: 'one', id, offer: null, unavailable: unavailableOf(error) }),
    );
  return { kind: 'list', offers: await readOffers(api, accountEmail(session.getSnapshot())) };
}

export const Route = createFileRoute('/offers')({
  validateSearch: offersSearch,
  loaderDeps: ({ search }) => ({ offer: search.offer }),
  loader: ({ context, deps }) => loadOffers(context, deps.offer),
  // The loader goes with the screen's chunk: nothing of it in the first load.
  codeSplitGroupings: [['loader', 'component']],
  component: OffersRoute,
});

function OffersRoute() {
  useLocale();
  const data = Route.useLoaderData();
  const router = useRouter();
  // The offer's machine reads its input once: another offer, or the offer read again when a fresh answer replaced the
  // kept copy shown (loader-answer-key.ts), is another actor.
  if (data.kind === 'one') return <OneOffer key={`${data.id}:${loaderAnswerKey(data)}`} input={data} />;
  return <OffersListScreen offers={data.offers} onRetry={() => void router.invalidate()} />;
}

function OneOffer({ input }: { input: OfferInput }) {
  const { api, session } = Route.useRouteContext();
  const logic = useMemo(() => createOfferLogic(api), [api]);
  // The offer as the loader read it is the machine's input, read once when the actor starts: its first paint is real.
  // Its deadline runs on the app's clock (decision 225).
  const { id, offer, unavailable } = input;
  const actor = useActorRef(logic, { input: { id, offer, unavailable }, clock: appClock, ...devInspect });
  useCountDownWhenClosed(actor);
  // A mission taken leads to its contract to sign: for those the table lets sign contracts.
  return <OfferScreen actor={actor} signsContracts={mayOpenPage(session.getSnapshot(), '/digital-signing')} />;
}

/** An offer that was open and is no longer (answered, or found filled, expired, withdrawn): the menu counts one fewer. */
function useCountDownWhenClosed(actor: OfferActor) {
  const view = useSelector(actor, offerView);
  const before = useRef(view);
  useEffect(() => {
    if (before.current === 'open' && view !== 'open' && view !== 'loading' && view !== 'failed') offerNoLongerOpen();
    before.current = view;
  }, [view]);
}
