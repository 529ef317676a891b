// @vitest-environment jsdom
/**
 * The offers' screens as a worker reads them (fr): the list's cards say what, where, when, the wage, the places and
 * the time left (truthfully: a day and 23 hours is not "a day"), closed offers marked in words, an overlap marked on
 * its card; the offer marks its shifts in words, offers no Accept while a shift overlaps a mission, names the shifts
 * in the confirmation, and focuses what became of the offer after an answer. Both cross a deadline on screen, on a
 * simulated clock (the actor's and the screen's); an offer that is not the worker's says so, with nothing to retry.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { SimulatedClock, createActor } from 'xstate';
import { offerMachine } from '../../machines/offer.machine.ts';
import type { Offer } from '#domain/api-schema.ts';
import { OfferScreen } from '../../src/features/offers/offer-screen.tsx';
import { OffersListScreen } from '../../src/features/offers/offers-list-screen.tsx';
import { m } from '../../src/paraglide/messages.js';
import { ACCEPTED, OFFER_ID, OPEN, OVERLAPPING } from '../machines/fixtures/offer.ts';
import type { OfferInput } from '../../machines/offer.types.ts';
import { DeferredActors } from '../machines/helpers/harness.ts';

// Five hours before the deadline of the fixtures (8 February 2027, 18:00 in Brussels).
const NOW = Date.parse('2027-02-08T12:00:00.000Z');
const DEADLINE = Date.parse(OPEN.answerBy);
/** A text with every kind of space as a plain one (Intl's units come with no-break spaces). */
const flat = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');
const clockAt = (now: number) => {
  const clock = new SimulatedClock();
  clock.set(now);
  return clock;
};

async function inRouter(element: () => React.ReactElement) {
  const root = createRootRoute({ component: element });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/offers'] }) })} />);
  await screen.findByRole('heading', { level: 1 });
}

describe('the list', () => {
  it('open offers first with what a worker decides on; closed ones below, marked in words', async () => {
    const filled: Offer = { ...OPEN, offer: 'o2', status: 'filled', placesLeft: 0, closedAt: '2027-02-07T10:00:00.000Z' };
    await inRouter(() => <OffersListScreen offers={[OPEN, filled]} onRetry={() => {}} clock={clockAt(NOW)} />);
    const open = screen.getByRole('region', { name: 'Offres ouvertes : 1' });
    const card = within(open).getByRole('listitem');
    expect(within(card).getByRole('link').textContent).toBe('Serveur / serveuse à Palais 12');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(`/offers?offer=${OFFER_ID}`);
    expect(card.textContent).toContain('Quandmercredi 10 février, 18:00 – 23:00 · 2 prestations au total');
    expect(card.textContent).toContain('OùPalais 12, Avenue de Miramar, 1020 Bruxelles');
    expect(card.textContent).toMatch(/Salaire15,50\s€ brut de l'heure/);
    expect(card.textContent).toContain('PlacesDernière place (sur 3)');
    // The units come as Intl writes them, some with a no-break space ("5\u00a0heures"): compared as plain spaces.
    expect(flat(card.textContent)).toContain('RéponseAvant lun. 8 févr., 18:00 (dans 5 heures)');
    const closed = screen.getByRole('region', { name: m.offers_closedTitle() });
    expect(within(closed).getByRole('listitem').textContent).toContain('Complète');
    expect(within(closed).getByRole('listitem').textContent).not.toContain('Réponse');
  });

  it('a list that could not be read says so and offers to try again', async () => {
    await inRouter(() => <OffersListScreen offers={null} onRetry={() => {}} clock={clockAt(NOW)} />);
    expect(screen.getByText(m.offers_loadFailed()).tagName).toBe('P');
    expect(screen.getByRole('button', { name: m.offers_retry() }).getAttribute('type')).toBe('button');
  });

  it('says the time left truthfully, marks an offer that overlaps a mission, and moves a card down, expired, at its deadline', async () => {
    const clock = clockAt(DEADLINE - (47 * 60 + 30) * 60_000); // 1 day, 23 hours and 30 minutes before
    const other = { ...OVERLAPPING, offer: 'o3', answerBy: new Date(DEADLINE + 86_400_000).toISOString() };
    await inRouter(() => <OffersListScreen offers={[OPEN, other]} onRetry={() => {}} clock={clock} />);
    const card = (id: string) => document.querySelector<HTMLElement>(`[data-offer="${id}"]`)!;
    expect(flat(card(OFFER_ID).textContent)).toContain('(dans 1 jour et 23 heures)');
    expect(card('o3').textContent).toContain("Chevauche votre mission CONGRES-MED : vous ne pouvez pas l'accepter");
    expect(card(OFFER_ID).textContent).not.toContain('Chevauche');
    await act(async () => clock.increment((47 * 60 + 30) * 60_000 - 60_000));
    expect(flat(card(OFFER_ID).textContent)).toContain('(dans 1 minute)');
    expect(card(OFFER_ID).dataset.status).toBe('open');
    await act(async () => clock.increment(60_000));
    expect([card(OFFER_ID).dataset.status, card(OFFER_ID).textContent?.includes('Réponse')]).toEqual(['expired', false]);
    expect(within(screen.getByRole('region', { name: m.offers_closedTitle() })).getByRole('listitem').textContent).toContain(m.offers_statusExpired());
    expect(screen.getByRole('region', { name: 'Offres ouvertes : 1' })).not.toBeNull();
  });
});

describe('one offer', () => {
  async function open(offer: Offer | null, more: Partial<OfferInput> = {}, clock = clockAt(NOW)) {
    const deferred = new DeferredActors();
    const actors = { loadOffer: deferred.logic('loadOffer'), acceptOffer: deferred.logic('acceptOffer'), declineOffer: deferred.logic('declineOffer') };
    const actor = createActor(offerMachine.provide({ actors } as never), { input: { id: OFFER_ID, offer, ...more }, clock }).start();
    await inRouter(() => <OfferScreen actor={actor} signsContracts clock={clock} />);
    return { actor, deferred, clock };
  }

  it('marks its shifts in words; Accept names the shifts; the answer is said and focused', async () => {
    const user = userEvent.setup();
    const { deferred } = await open(OPEN);
    const shifts = screen.getAllByRole('listitem');
    expect(shifts.map((li) => li.textContent)).toEqual([
      'mercredi 10 février18:00 – 23:00',
      'jeudi 11 février22:00 – 06:00 (le lendemain)En dehors de vos disponibilités',
    ]);
    await user.click(screen.getByRole('button', { name: m.offers_accept() }));
    const dialog = screen.getByRole('dialog', { name: m.offers_acceptTitle() });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['mercredi 10 février, 18:00 – 23:00', 'jeudi 11 février, 22:00 – 06:00 (le lendemain)']);
    await user.click(within(dialog).getByRole('button', { name: m.offers_acceptConfirm() }));
    await act(async () => deferred.resolve('acceptOffer', ACCEPTED));
    const outcome = screen.getByText(m.offers_acceptedText()).parentElement!;
    expect(document.activeElement).toBe(outcome);
    expect(within(outcome).getByRole('link', { name: m.offers_toSigning() }).getAttribute('href')).toBe('/digital-signing');
  });

  it('a shift overlapping a mission: marked, explained, and no Accept', async () => {
    await open(OVERLAPPING);
    expect(screen.getByText('Chevauche votre mission CONGRES-MED (13:00 – 21:00)').dataset.mark).toBe('overlap');
    expect(screen.getByText(m.offers_overlapExplained()).tagName).toBe('P');
    expect(screen.queryByRole('button', { name: m.offers_accept() })).toBeNull();
    expect(screen.getByRole('button', { name: m.offers_decline() }).hasAttribute('disabled')).toBe(false);
  });

  it('crosses its deadline with the decline dialog open: the dialog closes, the offer says it expired, nothing to answer', async () => {
    const user = userEvent.setup();
    const { clock, deferred } = await open(OPEN, {}, clockAt(DEADLINE - 90_000));
    expect(flat(document.querySelector('main, body')!.textContent)).toMatch(/Avant .* \(dans 1 minute\)/);
    await user.click(screen.getByRole('button', { name: m.offers_decline() }));
    expect(screen.getByRole('dialog')).not.toBeNull();
    await act(async () => clock.increment(90_000));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(m.offers_expiredText())).not.toBeNull();
    expect(screen.queryByRole('button', { name: m.offers_decline() })).toBeNull();
    expect(flat(document.body.textContent)).not.toContain('dans 1 minute');
    expect(deferred.calls).toEqual([]);
  });

  it('an offer not sent to the worker says so, with the way back to the list and no retry', async () => {
    await open(null, { unavailable: 'offer_not_for_you' });
    expect(screen.getByText(m.offers_notForYouText()).tagName).toBe('P');
    expect(screen.queryByRole('button', { name: m.offers_retry() })).toBeNull();
    expect(screen.getAllByRole('link', { name: m.offers_backToList() }).length).toBe(2);
  });
});
