// @vitest-environment jsdom
/**
 * Staffing on the offers' screens (fr; docs/decisions/260-265): a selection offer says the agency chooses and is
 * applied for, then withdrawable; a full first-come offer can be waited for, its position said; an accepted place is
 * given back with a reason that must not be blank until the cut-off, after it the page points to "I can't come"; a
 * student sees what the offer adds to the year, and over the quota the confirmation names the consequence. The list
 * keeps the applied and waitlisted offers apart, the position on the card.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { SimulatedClock, createActor } from 'xstate';
import { offerMachine } from '../../machines/offer.machine.ts';
import { offerStepMachine } from '../../machines/offer-step.machine.ts';
import type { Offer } from '#domain/api-schema.ts';
import { OfferScreen } from '../../src/features/offers/offer-screen.tsx';
import { OffersListScreen } from '../../src/features/offers/offers-list-screen.tsx';
import { m } from '../../src/paraglide/messages.js';
import { ACCEPTED, APPLIED, OFFERS, OFFER_ID, OPEN, SELECTION, WAITLISTED } from '../machines/fixtures/offer.ts';
import { DeferredActors } from '../machines/helpers/harness.ts';

const NOW = Date.parse('2027-02-08T12:00:00.000Z'); // five hours before the fixtures' deadline and give-back cut-off
const QUOTA_OVER: Offer['quota'] = { year: 2027, quotaHours: 650, paidMinutes: 640 * 60, addsMinutes: 13 * 60, leftAfterMinutes: -3 * 60, over: true };
const QUOTA_UNDER: Offer['quota'] = { year: 2027, quotaHours: 650, paidMinutes: 84 * 60, addsMinutes: 13 * 60, leftAfterMinutes: 553 * 60, over: false };
const flat = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

async function inRouter(element: () => React.ReactElement) {
  const root = createRootRoute({ component: element });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/offers'] }) })} />);
  await screen.findByRole('heading', { level: 1 });
}

async function open(offer: Offer) {
  const deferred = new DeferredActors();
  const clock = new SimulatedClock();
  clock.set(NOW);
  const actors = {
    loadOffer: deferred.logic('loadOffer'),
    acceptOffer: deferred.logic('acceptOffer'),
    declineOffer: deferred.logic('declineOffer'),
    offerStep: offerStepMachine.provide({ actors: { sendStep: deferred.logic('sendStep') } as never }),
  };
  const actor = createActor(offerMachine.provide({ actors } as never), { input: { id: OFFER_ID, offer }, clock }).start();
  await inRouter(() => <OfferScreen actor={actor} signsContracts clock={clock} />);
  return { actor, deferred, clock, user: userEvent.setup() };
}

describe('one offer, staffed', () => {
  it('a selection offer: what applying means, Apply (no Accept), the application said and withdrawable', async () => {
    const { deferred, user } = await open(SELECTION);
    expect(screen.getByText(m.offers_applyExplained()).tagName).toBe('P');
    expect(screen.queryByRole('button', { name: m.offers_accept() })).toBeNull();
    expect(document.body.textContent).toContain(`${m.offers_staffingLabel()}${m.offers_staffingSelection()}`);
    await user.click(screen.getByRole('button', { name: m.offers_apply() }));
    const dialog = screen.getByRole('dialog', { name: m.offers_applyTitle() });
    expect(dialog.getAttribute('aria-describedby')).not.toBeNull();
    expect(dialog.textContent).toContain(m.offers_applyIntro({ job: OPEN.jobTitle, place: OPEN.shortLocation }));
    expect(deferred.calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: m.offers_applyConfirm() }));
    expect(deferred.inputsOf('sendStep')).toEqual([{ id: OFFER_ID, step: 'apply', reason: '', confirmOverQuota: false }]);
    await act(async () => deferred.resolve('sendStep', APPLIED));
    const outcome = screen.getByText(m.offers_appliedText()).parentElement!;
    expect(document.activeElement).toBe(outcome);
    await user.click(screen.getByRole('button', { name: m.offers_withdrawApplication() }));
    expect(screen.getByRole('dialog', { name: m.offers_withdrawTitle() }).textContent).toContain(m.offers_withdrawIntro());
  });

  it('a full first-come offer: the waitlist explained and joined; in line, the position said and the way out', async () => {
    const { deferred, user } = await open(OFFERS.FILLED);
    expect(screen.getByText(m.offers_waitlistExplained())).not.toBeNull();
    await user.click(screen.getByRole('button', { name: m.offers_joinWaitlist() }));
    await user.click(within(screen.getByRole('dialog', { name: m.offers_joinTitle() })).getByRole('button', { name: m.offers_joinConfirm() }));
    expect(deferred.inputsOf('sendStep')).toEqual([{ id: OFFER_ID, step: 'joinWaitlist', reason: '', confirmOverQuota: false }]);
    await act(async () => deferred.resolve('sendStep', WAITLISTED));
    expect(screen.getByText(m.offers_waitlistedText({ position: 2 }))).not.toBeNull();
    expect(screen.getByRole('button', { name: m.offers_leaveWaitlist() }).hasAttribute('disabled')).toBe(false);
  });

  it('an accepted place until the cut-off: given back only with a reason, the missing one said beside the field', async () => {
    const { deferred, user } = await open(ACCEPTED);
    expect(document.body.textContent).toContain("Vous pouvez rendre cette place jusqu'au lun. 8 févr., 18:00");
    await user.click(screen.getByRole('button', { name: m.offers_giveBack() }));
    const dialog = screen.getByRole('dialog', { name: m.offers_giveBackTitle() });
    const field = within(dialog).getByRole('textbox', { name: m.offers_giveBackReason() });
    await user.click(within(dialog).getByRole('button', { name: m.offers_giveBackConfirm() }));
    // Nothing is sent; the error is tied to the field, which has the focus.
    expect(deferred.calls).toEqual([]);
    expect([field.getAttribute('aria-invalid'), document.activeElement]).toEqual(['true', field]);
    expect(
      field
        .getAttribute('aria-describedby')
        ?.split(' ')
        .map((id) => document.getElementById(id)?.textContent),
    ).toEqual([m.offers_giveBackReasonHint({ max: 500 }), `${m.ui_errorPrefix()} ${m.offers_giveBackReasonRequired()}`]);
    await user.type(field, '  Examen déplacé ');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: m.offers_giveBackConfirm() }));
    expect(deferred.inputsOf('sendStep')).toEqual([{ id: OFFER_ID, step: 'giveBack', reason: 'Examen déplacé', confirmOverQuota: false }]);
    await act(async () => deferred.resolve('sendStep', OFFERS.GIVEN_BACK));
    expect(screen.getByText(m.offers_givenBackText({ reason: 'Examen déplacé.' }))).not.toBeNull();
  });

  it('an accepted place past the cut-off: no give-back, the way to "I can\'t come" for its mission', async () => {
    const { clock } = await open({ ...ACCEPTED, giveBackUntil: new Date(NOW - 60_000).toISOString() });
    await act(async () => clock.increment(0)); // the cut-off passed: the machine's delay of none ends on the next turn
    expect(screen.queryByRole('button', { name: m.offers_giveBack() })).toBeNull();
    expect(screen.getByText(m.offers_giveBackTooLate(), { exact: false })).not.toBeNull();
    expect(screen.getByRole('link', { name: m.absence_cantCome() }).getAttribute('href')).toBe('/absence?mission=mab12');
  });

  it('a student: what the offer adds and what is left; over the quota the confirmation names the consequence', async () => {
    const { deferred, user } = await open({ ...OPEN, quota: QUOTA_OVER });
    expect(flat(document.body.textContent)).toContain('Contingent étudiant 2027cette offre ajoute 13 h 00 : elle dépasse de 3 h 00 votre contingent de 650 h');
    await user.click(screen.getByRole('button', { name: m.offers_accept() }));
    const dialog = screen.getByRole('dialog', { name: m.offers_acceptTitle() });
    expect(flat(dialog.textContent)).toContain(m.offers_quotaOver({ over: '3 h 00', quota: 650, year: 2027 }).replace(/\s/g, ' '));
    await user.click(within(dialog).getByRole('button', { name: m.offers_overQuotaConfirm() }));
    expect(deferred.inputsOf('acceptOffer')).toEqual([{ id: OFFER_ID, confirmOverQuota: true }]);
  });

  it('a student under the quota: what would be left, and the usual confirmation', async () => {
    const { user } = await open({ ...OPEN, quota: QUOTA_UNDER });
    expect(flat(document.body.textContent)).toContain('cette offre ajoute 13 h 00 ; il vous resterait 553 h 00 sur 650 h');
    await user.click(screen.getByRole('button', { name: m.offers_accept() }));
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: m.offers_acceptConfirm() })).not.toBeNull();
    expect(document.querySelector('[data-quota-warning]')).toBeNull();
  });
});

describe('the list, staffed', () => {
  it('applied and waitlisted offers wait apart, the position on the card; how the places are given on each', async () => {
    const clock = new SimulatedClock();
    clock.set(NOW);
    const offers = [SELECTION, { ...APPLIED, offer: 'o2' }, { ...WAITLISTED, offer: 'o3' }, { ...OFFERS.NOT_SELECTED, offer: 'o4' }];
    await inRouter(() => <OffersListScreen offers={offers} onRetry={() => {}} clock={clock} />);
    const waiting = screen.getByRole('region', { name: m.offers_waitingTitle({ count: 2 }) });
    expect(
      within(waiting)
        .getAllByRole('listitem')
        .map((li) => li.dataset.status),
    ).toEqual(['applied', 'waitlisted']);
    expect(within(waiting).getByText(m.offers_statusWaitlistedAt({ position: 2 }))).not.toBeNull();
    expect(screen.getByRole('region', { name: 'Offres ouvertes : 1' }).textContent).toContain(m.offers_staffingSelection());
    expect(within(screen.getByRole('region', { name: m.offers_closedTitle() })).getByRole('listitem').textContent).toContain(m.offers_statusNotSelected());
  });
});
