// Offers as agencies run them (docs/decisions/260-264): selection among applicants, the waitlist that fills a freed
// place at once, giving a place back before the cut-off, applications set aside when an overlapping offer is taken,
// and a student's quota. On PGlite the transactions run one at a time; on PostgreSQL (scripts/with-postgres.sh)
// pooled connections run the concurrent ones at once. Every answer is checked against openapi.yaml by the harness.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { accept, createOffer, enc, quickWorker, readOffer } from './helpers/offers.ts';
import { approvedWorker, mission } from './helpers/workers.ts';
import { runCli } from './helpers/backoffice-cli.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const START = new Date('2027-01-15T10:00:00Z');
let api: TestServer;
beforeAll(async () => {
  // A small quota, so that a student passes it in a day or two of work.
  api = await startServer({ start: START, config: { studentQuotas: [{ from: 0, hours: 20 }] } });
});
afterAll(() => api.close());
afterEach(() => {
  api.clock.now = START;
});

type W = { email: string; token: string };
const post = (w: W, offer: string, action: string, json: unknown = {}, headers?: Record<string, string>) =>
  api.post(`/api/user/me/offers/${offer}/${action}`, { token: w.token, json, ...(headers ? { headers } : {}) });
const workers = (n: number) => Promise.all(Array.from({ length: n }, () => quickWorker(api)));
const backoffice = async (offer: string) => (await api.bo('GET', `/offers/${offer}`)).json;
const missionsOf = async (offer: string) =>
  api.deps.db.query<{ email: string; status: string }>(
    'SELECT w.email, m.status FROM missions m JOIN workers w ON w.id = m.worker_id WHERE m.offer_id = $1 ORDER BY w.email',
    [offer],
  );
const line = async (offer: string) =>
  (
    await api.deps.db.query<{ email: string }>(
      "SELECT w.email FROM offer_recipients r JOIN workers w ON w.id = r.worker_id WHERE r.offer_id = $1 AND r.answer = 'waiting' ORDER BY r.queued",
      [offer],
    )
  ).map((r) => r.email);

const newOfferText = async (email: string) =>
  ((await api.bo('GET', `/outbox?to=${enc(email)}`)).json as Array<{ subject: string; text: string }>).find((m) => m.subject.startsWith('Nouvelle offre'))!
    .text;

describe('the agency selects among applicants', () => {
  it('N of M applicants selected: exactly N missions, M−N not selected when the choice closes; repeating changes nothing', async () => {
    const applicants = await workers(5);
    const offer = await createOffer(
      api,
      applicants.map((a) => a.email),
      { staffing: 'selection', places: 3 },
    );
    expect((await readOffer(api, applicants[0]!.token, offer)).json).toMatchObject({ staffing: 'selection', status: 'open' });
    // The offer's mail says what answering means: an application the agency chooses among.
    expect((await newOfferText(applicants[0]!.email)).includes("L'agence choisit parmi les candidats")).toBe(true);
    // Accepting a selection offer is refused: the button applies.
    expect((await accept(api, applicants[0]!.token, offer)).json.code).toBe('offer_selection');
    for (const a of applicants) expect((await post(a, offer, 'apply')).json.status).toBe('applied');
    expect((await post(applicants[0]!, offer, 'apply')).json.status).toBe('applied');
    // One withdraws and applies again before the deadline.
    expect((await post(applicants[4]!, offer, 'withdraw-application')).json.status).toBe('open');
    expect((await post(applicants[4]!, offer, 'apply')).json.status).toBe('applied');

    const chosen = applicants.slice(0, 2).map((a) => a.email);
    const selected = await api.bo('POST', `/offers/${offer}/select`, { workers: chosen });
    expect(selected.status, selected.text).toBe(200);
    // Selecting again, the same call repeated: nothing more.
    expect((await api.bo('POST', `/offers/${offer}/select`, { workers: chosen })).status).toBe(200);
    expect((await missionsOf(offer)).map((m) => m.email)).toEqual([...chosen].sort());
    expect((await backoffice(offer)).placesTaken).toBe(2);
    // Still open for the agency's choice: the others still read applied.
    expect((await readOffer(api, applicants[2]!.token, offer)).json.status).toBe('applied');

    // More than the places left is refused, with nothing done.
    const tooMany = await api.bo('POST', `/offers/${offer}/select`, { workers: applicants.slice(2).map((a) => a.email) });
    expect([tooMany.status, tooMany.json.fields]).toEqual([422, [{ path: 'workers', message: expect.any(String) }]]);

    const closed = await api.bo('POST', `/offers/${offer}/select`, { workers: [applicants[2]!.email], close: true });
    expect(closed.status).toBe(200);
    expect(closed.json.answers.map((a: { answer: string }) => a.answer).sort()).toEqual(['accepted', 'accepted', 'accepted', 'notSelected', 'notSelected']);
    expect(await missionsOf(offer)).toHaveLength(3);
    for (const a of applicants.slice(3)) {
      const seen = (await readOffer(api, a.token, offer)).json;
      expect([seen.status, seen.missions]).toEqual(['notSelected', []]);
    }
    const given = await api.deps.db.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications WHERE kind = 'offerPlaceGiven' AND link = $1", [
      `/offers?offer=${offer}`,
    ]);
    expect(given).toEqual([{ n: 3 }]);
    // The two left are told, once, that they were not selected (closing again tells nobody more).
    expect((await api.bo('POST', `/offers/${offer}/select`, { workers: [], close: true })).status).toBe(200);
    const told = await api.deps.db.query<{ email: string; link: string }>(
      "SELECT w.email, n.link FROM notifications n JOIN workers w ON w.id = n.worker_id WHERE n.kind = 'offerNotSelected' AND n.link = $1 ORDER BY w.email",
      [`/offers?offer=${offer}`],
    );
    expect(told.map((t) => t.email)).toEqual(
      applicants
        .slice(3)
        .map((a) => a.email)
        .sort(),
    );
    const news = (await api.get('/api/user/me/notifications', { token: applicants[3]!.token })).json;
    expect(news.items[0]).toMatchObject({ kind: 'offerNotSelected', title: expect.stringMatching(/^Non retenu : .+ à /), link: `/offers?offer=${offer}` });
  });

  it('refuses a stranger, a first-come offer, and an address that did not apply', async () => {
    const [a, b] = await workers(2);
    const first = await createOffer(api, [a!.email]);
    expect((await api.bo('POST', `/offers/${first}/select`, { workers: [a!.email] })).json.code).toBe('offer_first_come');
    expect((await post(a!, first, 'apply')).json.code).toBe('offer_first_come');
    const chosen = await createOffer(api, [a!.email, b!.email], { staffing: 'selection' });
    const res = await api.bo('POST', `/offers/${chosen}/select`, { workers: [b!.email, 'nobody@example.com'] });
    expect([res.status, res.json.fields.map((f: { path: string }) => f.path)]).toEqual([422, ['workers.0', 'workers.1']]);
    // The deadline closes applications; withdrawing one after it is refused too.
    expect((await post(a!, chosen, 'apply')).status).toBe(200);
    api.clock.now = new Date(START.getTime() + 24 * 3_600_000);
    expect((await post(b!, chosen, 'apply')).json.code).toBe('offer_expired');
    expect((await post(a!, chosen, 'withdraw-application')).json.code).toBe('offer_expired');
  });
});

describe('the waitlist of a full first-come offer', () => {
  it('two places freed at the same instant with three waiting: exactly the first two get the missions', async () => {
    const [g1, g2, w1, w2, w3] = await workers(5);
    const offer = await createOffer(
      api,
      [g1!, g2!, w1!, w2!, w3!].map((w) => w.email),
      { places: 2 },
    );
    expect((await accept(api, g1!.token, offer)).status).toBe(200);
    expect((await accept(api, g2!.token, offer)).status).toBe(200);
    expect((await accept(api, w1!.token, offer)).json.code).toBe('offer_filled');
    // Joining a full offer: in line, in the order of joining.
    for (const [i, w] of [w1!, w2!, w3!].entries()) {
      const joined = (await post(w, offer, 'waitlist')).json;
      expect([joined.status, joined.waitlistPosition]).toEqual(['waitlisted', i + 1]);
    }
    expect((await post(w1!, offer, 'waitlist')).json.waitlistPosition).toBe(1); // joining again keeps the place

    const back = await Promise.all([g1!, g2!].map((g) => post(g, offer, 'give-back', { reason: 'Examen déplacé.' })));
    expect(back.map((b) => b.json.status)).toEqual(['givenBack', 'givenBack']);

    expect((await missionsOf(offer)).filter((m) => m.status === 'planned').map((m) => m.email)).toEqual([w1!.email, w2!.email].sort());
    expect(await line(offer)).toEqual([w3!.email]);
    const third = (await readOffer(api, w3!.token, offer)).json;
    expect([third.status, third.waitlistPosition]).toEqual(['waitlisted', 1]);
    expect((await readOffer(api, w1!.token, offer)).json.status).toBe('accepted');
    expect((await backoffice(offer)).placesTaken).toBe(2);
    // The agency is told, each time, of who gave back and who got the place.
    const agency = (await api.bo('GET', `/outbox?to=${enc('agence@demo.example')}`)).json as Array<{ subject: string; text: string }>;
    const told = agency.filter((m) => m.subject.startsWith('Place rendue : EXPO-1'));
    expect(told).toHaveLength(2);
    expect(told.every((m) => m.text.includes('Raison : Examen déplacé.'))).toBe(true);
    const notified = await api.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM notifications n JOIN workers w ON w.id = n.worker_id WHERE n.kind = 'offerPlaceGiven' AND w.email = ANY($1::text[])",
      [[w1!.email, w2!.email, w3!.email]],
    );
    expect(notified).toEqual([{ n: 2 }]);
  });

  it('twenty joining and one giving back at the same instant leave one consistent line', async () => {
    const [holder] = await workers(1);
    const joiners = await workers(20);
    const offer = await createOffer(api, [holder!.email, ...joiners.map((j) => j.email)], { places: 1 });
    expect((await accept(api, holder!.token, offer)).status).toBe(200);

    const answers = await Promise.all([...joiners.map((j) => post(j, offer, 'waitlist')), post(holder!, offer, 'give-back', { reason: 'Malade.' })]);
    expect(answers.map((a) => a.status)).toEqual(Array(21).fill(200));

    const placed = await missionsOf(offer);
    const planned = placed.filter((m) => m.status === 'planned');
    expect(planned).toHaveLength(1);
    const waiting = await line(offer);
    expect(waiting).toHaveLength(19);
    expect(new Set([...waiting, planned[0]!.email])).toEqual(new Set(joiners.map((j) => j.email)));
    // Positions 1 to 19, each once, in the line's order.
    const positions = await Promise.all(waiting.map(async (email) => (await readOffer(api, joiners.find((j) => j.email === email)!.token, offer)).json));
    expect(positions.map((p) => [p.status, p.waitlistPosition])).toEqual(waiting.map((_, i) => ['waitlisted', i + 1]));
    expect((await backoffice(offer)).placesTaken).toBe(1);
  });

  it('takes a free place at once instead of waiting, leaves the line, and closes at the deadline', async () => {
    const [a, b, c] = await workers(3);
    const offer = await createOffer(
      api,
      [a!, b!, c!].map((w) => w.email),
      { places: 1 },
    );
    // Nothing is full yet: "joining" takes the place.
    expect((await post(a!, offer, 'waitlist')).json.status).toBe('accepted');
    expect((await post(b!, offer, 'waitlist')).json.status).toBe('waitlisted');
    expect((await post(b!, offer, 'leave-waitlist')).json.status).toBe('filled');
    expect(await line(offer)).toEqual([]);
    expect((await post(c!, offer, 'waitlist')).json.waitlistPosition).toBe(1);
    api.clock.now = new Date(START.getTime() + 24 * 3_600_000);
    expect((await readOffer(api, c!.token, offer)).json.status).toBe('expired');
    expect((await post(b!, offer, 'waitlist')).json.code).toBe('offer_expired');
    // A place given back after the deadline stays free: the line is closed.
    expect((await post(a!, offer, 'give-back', { reason: 'Empêché.' })).json.status).toBe('givenBack');
    expect((await missionsOf(offer)).filter((m) => m.status === 'planned')).toEqual([]);
  });
});

describe('the agency adds places', () => {
  it('new places go at once to the first in line, once (two identical calls at the same instant), by the terminal too', async () => {
    const [holder, w1, w2, w3, w4] = await workers(5);
    const offer = await createOffer(
      api,
      [holder!, w1!, w2!, w3!, w4!].map((w) => w.email),
      { places: 1 },
    );
    expect((await newOfferText(holder!.email)).includes('Les places vont aux premiers qui acceptent')).toBe(true);
    expect((await accept(api, holder!.token, offer)).status).toBe(200);
    for (const w of [w1!, w2!, w3!, w4!]) expect((await post(w, offer, 'waitlist')).json.status).toBe('waitlisted');

    // The same call twice at once (a retry racing the first): three places in all, so the first two in line get them.
    const both = await Promise.all([1, 2].map(() => api.bo('POST', `/offers/${offer}/places`, { places: 3 })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await missionsOf(offer)).map((m) => m.email)).toEqual([holder!.email, w1!.email, w2!.email].sort());
    expect(await line(offer)).toEqual([w3!.email, w4!.email]);
    expect((await backoffice(offer)).placesTaken).toBe(3);
    const told = await api.deps.db.query<{ email: string }>(
      "SELECT w.email FROM notifications n JOIN workers w ON w.id = n.worker_id WHERE n.kind = 'offerPlaceGiven' AND n.link = $1 ORDER BY w.email",
      [`/offers?offer=${offer}`],
    );
    expect(told.map((t) => t.email)).toEqual([w1!.email, w2!.email].sort());

    // From the terminal: one more place, to the next in line; fewer places than now is refused, nothing changed.
    const cli = await runCli(api, ['set-places', offer, '--places', '4']);
    expect(cli.code, cli.out).toBe(0);
    expect([(await readOffer(api, w3!.token, offer)).json.status, (await readOffer(api, w4!.token, offer)).json.waitlistPosition]).toEqual(['accepted', 1]);
    const fewer = await api.bo('POST', `/offers/${offer}/places`, { places: 2 });
    expect([fewer.status, fewer.json.fields.map((f: { path: string }) => f.path)]).toEqual([422, ['places']]);
    expect((await backoffice(offer)).places).toBe(4);
  });

  it('a selection offer keeps its new places for the agency to give; a withdrawn or unknown offer is refused', async () => {
    const [a] = await workers(1);
    const chosen = await createOffer(api, [a!.email], { staffing: 'selection', places: 1 });
    expect((await post(a!, chosen, 'apply')).json.status).toBe('applied');
    expect((await api.bo('POST', `/offers/${chosen}/places`, { places: 2 })).json).toMatchObject({ places: 2, placesTaken: 0 });
    expect((await readOffer(api, a!.token, chosen)).json.status).toBe('applied');
    expect((await api.bo('POST', `/offers/${chosen}/withdraw`, {})).status).toBe(200);
    expect((await api.bo('POST', `/offers/${chosen}/places`, { places: 3 })).json.code).toBe('offer_withdrawn');
    expect((await api.bo('POST', '/offers/onosuchoffer0/places', { places: 3 })).status).toBe(404);
  });
});

describe('the agency removes a worker', () => {
  it('the missions cancelled and the worker told, the offer withdrawn for them, the place at once to the first in line; again, nothing', async () => {
    const [holder, w1, w2] = await workers(3);
    const offer = await createOffer(
      api,
      [holder!, w1!, w2!].map((w) => w.email),
      { places: 1 },
    );
    expect((await accept(api, holder!.token, offer)).status).toBe(200);
    for (const w of [w1!, w2!]) expect((await post(w, offer, 'waitlist')).json.status).toBe('waitlisted');
    // Only a worker with a place can be removed.
    const noPlace = await api.bo('POST', `/offers/${offer}/remove-worker`, { worker: w1!.email });
    expect([noPlace.status, noPlace.json.fields.map((f: { path: string }) => f.path)]).toEqual([422, ['worker']]);

    const cli = await runCli(api, ['remove-worker', offer, '--worker', holder!.email]);
    expect(cli.code, cli.out).toBe(0);
    const seen = (await readOffer(api, holder!.token, offer)).json;
    expect([seen.status, seen.missions.length]).toEqual(['withdrawn', 1]);
    expect((await missionsOf(offer)).map((m) => [m.email, m.status])).toEqual(
      [
        [holder!.email, 'cancelled'],
        [w1!.email, 'planned'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );
    expect(await line(offer)).toEqual([w2!.email]);
    const answers = (await backoffice(offer)).answers as Array<{ email: string; answer: string }>;
    expect(answers.find((a) => a.email === holder!.email)?.answer).toBe('removed');
    const kinds = await api.deps.db.query<{ email: string; kind: string }>(
      'SELECT w.email, n.kind FROM notifications n JOIN workers w ON w.id = n.worker_id WHERE w.email = ANY($1::text[]) ORDER BY w.email, n.kind',
      [[holder!.email, w1!.email]],
    );
    expect(kinds.filter((k) => k.kind !== 'offerNew' && k.kind !== 'detailsApproved').map((k) => [k.email, k.kind])).toEqual(
      [
        [holder!.email, 'missionCancelled'],
        [w1!.email, 'offerPlaceGiven'],
      ].sort((a, b) => (a[0]! < b[0]! ? -1 : 1)),
    );

    const cancelledMails = async () =>
      ((await api.bo('GET', `/outbox?to=${enc(holder!.email)}`)).json as Array<{ subject: string }>).filter((m) => / annulée$/.test(m.subject)).length;
    expect(await cancelledMails()).toBe(1);
    // Again (a retry after a lost answer): nothing more is cancelled, given or told.
    expect((await api.bo('POST', `/offers/${offer}/remove-worker`, { worker: holder!.email })).status).toBe(200);
    expect(await line(offer)).toEqual([w2!.email]);
    expect([(await backoffice(offer)).placesTaken, await cancelledMails()]).toEqual([1, 1]);
    expect((await api.bo('POST', '/offers/onosuchoffer0/remove-worker', { worker: holder!.email })).status).toBe(404);
  });
});

describe('giving a place back', () => {
  // The first shift: 10/02/2027 09:00 in Brussels (08:00 UTC); the cut-off 48 hours before.
  const CUT_OFF = new Date('2027-02-08T08:00:00Z');

  it('is allowed before the cut-off, refused at it and after it (then "I can\'t come")', async () => {
    for (const [instant, expected] of [
      [new Date(CUT_OFF.getTime() - 60_000), 'givenBack'],
      [CUT_OFF, 'give_back_too_late'],
      [new Date(CUT_OFF.getTime() + 60_000), 'give_back_too_late'],
    ] as const) {
      const [w] = await workers(1);
      const offer = await createOffer(api, [w!.email]);
      expect((await accept(api, w!.token, offer)).json.giveBackUntil).toBe(CUT_OFF.toISOString());
      api.clock.now = instant;
      const res = await post(w!, offer, 'give-back', { reason: 'Empêché.' });
      expect(res.json.status ?? res.json.code).toBe(expected);
      expect((await missionsOf(offer)).map((m) => m.status)).toEqual([expected === 'givenBack' ? 'cancelled' : 'planned']);
      api.clock.now = START;
    }
  });

  it('cancels a contract being signed as the agency would, the signing kept; a repeat answers the same; a reason is required', async () => {
    const [w] = await workers(1);
    const offer = await createOffer(api, [w!.email]);
    expect((await accept(api, w!.token, offer)).status).toBe(200);
    await api.deps.db.query('UPDATE missions SET signing_requested = true WHERE offer_id = $1', [offer]);
    expect((await post(w!, offer, 'give-back', { reason: ' ' })).status).toBe(422);
    const key = { 'Idempotency-Key': 'give-back-key-0123456789' };
    const first = await post(w!, offer, 'give-back', { reason: 'Déménagement.' }, key);
    const again = await post(w!, offer, 'give-back', { reason: 'Déménagement.' }, key);
    expect([first.status, again.status, again.headers.get('Idempotent-Replayed')]).toEqual([200, 200, 'true']);
    expect([first.json.status, first.json.giveBackReason]).toEqual(['givenBack', 'Déménagement.']);
    expect(await api.deps.db.query('SELECT status, signing_requested FROM missions WHERE offer_id = $1', [offer])).toEqual([
      { status: 'cancelled', signing_requested: true },
    ]);
    // Without the key, a second give-back changes nothing either.
    expect((await post(w!, offer, 'give-back', { reason: 'Autre.' })).json.giveBackReason).toBe('Déménagement.');
    const agency = (await api.bo('GET', `/outbox?to=${enc('agence@demo.example')}`)).json as Array<{ subject: string; text: string }>;
    expect(agency.filter((m) => m.text.includes('Raison : Déménagement.') && m.text.includes('preuve de signature est conservée'))).toHaveLength(1);
  });
});

describe('a step sent again after a lost answer (the same Idempotency-Key)', () => {
  it('apply, withdraw the application, join and leave the waitlist: each answered again as it was, done once', async () => {
    const [w, holder] = await workers(2);
    const again = async (offer: string, action: string, status: string) => {
      const key = { 'Idempotency-Key': `${action}-key-${offer}`.padEnd(24, '0') };
      const first = await post(w!, offer, action, {}, key);
      const repeated = await post(w!, offer, action, {}, key);
      expect([action, first.status, first.json.status]).toEqual([action, 200, status]);
      expect([repeated.status, repeated.headers.get('Idempotent-Replayed'), repeated.json]).toEqual([200, 'true', first.json]);
    };
    const chosen = await createOffer(api, [w!.email], { staffing: 'selection' });
    await again(chosen, 'apply', 'applied');
    await again(chosen, 'withdraw-application', 'open');
    const full = await createOffer(api, [w!.email, holder!.email], { places: 1 });
    expect((await accept(api, holder!.token, full)).status).toBe(200);
    await again(full, 'waitlist', 'waitlisted');
    expect((await line(full)).length).toBe(1);
    await again(full, 'leave-waitlist', 'filled');
    expect(await line(full)).toEqual([]);
  });
});

describe('one answer per moment', () => {
  it('accepting withdraws the applications and waitlist places on overlapping offers, and says for which', async () => {
    const [w, holder] = await workers(2);
    const day = { date: '2027-03-01', start: '09:00', end: '17:00' };
    const taken = await createOffer(api, [w!.email], { reference: 'TAKEN', shifts: [day] });
    const applied = await createOffer(api, [w!.email], { staffing: 'selection', shifts: [{ ...day, start: '12:00', end: '20:00' }] });
    const full = await createOffer(api, [w!.email, holder!.email], { places: 1, shifts: [{ ...day, start: '16:00', end: '18:00' }] });
    const apart = await createOffer(api, [w!.email], { staffing: 'selection', shifts: [{ ...day, date: '2027-03-02' }] });
    expect((await accept(api, holder!.token, full)).status).toBe(200);
    expect((await post(w!, applied, 'apply')).status).toBe(200);
    expect((await post(w!, full, 'waitlist')).json.status).toBe('waitlisted');
    expect((await post(w!, apart, 'apply')).status).toBe(200);

    expect((await accept(api, w!.token, taken)).json.status).toBe('accepted');

    for (const offer of [applied, full]) expect((await readOffer(api, w!.token, offer)).json).toMatchObject({ status: 'setAside', setAsideFor: 'TAKEN' });
    expect((await readOffer(api, w!.token, apart)).json.status).toBe('applied');
    expect(await line(full)).toEqual([]);
    // A place freed on the full offer now goes to nobody (the line is empty), not to the worker set aside.
    expect((await post(holder!, full, 'give-back', { reason: 'Malade.' })).status).toBe(200);
    expect((await missionsOf(full)).filter((m) => m.status === 'planned')).toEqual([]);
  });

  it("being selected sets aside the worker's overlapping waitlist place", async () => {
    const [w, holder] = await workers(2);
    const day = { date: '2027-03-05', start: '09:00', end: '17:00' };
    const chosen = await createOffer(api, [w!.email], { staffing: 'selection', reference: 'CHOSEN', shifts: [day] });
    const full = await createOffer(api, [w!.email, holder!.email], { places: 1, shifts: [day] });
    expect((await accept(api, holder!.token, full)).status).toBe(200);
    expect((await post(w!, full, 'waitlist')).status).toBe(200);
    expect((await post(w!, chosen, 'apply')).status).toBe(200);
    expect((await api.bo('POST', `/offers/${chosen}/select`, { workers: [w!.email] })).status).toBe(200);
    expect((await readOffer(api, w!.token, full)).json).toMatchObject({ status: 'setAside', setAsideFor: 'CHOSEN' });
  });
});

describe("a student's quota", () => {
  it('shows what the offer adds and what is left; passing it needs an explicit confirmation; the agency sees it', async () => {
    const student = await approvedWorker(api, { statute: 'E' });
    const employee = await quickWorker(api);
    // 8 hours worked and recorded in January (7 h 30 paid with the break).
    const worked = await mission(api, student.email, { date: '2027-01-12', start: '09:00', end: '17:00' });
    expect(
      (await api.bo('POST', `/workers/${enc(student.email)}/missions/${worked.mission}/hours`, { start: '09:00', end: '17:00', breakMinutes: 30 })).status,
    ).toBe(201);
    const small = await createOffer(api, [student.email, employee.email], { shifts: [{ date: '2027-02-10', start: '09:00', end: '13:00' }] });
    const big = await createOffer(api, [student.email], {
      shifts: [
        { date: '2027-02-11', start: '09:00', end: '17:00' },
        { date: '2027-02-12', start: '09:00', end: '17:00' },
      ],
    });
    expect((await readOffer(api, student.token, small)).json.quota).toEqual({
      year: 2027,
      quotaHours: 20,
      paidMinutes: 450,
      addsMinutes: 240,
      leftAfterMinutes: 20 * 60 - 450 - 240,
      over: false,
    });
    expect((await readOffer(api, employee.token, small)).json.quota).toBeNull();
    const over = (await readOffer(api, student.token, big)).json.quota;
    expect([over.addsMinutes, over.leftAfterMinutes, over.over]).toEqual([960, 20 * 60 - 450 - 960, true]);

    const refused = await accept(api, student.token, big);
    expect([refused.status, refused.json.code]).toEqual([409, 'offer_over_quota']);
    expect(await missionsOf(big)).toEqual([]);
    expect((await post(student, big, 'accept', { confirmOverQuota: true })).json.status).toBe('accepted');
    const answers = (await backoffice(big)).answers;
    expect(answers[0].quota).toMatchObject({ over: true, leftAfterMinutes: 20 * 60 - 450 - 960 });
  });
});
