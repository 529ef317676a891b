// @vitest-environment jsdom
/**
 * The home summary for every combination of spec §6 (details file status × new account × statute), read from a
 * real session snapshot: which parts show, which calls the loader makes, what each part says.
 */
import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { CurrentUser, GeneralInfo, RestoreOutput } from '../../machines/session.types.ts';
import { isPending } from '../../machines/session.selectors.ts';
import { createApi } from '../../src/api/client.ts';
import type { PlanningItem } from '#domain/api-schema.ts';
import { HoursPart } from '../../src/features/home/home-hours.tsx';
import { HomeSummaryView, summaryFacts, type HomeSummaryData, type SummaryFacts } from '../../src/features/home/home-summary.tsx';
import { summaryCalls } from '../../src/features/home/summary-calls.ts';
import { m } from '../../src/paraglide/messages.js';
import { loadHomeSummary } from '../../src/routes/-home-summary.ts';
import { monthOf } from '../machines/fixtures/availability.ts';
import type { SessionActor } from '../../src/router-context.ts';

type Details = NonNullable<GeneralInfo['employeeDetailsStatus']>;
type Statute = 1 | 2 | 3;

async function session(details: Details, newAccount: boolean, statute: Statute, signatureStatus: GeneralInfo['signatureStatus'] = 'validated') {
  const user = {
    token: 't0123456789abcdef',
    username: 'Ada Lovelace',
    locale: 'fr',
    email: 'ada@example.be',
    statute,
    details: 2,
    signatureStatus: 2,
    newAccount,
    hasEmailBeenValidated: true,
    shouldRedirectToDetailsPage: false,
    blockAccessToDetailsPage: false,
    expiresAt: '2099-01-01T00:00:00.000Z',
  } satisfies CurrentUser;
  const info: GeneralInfo = {
    agreedWithGdprPolicy: true,
    agreedToLabourRegulations: true,
    employeeDetailsStatus: details,
    emailHasBeenValidated: true,
    signatureStatus,
    newAccount,
    statute,
    hasAValidSignatureBeenCreated: true,
  };
  const logic = sessionMachine.provide({
    actors: { restoreUser: fromPromise<RestoreOutput>(async () => ({ user, loggedOut: false })), loadInfo: fromPromise(async () => info) },
  });
  const actor = createActor(logic).start();
  await waitFor(actor, (s) => !isPending(s));
  return actor as unknown as SessionActor;
}

const mission = (n: number): PlanningItem => ({
  mission: `m${n}`,
  date: `2026-06-0${n}`,
  start: '09:00',
  end: '17:30',
  shortLocation: n === 2 ? '' : 'Expo',
  location1: 'Quai 1',
  location2: '',
  reference: `REF-${n}`,
  briefing: '',
  status: 'planned',
  lastChange: null,
  absence: null,
});

/** The view inside a router (its parts link to other screens). */
async function renderView(facts: SummaryFacts, data: HomeSummaryData) {
  const root = createRootRoute({
    component: () => (
      <main>
        <HomeSummaryView facts={facts} data={data} />
      </main>
    ),
  });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/home'] }) })} />);
  await screen.findByRole('main');
}

const combos = (['empty', 'pending review', 'validated'] as Details[]).flatMap((details) =>
  [true, false].flatMap((newAccount) => ([1, 2, 3] as Statute[]).map((statute) => ({ details, newAccount, statute }))),
);

/** Spec §2 Home and §6, written out: what each combination shows. */
function expected({ details, newAccount, statute }: (typeof combos)[number]) {
  if (details === 'empty') return { planning: false, availability: false, documents: false, signature: false, hours: false };
  const freelance = statute === 3;
  // §2.5: the month's availabilities for whoever may set them (not a new account, §6), freelancers included; the hours
  // to confirm for whoever may open /hours (not a new account), freelancers included.
  return { planning: !newAccount, availability: !newAccount, documents: !freelance, signature: !freelance && !newAccount, hours: !newAccount };
}

describe('which parts of the home summary show (spec §2 Home, §6)', () => {
  it.each(combos)('details $details, new account $newAccount, statute $statute', async (combo) => {
    const facts = summaryFacts((await session(combo.details, combo.newAccount, combo.statute)).getSnapshot());
    const want = expected(combo);
    // The loader asks only what shows, and never what the server refuses a new account (403).
    expect(summaryCalls(facts.notices)).toEqual({
      planning: want.planning,
      documentsToSign: want.documents && !combo.newAccount,
      availability: want.availability,
      offers: want.planning,
      hours: want.hours,
      absences: want.planning,
    });
    await renderView(facts, {
      ...(want.hours ? { hours: { toConfirm: 0, nextDeadline: null, confirmWindowHours: 48, studentYear: null } } : {}),
      ...(want.planning ? { planning: [mission(1)] } : {}),
      ...(want.availability ? { availability: { year: 2026, month: 6, days: 4 } } : {}),
      ...(want.documents && !combo.newAccount ? { documentsToSign: 2 } : {}),
    });
    const shown = (name: string) => screen.queryByRole('region', { name }) !== null;
    expect({
      planning: shown(m.homeSummary_planningTitle()),
      availability: shown(m.homeSummary_availabilityTitle()),
      documents: shown(m.homeSummary_documentsTitle()),
      signature: shown(m.homeSummary_signatureTitle()),
      hours: shown(m.hours_homeTitle()),
    }).toEqual(want);
    if (want.documents && combo.newAccount) {
      const part = screen.getByRole('region', { name: m.homeSummary_documentsTitle() });
      expect(part.textContent).toContain(m.homeSummary_documentsAfterApproval());
      expect(within(part).queryByRole('link')).toBeNull();
    }
  });
});

describe('what the parts say', () => {
  const approved = async () => summaryFacts((await session('validated', false, 1)).getSnapshot());

  it('the next three missions (a cancelled one says so) with a link to the planning; how many contracts wait, with a link to sign', async () => {
    const cancelled: PlanningItem = { ...mission(2), status: 'cancelled', lastChange: { at: '2026-05-30T12:00:00.000Z', kind: 'cancelled', changes: [] } };
    await renderView(await approved(), { planning: [mission(1), cancelled, mission(3), mission(4)], documentsToSign: 2 });
    const planning = screen.getByRole('region', { name: m.homeSummary_planningTitle() });
    expect(
      within(planning)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['lun. 1 juin · 09:00 – 17:30 REF-1 · Expo', 'Annulée : mar. 2 juin · 09:00 – 17:30 REF-2 · Quai 1', 'mer. 3 juin · 09:00 – 17:30 REF-3 · Expo']);
    expect(within(planning).getByRole('link', { name: m.homeSummary_planningLink() }).getAttribute('href')).toBe('/planning');
    const documents = screen.getByRole('region', { name: m.homeSummary_documentsTitle() });
    expect(documents.textContent).toContain('Contrats à signer : 2');
    expect(within(documents).getByRole('link', { name: m.homeSummary_documentsLink() }).getAttribute('href')).toBe('/digital-signing');
  });

  it('a freelancer: the planning and this month’s availabilities, each with its link; nothing of documents or signature', async () => {
    await renderView(summaryFacts((await session('validated', false, 3)).getSnapshot()), {
      planning: [mission(1)],
      availability: { year: 2026, month: 6, days: 4 },
    });
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toEqual(['home-planning', 'home-availability']);
    const availability = screen.getByRole('region', { name: m.homeSummary_availabilityTitle() });
    expect(availability.textContent).toContain('Jours avec une disponibilité en juin 2026 : 4');
    expect(within(availability).getByRole('link', { name: m.homeSummary_availabilityLink() }).getAttribute('href')).toBe('/availabilities');
  });

  it('no availability yet, or availabilities that could not be read', async () => {
    const facts = summaryFacts((await session('validated', false, 3)).getSnapshot());
    await renderView(facts, { planning: [], availability: { year: 2026, month: 6, days: 0 } });
    expect(screen.getByRole('region', { name: m.homeSummary_availabilityTitle() }).textContent).toContain(
      "Vous n'avez encore indiqué aucune disponibilité pour juin 2026.",
    );
  });

  it('hours: how many days wait and the nearest deadline, with a link; a student also sees the year against the quota', async () => {
    const hours = {
      toConfirm: 2,
      nextDeadline: '2026-06-02T09:00:00.000Z',
      confirmWindowHours: 48,
      studentYear: { year: 2026, paidMinutes: 5_000, quotaHours: 650 },
    };
    const root = createRootRoute({
      component: () => (
        <main>
          <HoursPart summary={hours} locale="fr" now={Date.parse('2026-06-01T09:00:00.000Z')} />
        </main>
      ),
    });
    render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/home'] }) })} />);
    const part = await screen.findByRole('region', { name: m.hours_homeTitle() });
    expect(part.textContent).toContain('Jours à confirmer : 2');
    expect(part.textContent).toContain('Première échéance : mar. 2 juin, 11:00 (encore 24 h).');
    expect(within(part).getByRole('link', { name: m.hours_homeLink() }).getAttribute('href')).toBe('/hours');
    const year = screen.getByRole('region', { name: m.hours_studentTitle({ year: 2026 }) });
    expect(year.textContent).toContain('83 h sur 650 h');
    expect(year.textContent).toContain(m.hours_studentNote());
  });

  it('hours: none to confirm, or a summary that could not be read; no counter for an employee', async () => {
    await renderView(summaryFacts((await session('validated', false, 1)).getSnapshot()), {
      hours: { toConfirm: 0, nextDeadline: null, confirmWindowHours: 48, studentYear: null },
    });
    expect(screen.getByRole('region', { name: m.hours_homeTitle() }).textContent).toContain(m.hours_homeNone());
    expect(screen.queryByRole('region', { name: /étudiant/ })).toBeNull();
  });

  it('availabilities that could not be read say so', async () => {
    await renderView(summaryFacts((await session('validated', false, 3)).getSnapshot()), { planning: [], availability: null });
    expect(screen.getByRole('region', { name: m.homeSummary_availabilityTitle() }).textContent).toContain(m.homeSummary_availabilityFailed());
  });

  it('nothing planned, nothing to sign, or lists that could not be read', async () => {
    await renderView(await approved(), { planning: [], documentsToSign: 0 });
    expect(screen.getByRole('region', { name: m.homeSummary_planningTitle() }).textContent).toContain(m.homeSummary_planningEmpty());
    expect(screen.getByRole('region', { name: m.homeSummary_documentsTitle() }).textContent).toContain(m.homeSummary_documentsNone());
  });

  it('lists that could not be read say so', async () => {
    await renderView(await approved(), { planning: null, documentsToSign: null });
    expect(screen.getByRole('region', { name: m.homeSummary_planningTitle() }).textContent).toContain(m.homeSummary_planningFailed());
    expect(screen.getByRole('region', { name: m.homeSummary_documentsTitle() }).textContent).toContain(m.homeSummary_documentsFailed());
  });

  it('open offers: a card first, how many and the one to answer first, with a link; none when there is none', async () => {
    const first = { offer: 'o1', job: 'Steward', place: 'Forest National', answerBy: '2026-06-02T16:00:00.000Z' };
    await renderView(await approved(), { planning: [], offers: { open: 2, first } });
    expect(screen.getAllByRole('region')[0]!.getAttribute('aria-labelledby')).toBe('home-offers');
    const part = screen.getByRole('region', { name: m.offers_homeTitle() });
    expect(part.textContent).toContain('Offres ouvertes : 2');
    expect(part.textContent).toContain('Première réponse attendue : Steward à Forest National, mar. 2 juin, 18:00');
    expect(within(part).getByRole('link', { name: m.offers_homeLink() }).getAttribute('href')).toBe('/offers');
  });

  it('open offers that each overlap one of the worker’s missions: the card says none can be taken, and points at none', async () => {
    await renderView(await approved(), { planning: [], offers: { open: 2, first: null } });
    const part = screen.getByRole('region', { name: m.offers_homeTitle() });
    expect(part.textContent).toContain(m.offers_homeNoneTakeable());
    expect(part.textContent).not.toContain('Première réponse attendue');
  });

  it.each([{ open: 0, first: null }, null])('no card without open offers (%o)', async (offers) => {
    await renderView(await approved(), { planning: [], offers });
    expect(screen.queryByRole('region', { name: m.offers_homeTitle() })).toBeNull();
  });

  it('a contract to sign before a near shift says so', async () => {
    await renderView(await approved(), { planning: [], documentsToSign: 1, signBefore: { date: '2026-06-02', start: '08:00' } });
    expect(screen.getByRole('region', { name: m.homeSummary_documentsTitle() }).textContent).toContain(
      'À signer avant votre prestation du mar. 2 juin à 08:00',
    );
  });

  it.each([
    ['validated', 'success', m.homeSummary_signatureValidated],
    ['pending review', 'info', m.homeSummary_signaturePending],
    ['rejected', 'warning', m.homeSummary_signatureRejected],
    ['none', 'info', m.homeSummary_signatureNone],
  ] as const)('signature %s: the %s tone, said in words, with a link to manage it', async (status, tone, text) => {
    await renderView(summaryFacts((await session('validated', false, 2, status)).getSnapshot()), { planning: [], documentsToSign: 0 });
    const part = screen.getByRole('region', { name: m.homeSummary_signatureTitle() });
    const kind = { success: m.ui_kindSuccess, info: m.ui_kindInfo, warning: m.ui_kindWarning }[tone];
    expect(part.querySelector(`[data-tone="${tone}"]`)!.textContent).toBe(`${kind()} ${text()}`);
    expect(within(part).getByRole('link', { name: m.homeSummary_signatureLink() }).getAttribute('href')).toBe('/user/manage-signature');
  });
});

describe('the home loader', () => {
  function api(answers: Record<string, unknown>) {
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const path = new URL(request.url).pathname;
      if (!(path in answers))
        return new Response(JSON.stringify({ code: 'internal_error', message: 'x' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const notify = vi.fn();
    return {
      api: createApi({ baseUrl: 'http://portal.test/api', fetch, getToken: () => 't', getLocale: () => 'fr', onUnauthorized: () => {}, notify }),
      fetch,
      notify,
    };
  }
  const paths = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map(([input]) => new URL((input as Request).url).pathname).sort();
  // 1 June in Brussels: the month the availability part reads.
  const NOW = new Date('2026-05-31T22:30:00Z');
  const JUNE = '/api/user/me/availabilities/2026/6';
  const HOURS = '/api/user/me/hours/summary';
  const SUMMARY = { toConfirm: 2, nextDeadline: '2026-06-01T09:00:00.000Z', confirmWindowHours: 48, studentYear: null };

  /** An absence report as GET /user/me/absences lists it: its certificate due until `lastDay`, or not needed. */
  const report = (id: string, lastDay: string | null, status: 'reported' | 'withdrawn' = 'reported') => ({
    id,
    mission: { mission: `m-${id}`, reference: `REF-${id}`, job: 'hostess', date: '2026-05-29', start: '08:00', end: '16:00', shortLocation: 'Expo' },
    reason: lastDay ? 'sick' : 'transport',
    message: '',
    reportedAt: '2026-05-28T06:40:00.000Z',
    status,
    withdrawnAt: status === 'withdrawn' ? '2026-05-28T08:00:00.000Z' : null,
    certificate: {
      status: lastDay ? 'due' : 'not-needed',
      lastDay,
      dueBy: lastDay ? `${lastDay}T22:00:00.000Z` : null,
      receivedAt: null,
      mediaType: null,
      size: null,
    },
    mustPhoneAgency: false,
    agencyPhone: '+32 2 555 01 23',
    withdrawable: false,
  });

  it('an approved employee: the upcoming planning (three missions kept), how many contracts wait, the certificates still due, the open offers, the hours', async () => {
    const due = [report('b', '2026-06-03'), report('a', '2026-06-02')];
    const overlap = { mission: 'm9', reference: 'SALON-AUTO', date: '2026-06-05', start: '08:00', end: '16:00' };
    const offer = (id: string, status: string, answerBy: string, overlaps: typeof overlap | null = null) => ({
      offer: id,
      status,
      answerBy,
      closedAt: null,
      jobTitle: 'Steward',
      shortLocation: 'Expo',
      shifts: [{ date: '2026-06-05', start: '09:00', end: '13:00', overlaps }],
    });
    const { api: client, fetch } = api({
      '/api/user/me/upcoming-planning': [mission(1), mission(2), mission(3), mission(4)],
      // A contract of a shift on 2 June (near: sign it first) and one of 9 June (not yet).
      '/api/user/me/documents/documents-to-sign': [
        { date: '2026-06-09', start: '10:00' },
        { date: '2026-06-02', start: '08:00' },
        { date: '2026-05-20', start: '09:00' },
      ],
      [JUNE]: monthOf({ year: 2026, month: 6 }),
      [HOURS]: SUMMARY,
      '/api/user/me/absences': [...due, report('c', null), report('d', '2026-06-02', 'withdrawn')],
      // One still listed open is past its deadline by now (expired); the first to answer overlaps one of the worker's
      // missions: the card points at the next one, which they can take.
      '/api/user/me/offers': [
        offer('oLate', 'open', '2026-05-31T10:00:00.000Z'),
        offer('o0', 'open', '2026-06-01T08:00:00.000Z', overlap),
        offer('o1', 'open', '2026-06-01T10:00:00.000Z'),
        offer('o2', 'open', '2026-06-03T10:00:00.000Z'),
        offer('o3', 'filled', '2026-05-30T10:00:00.000Z'),
      ],
    });
    const data = await loadHomeSummary({ api: client, session: await session('validated', false, 1) }, NOW);
    expect(paths(fetch)).toEqual([
      '/api/user/me/absences',
      JUNE,
      '/api/user/me/documents/documents-to-sign',
      HOURS,
      '/api/user/me/offers',
      '/api/user/me/upcoming-planning',
    ]);
    // June 2026 of the fixture: mornings of even days, so 15 days with a slot.
    expect(data).toEqual({
      planning: [mission(1), mission(2), mission(3)],
      documentsToSign: 3,
      signBefore: { date: '2026-06-02', start: '08:00' },
      availability: { year: 2026, month: 6, days: 15 },
      offers: { open: 3, first: { offer: 'o1', job: 'Steward', place: 'Expo', answerBy: '2026-06-01T10:00:00.000Z' } },
      hours: SUMMARY,
      certificatesDue: [due[1], due[0]],
    });
  });

  it('a freelancer: the planning and the availabilities; a new account or an incomplete file: nothing at all', async () => {
    const freelancer = api({
      '/api/user/me/upcoming-planning': [],
      [JUNE]: monthOf({ year: 2026, month: 6 }),
      '/api/user/me/offers': [],
      [HOURS]: SUMMARY,
      '/api/user/me/absences': [],
    });
    expect(await loadHomeSummary({ api: freelancer.api, session: await session('validated', false, 3) }, NOW)).toEqual({
      planning: [],
      availability: { year: 2026, month: 6, days: 15 },
      offers: { open: 0, first: null },
      hours: SUMMARY,
      certificatesDue: [],
    });
    expect(paths(freelancer.fetch)).toEqual(['/api/user/me/absences', JUNE, HOURS, '/api/user/me/offers', '/api/user/me/upcoming-planning']);
    for (const s of [await session('pending review', true, 1), await session('empty', false, 1)]) {
      const none = api({});
      expect(await loadHomeSummary({ api: none.api, session: s })).toEqual({});
      expect(none.fetch).not.toHaveBeenCalled();
    }
  });

  it('a list that fails is null (the client told the worker once)', async () => {
    const { api: client, notify } = api({ '/api/user/me/upcoming-planning': [] });
    expect(await loadHomeSummary({ api: client, session: await session('validated', false, 2) }, NOW)).toEqual({
      planning: [],
      documentsToSign: null,
      availability: null,
      offers: null,
      hours: null,
    });
    // Told once each: the contracts, the availabilities, the hours and the absences; the offers' failed read is not
    // told on the home (its card simply does not show).
    expect(notify).toHaveBeenCalledTimes(4);
  });
});
