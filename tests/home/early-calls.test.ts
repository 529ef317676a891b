/**
 * The calls the entry starts before the app has loaded (src/early-calls.ts): for every combination of spec §6
 * (details file × new account × statute), the home loader asks nothing the entry did not start when the stored
 * sign-in says what the info says, and the entry starts nothing beyond the info and the menu's offers that the loader
 * would not ask. Through the real client, the loader and the session then ask the network nothing again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { sessionMachine } from '../../machines/session.machine.ts';
import type { CurrentUser, GeneralInfo, RestoreOutput } from '../../machines/session.types.ts';
import { isPending } from '../../machines/session.selectors.ts';
import { sessionActors, storedUserOf } from '../../src/actors/session-actors.ts';
import { SESSION_KEYS } from '../../src/actors/session-keys.ts';
import { createApi } from '../../src/api/client.ts';
import { createEarlyAnswers } from '../../src/api/early-answers.ts';
import { earlyCallPaths, startEarlyCalls, storedFlagsOf, type StoredFlags } from '../../src/early-calls.ts';
import type { SessionActor } from '../../src/router-context.ts';
import { loadHomeSummary } from '../../src/routes/-home-summary.ts';
import { createStorage } from '../../src/storage.ts';
import { monthOf } from '../machines/fixtures/availability.ts';
import { MemoryStorage } from '../support/memory-storage.ts';

type Details = NonNullable<GeneralInfo['employeeDetailsStatus']>;
type Statute = 1 | 2 | 3;
const DETAILS: Details[] = ['empty', 'pending review', 'validated'];
const BASE = 'http://portal.test/api';
// 1 June 2026 in Brussels (31 May in UTC): the availability call reads June.
const NOW = new Date('2026-05-31T22:30:00Z');
const TODAY = '2026-06-01';
const JUNE = '/api/user/me/availabilities/2026/6';

const userOf = (details: Details, newAccount: boolean, statute: Statute): CurrentUser => ({
  token: 't0123456789abcdef',
  username: '',
  email: '',
  locale: 'fr',
  statute,
  details: DETAILS.indexOf(details) as 0 | 1 | 2,
  signatureStatus: 2,
  newAccount,
  hasEmailBeenValidated: true,
  shouldRedirectToDetailsPage: false,
  blockAccessToDetailsPage: false,
  expiresAt: '2099-01-01T00:00:00.000Z',
});
const infoOf = (details: Details, newAccount: boolean, statute: Statute): GeneralInfo => ({
  agreedWithGdprPolicy: true,
  agreedToLabourRegulations: true,
  employeeDetailsStatus: details,
  emailHasBeenValidated: true,
  signatureStatus: 'validated',
  newAccount,
  statute,
  hasAValidSignatureBeenCreated: true,
});

/** The network: every URL asked, answered from `answers` by path (an empty list otherwise). */
function network(answers: Record<string, unknown> = {}) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const path = new URL(request.url).pathname;
    const answer = path in answers ? answers[path] : path === JUNE ? monthOf({ year: 2026, month: 6 }) : [];
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
}
const askedPaths = (fetch: ReturnType<typeof network>) =>
  fetch.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input)).pathname.replace(/^\/api/, '')).sort();

function client(
  fetch: ReturnType<typeof network>,
  early = createEarlyAnswers({ fetch: fetch as unknown as typeof globalThis.fetch, now: () => NOW.getTime() }),
) {
  const api = createApi({
    baseUrl: BASE,
    fetch: early.fetchThrough(fetch as unknown as typeof globalThis.fetch),
    getToken: () => 't0123456789abcdef',
    getLocale: () => 'fr',
    onUnauthorized: () => {},
    notify: () => {},
  });
  return { api, early };
}

async function sessionWithInfo(info: GeneralInfo, user: CurrentUser) {
  const logic = sessionMachine.provide({
    actors: { restoreUser: fromPromise<RestoreOutput>(async () => ({ user, loggedOut: false })), loadInfo: fromPromise(async () => info) },
  });
  const actor = createActor(logic).start();
  await waitFor(actor, (s) => !isPending(s));
  return actor as unknown as SessionActor;
}

const combos = DETAILS.flatMap((details) =>
  [true, false].flatMap((newAccount) => ([1, 2, 3] as Statute[]).map((statute) => ({ details, newAccount, statute }))),
);

describe('the calls started early for /home (spec §6 combinations)', () => {
  it.each(combos)('details $details, new account $newAccount, statute $statute', async ({ details, newAccount, statute }) => {
    const flags = storedFlagsOf(storedUserOf(userOf(details, newAccount, statute)), NOW.getTime())!;
    const early = earlyCallPaths('/home', flags, TODAY);
    const fetch = network();
    const { api } = client(fetch);
    await loadHomeSummary({ api, session: await sessionWithInfo(infoOf(details, newAccount, statute), userOf(details, newAccount, statute)) }, NOW);
    const loader = askedPaths(fetch);
    expect(early[0]).toBe('/user/me/info');
    for (const path of loader) expect(early).toContain(path);
    // Beyond the loader's: the info, and the offers the menu counts.
    expect(early.filter((path) => !loader.includes(path)).every((path) => path === '/user/me/info' || path === '/user/me/offers')).toBe(true);
  });

  it('another signed-in page: the info, and the offers for someone the menu offers them to', () => {
    const approved = storedFlagsOf(storedUserOf(userOf('validated', false, 1)), NOW.getTime())!;
    expect(earlyCallPaths('/planning', approved, TODAY)).toEqual(['/user/me/info', '/user/me/offers']);
    const newcomer = storedFlagsOf(storedUserOf(userOf('empty', true, 1)), NOW.getTime())!;
    expect(earlyCallPaths('/home', newcomer, TODAY)).toEqual(['/user/me/info']);
  });
});

describe('starting them from the stored sign-in', () => {
  const stored = (value: unknown, session = false) => {
    const store = createStorage({ local: new MemoryStorage(), session: new MemoryStorage(), now: () => NOW.getTime() });
    store.set(SESSION_KEYS.user, value, session ? { session: true } : {});
    return store;
  };
  const start = (store: ReturnType<typeof stored>, pathname = '/home') => {
    const fetch = network();
    const early = createEarlyAnswers({ fetch: fetch as unknown as typeof globalThis.fetch, now: () => NOW.getTime() });
    startEarlyCalls({ early, store, apiBase: BASE, pathname, locale: 'fr', now: () => NOW.getTime() });
    return { fetch, early };
  };

  it('an approved employee on /home: the info and the summary, all at once, with the token and the language', () => {
    const { fetch } = start(stored(storedUserOf(userOf('validated', false, 1)), true));
    expect(askedPaths(fetch)).toEqual([
      '/user/me/absences',
      '/user/me/availabilities/2026/6',
      '/user/me/documents/documents-to-sign',
      '/user/me/hours/summary',
      '/user/me/info',
      '/user/me/offers',
      '/user/me/upcoming-planning',
    ]);
    const [, init] = fetch.mock.calls[0]!;
    expect(init?.headers).toEqual({ authorization: 'Bearer t0123456789abcdef', 'accept-language': 'fr' });
  });

  it('nothing without a usable stored sign-in (none, expired, another shape), and the entry is left for the session to judge', () => {
    expect(start(createStorage({ local: new MemoryStorage(), session: new MemoryStorage() })).fetch).not.toHaveBeenCalled();
    const expired = stored({ ...storedUserOf(userOf('validated', false, 1)), expiresAt: '2026-05-01T00:00:00.000Z' });
    expect(start(expired).fetch).not.toHaveBeenCalled();
    const odd = stored({ token: 42 });
    expect(start(odd).fetch).not.toHaveBeenCalled();
    expect(odd.get(SESSION_KEYS.user, (raw: unknown) => raw)).toEqual({ token: 42 });
  });

  it('the session and the home loader then take these answers: the network is asked each thing once', async () => {
    const user = userOf('validated', false, 1);
    const info = infoOf('validated', false, 1);
    const fetch = network({ '/api/user/me/info': info });
    const { api, early } = client(fetch);
    startEarlyCalls({ early, store: stored(storedUserOf(user)), apiBase: BASE, pathname: '/home', locale: 'fr', now: () => NOW.getTime() });
    expect(fetch).toHaveBeenCalledTimes(7);
    // The session machine with the app's own actors reads the info through the client.
    const logic = sessionMachine.provide({
      actors: {
        ...sessionActors(api, createStorage({ local: new MemoryStorage(), session: new MemoryStorage() })),
        restoreUser: fromPromise<RestoreOutput>(async () => ({ user, loggedOut: false })),
      },
    });
    const session = createActor(logic).start();
    await waitFor(session, (s) => !isPending(s));
    expect(session.getSnapshot().context.info).toEqual(info);
    await loadHomeSummary({ api, session: session as unknown as SessionActor }, NOW);
    expect(fetch).toHaveBeenCalledTimes(7);
    expect(early.pending()).toEqual([]);
  });
});

describe('storedFlagsOf', () => {
  it('reads what the stored sign-in holds, refuses a partial or expired one', () => {
    const flags: StoredFlags | null = storedFlagsOf(storedUserOf(userOf('validated', false, 3)), NOW.getTime());
    expect(flags).toMatchObject({ statute: 3, details: 2, newAccount: false });
    expect(storedFlagsOf({ ...storedUserOf(userOf('validated', false, 3)), details: 7 }, NOW.getTime())).toBeNull();
    expect(storedFlagsOf(null, NOW.getTime())).toBeNull();
  });
});
