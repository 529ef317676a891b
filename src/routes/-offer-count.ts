/**
 * The menu's count of open offers (src/ui/menu-counts.ts), known from the last read of the offers: the home's, the
 * list's, or, when the first page a worker opens reads neither, one the root route starts once the gate let them in.
 * A read under way for the same worker is shared (on a cold start the root and the home ask at the same moment), and
 * an answer to an offer counts it down without reading again (docs/decisions/192-offers-on-screen.md).
 */
import { mayOpen } from '../../machines/page-access.ts';
import { account, accountEmail, isSignedIn } from '../../machines/session.selectors.ts';
import type { Offer } from '#domain/api-schema.ts';
import type { Api } from '../api/client.ts';
import type { RouterContext } from '../router-context.ts';
import { menuCounts } from '../ui/menu-counts.ts';

const PATH = '/offers';
/** A read started this recently is shared rather than made again. */
const SHARE_MS = 5_000;

/** The last read, per API client (one per app; tests make their own). */
const lastRead = new WeakMap<Api, { who: string; at: number; read: Promise<Offer[] | null>; settled: boolean }>();

const countOpen = (offers: readonly Pick<Offer, 'status'>[]) => menuCounts.set(PATH, offers.filter((offer) => offer.status === 'open').length);

/** The offers as the server lists them now (null when they could not be read), counting the open ones for the menu. */
export function readOffers(api: Api, who: string, now = Date.now()): Promise<Offer[] | null> {
  const last = lastRead.get(api);
  // Only a read still under way: once answered, the next page reads again (the answer may have been a kept copy that
  // the network's answer is about to replace, docs/decisions/241-kept-answers.md).
  if (last && last.who === who && !last.settled && now - last.at < SHARE_MS) return last.read;
  const entry = { who, at: now, read: Promise.resolve<Offer[] | null>(null), settled: false };
  entry.read = api
    .unwrap(api.client.GET('/user/me/offers'))
    .then((offers) => {
      countOpen(offers);
      return offers;
    })
    .catch(() => null)
    .finally(() => {
      entry.settled = true;
    });
  lastRead.set(api, entry);
  return entry.read;
}

/** After the gate let a worker in: read the count once for a worker the menu offers offers to; clear it for anyone else. */
export function countOffersOnce({ api, session }: Pick<RouterContext, 'api' | 'session'>): void {
  const snapshot = session.getSnapshot();
  if (!isSignedIn(snapshot) || !mayOpen(PATH, account(snapshot))) {
    menuCounts.set(PATH, null);
    lastRead.delete(api);
    return;
  }
  if (lastRead.get(api)?.who !== accountEmail(snapshot)) void readOffers(api, accountEmail(snapshot));
}

/** The worker answered an open offer (or found it closed): one fewer open. */
export const offerNoLongerOpen = (): void => menuCounts.set(PATH, Math.max(0, (menuCounts.get(PATH) ?? 0) - 1));
