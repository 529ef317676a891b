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
import type { PlanningItem } from '../../src/api/schema.ts';
import { HomeSummaryView, summaryCalls, summaryFacts, type HomeSummaryData, type SummaryFacts } from '../../src/features/home/home-summary.tsx';
import { m } from '../../src/paraglide/messages.js';
import { loadHomeSummary } from '../../src/routes/-home-summary.ts';
import { monthOf } from '../machines/fixtures/availability.ts';
import type { SessionActor } from '../../src/router-context.ts';

type Details = NonNullable<GeneralInfo['employeeDetailsStatus']>;
type Statute = 1 | 2 | 3;

async function session(details: Details, newAccount: boolean, statute: Statute, signatureStatus: GeneralInfo['signatureStatus'] = 'validated') {
  const user = { token: 't0123456789abcdef', username: 'Ada Lovelace', locale: 'fr', email: 'ada@example.be', statute, details: 2, signatureStatus: 2, newAccount, hasEmailBeenValidated: true, shouldRedirectToDetailsPage: false, blockAccessToDetailsPage: false, expiresAt: '2099-01-01T00:00:00.000Z' } satisfies CurrentUser;
  const info: GeneralInfo = { agreedWithGdprPolicy: true, agreedToLabourRegulations: true, employeeDetailsStatus: details, emailHasBeenValidated: true, signatureStatus, newAccount, statute, hasAValidSignatureBeenCreated: true };
  const logic = sessionMachine.provide({ actors: { restoreUser: fromPromise<RestoreOutput>(async () => ({ user, loggedOut: false })), loadInfo: fromPromise(async () => info) } });
  const actor = createActor(logic).start();
  await waitFor(actor, (s) => !isPending(s));
  return actor as unknown as SessionActor;
}

const mission = (n: number): PlanningItem => ({ mission: `m${n}`, date: `2026-06-0${n}`, start: '09:00', end: '17:30', shortLocation: n === 2 ? '' : 'Expo', location1: 'Quai 1', location2: '', reference: `REF-${n}`, briefing: '', status: 'planned', lastChange: null, absence: null });

/** The view inside a router (its parts link to other screens). */
async function renderView(facts: SummaryFacts, data: HomeSummaryData) {
  const root = createRootRoute({ component: () => <main><HomeSummaryView facts={facts} data={data} /></main> });
  render(<RouterProvider router={createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/home'] }) })} />);
  await screen.findByRole('main');
}

const combos = (['empty', 'pending review', 'validated'] as Details[]).flatMap((details) =>
  [true, false].flatMap((newAccount) => ([1, 2, 3] as Statute[]).map((statute) => ({ details, newAccount, statute }))),
);

/** Spec §2 Home and §6, written out: what each combination shows. */
function expected({ details, newAccount, statute }: (typeof combos)[number]) {
  if (details === 'empty') return { planning: false, availability: false, documents: false, signature: false };
  const freelance = statute === 3;
  // §2.5: the month's availabilities for whoever may set them (not a new account, §6), freelancers included.
  return { planning: !newAccount, availability: !newAccount, documents: !freelance, signature: !freelance && !newAccount };
}

describe('which parts of the home summary show (spec §2 Home, §6)', () => {
  it.each(combos)('details $details, new account $newAccount, statute $statute', async (combo) => {
    const facts = summaryFacts((await session(combo.details, combo.newAccount, combo.statute)).getSnapshot());
    const want = expected(combo);
    // The loader asks only what shows, and never what the server refuses a new account (403).
    expect(summaryCalls(facts)).toEqual({ planning: want.planning, documentsToSign: want.documents && !combo.newAccount, availability: want.availability });
    await renderView(facts, {
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
    expect(within(planning).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'lun. 1 juin · 09:00 – 17:30 · REF-1 · Expo',
      'Annulée : mar. 2 juin · 09:00 – 17:30 · REF-2 · Quai 1',
      'mer. 3 juin · 09:00 – 17:30 · REF-3 · Expo',
    ]);
    expect(within(planning).getByRole('link', { name: m.homeSummary_planningLink() }).getAttribute('href')).toBe('/planning');
    const documents = screen.getByRole('region', { name: m.homeSummary_documentsTitle() });
    expect(documents.textContent).toContain('Contrats à signer : 2');
    expect(within(documents).getByRole('link', { name: m.homeSummary_documentsLink() }).getAttribute('href')).toBe('/digital-signing');
  });

  it('a freelancer: the planning and this month’s availabilities, each with its link; nothing of documents or signature', async () => {
    await renderView(summaryFacts((await session('validated', false, 3)).getSnapshot()), { planning: [mission(1)], availability: { year: 2026, month: 6, days: 4 } });
    expect(screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))).toEqual(['home-planning', 'home-availability']);
    const availability = screen.getByRole('region', { name: m.homeSummary_availabilityTitle() });
    expect(availability.textContent).toContain('Jours avec une disponibilité en juin 2026 : 4');
    expect(within(availability).getByRole('link', { name: m.homeSummary_availabilityLink() }).getAttribute('href')).toBe('/availabilities');
  });

  it('no availability yet, or availabilities that could not be read', async () => {
    const facts = summaryFacts((await session('validated', false, 3)).getSnapshot());
    await renderView(facts, { planning: [], availability: { year: 2026, month: 6, days: 0 } });
    expect(screen.getByRole('region', { name: m.homeSummary_availabilityTitle() }).textContent).toContain("Vous n'avez encore indiqué aucune disponibilité pour juin 2026.");
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
      if (!(path in answers)) return new Response(JSON.stringify({ code: 'internal_error', message: 'x' }), { status: 500, headers: { 'Content-Type': 'application/json' } });
      return new Response(JSON.stringify(answers[path]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    const notify = vi.fn();
    return { api: createApi({ baseUrl: 'http://portal.test/api', fetch, getToken: () => 't', getLocale: () => 'fr', onUnauthorized: () => {}, notify }), fetch, notify };
  }
  const paths = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls.map(([input]) => new URL((input as Request).url).pathname).sort();
  // 1 June in Brussels: the month the availability part reads.
  const NOW = new Date('2026-05-31T22:30:00Z');
  const JUNE = '/api/user/me/availabilities/2026/6';

  it('an approved employee: the upcoming planning (three missions kept) and how many contracts wait', async () => {
    const { api: client, fetch } = api({
      '/api/user/me/upcoming-planning': [mission(1), mission(2), mission(3), mission(4)],
      '/api/user/me/documents/documents-to-sign': [{}, {}],
      [JUNE]: monthOf({ year: 2026, month: 6 }),
    });
    const data = await loadHomeSummary({ api: client, session: await session('validated', false, 1) }, NOW);
    expect(paths(fetch)).toEqual([JUNE, '/api/user/me/documents/documents-to-sign', '/api/user/me/upcoming-planning']);
    // June 2026 of the fixture: mornings of even days, so 15 days with a slot.
    expect(data).toEqual({ planning: [mission(1), mission(2), mission(3)], documentsToSign: 2, availability: { year: 2026, month: 6, days: 15 } });
  });

  it('a freelancer: the planning and the availabilities; a new account or an incomplete file: nothing at all', async () => {
    const freelancer = api({ '/api/user/me/upcoming-planning': [], [JUNE]: monthOf({ year: 2026, month: 6 }) });
    expect(await loadHomeSummary({ api: freelancer.api, session: await session('validated', false, 3) }, NOW)).toEqual({ planning: [], availability: { year: 2026, month: 6, days: 15 } });
    expect(paths(freelancer.fetch)).toEqual([JUNE, '/api/user/me/upcoming-planning']);
    for (const s of [await session('pending review', true, 1), await session('empty', false, 1)]) {
      const none = api({});
      expect(await loadHomeSummary({ api: none.api, session: s })).toEqual({});
      expect(none.fetch).not.toHaveBeenCalled();
    }
  });

  it('a list that fails is null (the client told the worker once)', async () => {
    const { api: client, notify } = api({ '/api/user/me/upcoming-planning': [] });
    expect(await loadHomeSummary({ api: client, session: await session('validated', false, 2) }, NOW)).toEqual({ planning: [], documentsToSign: null, availability: null });
    expect(notify).toHaveBeenCalledTimes(2);
  });
});
