// Offers: the agency proposes (back-office API and CLI), the worker takes a place or declines, the mission follows,
// every refusal has its own answer; every answer is checked against openapi.yaml by the harness.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { isPdf, pdfStrings } from '../support/pdf-text.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { answerByInstant } from '../../scripts/backoffice.ts';
import { runCli } from './helpers/backoffice-cli.ts';
import { accept, createOffer, decline, enc, listOffers, offerBody, quickWorker, readOffer } from './helpers/offers.ts';
import { mission, newWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

// Before the summer-time change of 2027 (28 March): 10:00 UTC is 11:00 in Brussels.
const START = new Date('2027-01-15T10:00:00Z');
let api: TestServer;
beforeAll(async () => {
  api = await startServer({ start: START });
});
afterAll(() => api.close());
afterEach(() => {
  api.clock.now = START;
});

const at = (iso: string) => (api.clock.now = new Date(iso));
const mails = async (email: string) => (await api.bo('GET', `/outbox?to=${enc(email)}`)).json as Array<{ subject: string; text: string; links: string[] }>;
const planning = async (token: string) => (await api.get('/api/user/me/upcoming-planning?complete=1', { token })).json as Array<Record<string, unknown>>;
const answers = async (offer: string) => (await api.bo('GET', `/offers/${offer}`)).json;

describe('the agency creates and sends an offer', () => {
  it('answers it with every answer pending, and mails each worker in their language with a link to it', async () => {
    const [fr, nl] = [await quickWorker(api), await quickWorker(api, 'nl')];
    const res = await api.bo(
      'POST',
      '/offers',
      offerBody(api, [fr.email, nl.email], {
        shifts: [
          { date: '2027-02-11', start: '22:00', end: '06:00' },
          { date: '2027-02-10', start: '09:00', end: '17:00' },
        ],
      }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ reference: 'EXPO-1', places: 2, placesTaken: 0, filledAt: null, withdrawnAt: null });
    // Kept in time order, whatever the order sent.
    expect(res.json.shifts).toEqual([
      { date: '2027-02-10', start: '09:00', end: '17:00' },
      { date: '2027-02-11', start: '22:00', end: '06:00' },
    ]);
    expect(res.json.answers.map((a: { email: string; answer: string }) => [a.email, a.answer])).toEqual([
      [fr.email, 'pending'],
      [nl.email, 'pending'],
    ]);
    const [french] = await mails(fr.email);
    expect(french!.subject).toBe('Nouvelle offre : Hôte / hôtesse d’accueil à Brussels Expo');
    expect(french!.text).toContain('une mission : Hôte / hôtesse d’accueil à Brussels Expo (Place de Belgique 1, 1020 Bruxelles).\n');
    expect(french!.text).toContain('- 10/02/2027, de 09:00 à 17:00\n- 11/02/2027, de 22:00 à 06:00 (le lendemain)');
    expect(french!.text).toMatch(/Salaire horaire brut : 15,50\s€/);
    expect(french!.text).toContain('Répondez avant le 16/01/2027 à 11:00.');
    expect(french!.links).toEqual([`http://portal.test/offers?offer=${res.json.offer}&lang=fr`]);
    const [dutch] = await mails(nl.email);
    // The link names the worker's language: a phone that never opened the portal shows the offer in it.
    expect(dutch!.links).toEqual([`http://portal.test/offers?offer=${res.json.offer}&lang=nl`]);
    expect(dutch!.subject).toBe('Nieuw aanbod: Onthaalmedewerker in Brussels Expo');
    expect(dutch!.text).toMatch(/Bruto uurloon: €\s15,50/);
  });

  it('says the place alone when the offer has no address (fr, nl)', async () => {
    const [fr, nl] = [await quickWorker(api), await quickWorker(api, 'nl')];
    await createOffer(api, [fr.email, nl.email], { location1: '', location2: '' });
    expect((await mails(fr.email))[0]!.text).toContain('une mission : Hôte / hôtesse d’accueil à Brussels Expo.\n');
    expect((await mails(nl.email))[0]!.text).toContain('een opdracht voor: Onthaalmedewerker in Brussels Expo.\n');
  });

  it('refuses workers who are unknown or not approved, and deadlines or shifts that cannot be (422, nothing stored)', async () => {
    const ok = await quickWorker(api);
    const fresh = await newWorker(api);
    const before = await api.deps.db.query('SELECT id FROM offers');
    const bad = await api.bo(
      'POST',
      '/offers',
      offerBody(api, [ok.email, 'nobody@test.example', fresh.email], {
        answerBy: '2027-02-10T09:00:00Z', // 10:00 in Brussels: after the first shift starts at 09:00
        shifts: [
          { date: '2027-02-10', start: '09:00', end: '17:00' },
          { date: '2027-02-10', start: '16:00', end: '18:00' },
          { date: '2027-02-12', start: '08:00', end: '08:00' },
        ],
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.json.fields.map((f: { path: string }) => f.path).sort()).toEqual(['answerBy', 'shifts.1', 'shifts.2.end', 'workers.1', 'workers.2']);
    expect(bad.json.fields.find((f: { path: string }) => f.path === 'workers.2').message).toBe(
      "Cet intérimaire n'est pas encore approuvé : il ne peut pas recevoir d'offre.",
    );
    const past = await api.bo('POST', '/offers', offerBody(api, [ok.email], { answerBy: START.toISOString() }));
    expect(past.json.fields).toEqual([{ path: 'answerBy', message: 'Le délai de réponse doit être dans le futur.' }]);
    expect((await api.bo('POST', '/offers', offerBody(api, [ok.email], { hourlyWageCents: 0 }))).status).toBe(422);
    expect((await api.bo('POST', '/offers', offerBody(api, [ok.email], { hourlyWageCents: 15.5 }))).status).toBe(400);
    expect((await api.bo('POST', '/offers', offerBody(api, [ok.email, ok.email]))).status).toBe(400);
    expect((await api.bo('POST', '/offers', offerBody(api, [ok.email], { places: '2' }))).status).toBe(400);
    expect(await api.deps.db.query('SELECT id FROM offers')).toEqual(before);
  });
});

describe('the worker reads their offers', () => {
  it('lists the open ones with what they decide on, shifts marked against availabilities and missions', async () => {
    const w = await quickWorker(api);
    // Available on 10 February in the morning only; a mission on 12 February from 08:00.
    expect(
      (
        await api.post('/api/user/me/availabilities/2027/2', {
          token: w.token,
          json: [
            { day: 10, morning: true, afternoon: false, evening: false },
            { day: 11, morning: false, afternoon: false, evening: true },
          ],
        })
      ).status,
    ).toBe(204);
    await mission(api, w.email, { date: '2027-02-12', start: '05:00', end: '12:00', reference: 'EARLY' });
    const id = await createOffer(api, [w.email], {
      shifts: [
        { date: '2027-02-10', start: '08:00', end: '12:00' },
        { date: '2027-02-10', start: '13:00', end: '15:00' },
        { date: '2027-02-11', start: '22:00', end: '06:00' },
      ],
    });
    const [offer] = await listOffers(api, w.token);
    expect(offer).toMatchObject({
      offer: id,
      jobTitle: 'Hôte / hôtesse d’accueil',
      hourlyWageCents: 1550,
      places: 2,
      placesLeft: 2,
      status: 'open',
      closedAt: null,
      missions: [],
      declineReason: null,
    });
    expect(offer!.shifts).toEqual([
      { date: '2027-02-10', start: '08:00', end: '12:00', endsNextDay: false, outsideAvailability: false, overlaps: null },
      { date: '2027-02-10', start: '13:00', end: '15:00', endsNextDay: false, outsideAvailability: true, overlaps: null },
      // The night shift is in the evening of the 11th (available), and ends after the mission of the 12th begins.
      {
        date: '2027-02-11',
        start: '22:00',
        end: '06:00',
        endsNextDay: true,
        outsideAvailability: false,
        overlaps: { mission: expect.any(String), reference: 'EARLY', date: '2027-02-12', start: '05:00', end: '12:00' },
      },
    ]);
    expect((await readOffer(api, w.token, id)).json).toEqual(offer);
    // A night shift's overlap cannot be accepted.
    expect((await accept(api, w.token, id)).json.code).toBe('offer_overlap');
    expect((await api.get('/api/user/me/offers', { token: w.token, headers: { 'Accept-Language': 'nl' } })).json[0].jobTitle).toBe('Onthaalmedewerker');
  });

  it('refuses a new account, an offer sent to someone else, an unknown id and a malformed one', async () => {
    const [a, b] = [await quickWorker(api), await quickWorker(api)];
    const id = await createOffer(api, [a.email]);
    const stranger = await readOffer(api, b.token, id);
    expect([stranger.status, stranger.json.code]).toEqual([403, 'offer_not_for_you']);
    expect((await accept(api, b.token, id)).json.code).toBe('offer_not_for_you');
    expect((await decline(api, b.token, id)).json.code).toBe('offer_not_for_you');
    expect((await listOffers(api, b.token)).map((o) => o.offer)).not.toContain(id);
    for (const call of [readOffer(api, a.token, 'onothere'), accept(api, a.token, 'onothere'), decline(api, a.token, 'onothere')])
      expect((await call).status).toBe(404);
    for (const call of [readOffer(api, a.token, 'o_bad!'), accept(api, a.token, 'o%2Fx')]) expect((await call).status).toBe(400);
    const fresh = await newWorker(api);
    for (const call of [api.get('/api/user/me/offers', { token: fresh.token }), readOffer(api, fresh.token, id), accept(api, fresh.token, id)]) {
      const res = await call;
      expect([res.status, res.json.code]).toEqual([403, 'account_not_approved']);
    }
  });
});

describe('taking a place', () => {
  it('makes the missions at once: planning, feed (with their UID), PDF, contract to sign before the first shift; twice is the same', async () => {
    const w = await quickWorker(api, 'fr', { signed: true });
    const id = await createOffer(api, [w.email], {
      reference: 'FOIRE-7',
      shifts: [
        { date: '2027-02-10', start: '09:00', end: '17:00' },
        { date: '2027-02-11', start: '22:00', end: '06:00' },
      ],
    });
    const res = await accept(api, w.token, id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ offer: id, status: 'accepted', placesLeft: 1, closedAt: START.toISOString() });
    expect(res.json.missions).toHaveLength(2);
    const again = await accept(api, w.token, id);
    expect(again.json).toEqual(res.json);
    const rows = await api.deps.db.query<{ id: string; hourly_wage_cents: number }>(
      'SELECT id, hourly_wage_cents FROM missions WHERE offer_id = $1 ORDER BY offer_shift',
      [id],
    );
    expect(rows).toEqual(res.json.missions.map((mission: string) => ({ id: mission, hourly_wage_cents: 1550 })));

    expect((await planning(w.token)).filter((p) => p.reference === 'FOIRE-7').map((p) => [p.mission, p.date, p.start, p.end, p.status])).toEqual([
      [res.json.missions[0], '2027-02-10', '09:00', '17:00', 'planned'],
      [res.json.missions[1], '2027-02-11', '22:00', '06:00', 'planned'],
    ]);
    const feed = (await api.post('/api/user/me/calendar-feed', { token: w.token, json: {} })).json as { url: string };
    const ics = (await api.get(new URL(feed.url).pathname)).text;
    for (const mission of res.json.missions) expect(ics).toContain(`UID:mission-${mission}@portal.test`);
    const pdf = await api.get('/api/user/download-planning', { token: w.token });
    expect(isPdf(pdf.bytes)).toBe(true);
    expect(pdfStrings(pdf.bytes).join(' ')).toContain('FOIRE-7');
    // Employees and students sign before the work starts: listed now, and it can be signed now.
    const toSign = (await api.get('/api/user/me/documents/documents-to-sign', { token: w.token })).json as Array<{ mission: string }>;
    expect(toSign.map((i) => i.mission)).toEqual(expect.arrayContaining(res.json.missions));
    const signed = await api.post('/api/user/me/documents/mark-for-signing', { token: w.token, json: [{ mission: res.json.missions[0], comment: '' }] });
    expect(signed.status, signed.text).toBe(200);
    // A mission planned directly, in the future, is still signed once done (spec §2).
    const planned = await mission(api, w.email, { date: '2027-03-01', reference: 'LATER' });
    expect((await api.post('/api/user/me/documents/mark-for-signing', { token: w.token, json: [{ mission: planned.mission, comment: '' }] })).status).toBe(404);

    expect((await decline(api, w.token, id)).json.code).toBe('offer_answered');
    expect((await answers(id)).answers[0]).toMatchObject({
      answer: 'accepted',
      answeredAt: START.toISOString(),
      missions: [
        { status: 'planned', signingRequested: true },
        { status: 'planned', signingRequested: false },
      ],
    });
  });

  it('refuses after the deadline: before and at it differ by a millisecond', async () => {
    const [a, b] = [await quickWorker(api), await quickWorker(api)];
    const id = await createOffer(api, [a.email, b.email], { answerBy: '2027-01-15T12:00:00.000Z' });
    at('2027-01-15T11:59:59.999Z');
    expect((await accept(api, a.token, id)).status).toBe(200);
    at('2027-01-15T12:00:00.000Z');
    const late = await accept(api, b.token, id);
    expect([late.status, late.json.code, late.json.message]).toEqual([409, 'offer_expired', 'Le délai pour répondre à cette offre est dépassé.']);
    expect((await decline(api, b.token, id)).json.code).toBe('offer_expired');
    expect((await readOffer(api, b.token, id)).json).toMatchObject({ status: 'expired', closedAt: '2027-01-15T12:00:00.000Z' });
    at('2027-01-15T12:00:00.001Z');
    expect((await accept(api, b.token, id)).json.code).toBe('offer_expired');
    // The one who accepted in time keeps it.
    expect((await accept(api, a.token, id)).json.status).toBe('accepted');
  });

  it('refuses a withdrawn offer, a filled one, and a declined one; each with its own code', async () => {
    const [a, b, c] = [await quickWorker(api), await quickWorker(api), await quickWorker(api)];
    const one = await createOffer(api, [a.email, b.email, c.email], { places: 1 });
    expect((await decline(api, c.token, one, '  Pas disponible ce jour-là.  ')).json).toMatchObject({
      status: 'declined',
      declineReason: 'Pas disponible ce jour-là.',
    });
    expect((await decline(api, c.token, one, 'autre raison')).json.declineReason).toBe('Pas disponible ce jour-là.');
    expect((await accept(api, c.token, one)).json.code).toBe('offer_answered');
    expect((await accept(api, a.token, one)).status).toBe(200);
    const filled = await accept(api, b.token, one);
    expect([filled.status, filled.json.code, filled.json.message]).toEqual([
      409,
      'offer_filled',
      "Cette offre vient d'être complète : toutes les places ont été prises.",
    ]);
    expect((await readOffer(api, b.token, one)).json).toMatchObject({ status: 'filled', placesLeft: 0 });
    expect((await decline(api, b.token, one)).json.code).toBe('offer_filled');
    const gone = await createOffer(api, [a.email, b.email], { shifts: [{ date: '2027-02-20', start: '09:00', end: '12:00' }] });
    expect((await api.bo('POST', `/offers/${gone}/withdraw`, {})).status).toBe(200);
    const withdrawn = await api.post(`/api/user/me/offers/${gone}/accept`, { token: b.token, json: {}, headers: { 'Accept-Language': 'nl' } });
    expect([withdrawn.status, withdrawn.json.code, withdrawn.json.message]).toEqual([
      409,
      'offer_withdrawn',
      'Het uitzendkantoor heeft dit aanbod ingetrokken.',
    ]);
    expect((await decline(api, b.token, gone)).json.code).toBe('offer_withdrawn');
    expect((await decline(api, b.token, one, 'x'.repeat(501))).status).toBe(422);
    expect((await api.post(`/api/user/me/offers/${one}/decline`, { token: b.token, json: { reason: 3 } })).status).toBe(400);
    expect((await answers(one)).answers.map((x: { answer: string; reason: string | null }) => [x.answer, x.reason])).toEqual([
      ['accepted', null],
      ['pending', null],
      ['declined', 'Pas disponible ce jour-là.'],
    ]);
  });

  it('keeps closed offers listed, marked, for 7 days after they closed', async () => {
    const w = await quickWorker(api);
    const open = await createOffer(api, [w.email], { answerBy: '2027-01-16T10:00:00Z' });
    const soon = await createOffer(api, [w.email], { answerBy: '2027-01-15T12:00:00Z' });
    const withdrawn = await createOffer(api, [w.email]);
    at('2027-01-15T11:00:00Z');
    await api.bo('POST', `/offers/${withdrawn}/withdraw`, {});
    at('2027-01-15T13:00:00Z');
    // Open first, then the most recently closed.
    expect((await listOffers(api, w.token)).map((o) => [o.offer, o.status])).toEqual([
      [open, 'open'],
      [soon, 'expired'],
      [withdrawn, 'withdrawn'],
    ]);
    // The withdrawal (11:00) is 7 days old, the deadline (12:00) not yet.
    at('2027-01-22T11:30:00Z');
    expect((await listOffers(api, w.token)).map((o) => o.offer)).toEqual([open, soon]);
    // Gone from the list, still readable by its link (a mail, a bookmark).
    expect((await readOffer(api, w.token, withdrawn)).json.status).toBe('withdrawn');
    at('2027-01-23T10:00:01Z');
    expect(await listOffers(api, w.token)).toEqual([]);
  });
});

describe('the agency withdraws an offer', () => {
  it('cancels the missions taken from it through the mission-change path (mail, marking), once', async () => {
    const [a, b] = [await quickWorker(api, 'fr', { signed: true }), await quickWorker(api, 'nl')];
    const id = await createOffer(api, [a.email, b.email], {
      reference: 'GALA-9',
      shifts: [
        { date: '2027-02-10', start: '18:00', end: '23:00' },
        { date: '2027-02-11', start: '18:00', end: '23:00' },
      ],
    });
    const taken = (await accept(api, a.token, id)).json.missions as string[];
    await accept(api, b.token, id);
    // A contract the worker asked to sign stays: the agency settles it (the answer shows it).
    await api.post('/api/user/me/documents/mark-for-signing', { token: a.token, json: [{ mission: taken[1], comment: '' }] });
    const res = await api.bo('POST', `/offers/${id}/withdraw`, {});
    expect(res.json.withdrawnAt).toBe(START.toISOString());
    expect(res.json.answers[0].missions.map((m: { status: string; signingRequested: boolean }) => [m.status, m.signingRequested])).toEqual([
      ['cancelled', false],
      ['planned', true],
    ]);
    expect(res.json.answers[1].missions.map((m: { status: string }) => m.status)).toEqual(['cancelled', 'cancelled']);
    expect((await planning(a.token)).find((p) => p.mission === taken[0])).toMatchObject({ status: 'cancelled', lastChange: { kind: 'cancelled' } });
    expect((await mails(a.email)).map((m) => m.subject).filter((s) => s.includes('GALA-9'))).toEqual(['Mission GALA-9 annulée']);
    expect((await mails(b.email)).map((m) => m.subject).filter((s) => s.includes('GALA-9'))).toEqual([
      'Opdracht GALA-9 geannuleerd',
      'Opdracht GALA-9 geannuleerd',
    ]);
    expect((await readOffer(api, a.token, id)).json).toMatchObject({ status: 'withdrawn', missions: taken });
    const again = await api.bo('POST', `/offers/${id}/withdraw`, {});
    expect(again.json).toEqual(res.json);
    expect((await mails(b.email)).filter((m) => m.subject.includes('GALA-9'))).toHaveLength(2);
    expect((await api.bo('POST', '/offers/onothere/withdraw', {})).status).toBe(404);
  });

  it('sends an open offer to more workers (mailing only the new ones), never a closed one', async () => {
    const [a, b] = [await quickWorker(api), await quickWorker(api)];
    const id = await createOffer(api, [a.email], { places: 1 });
    const sent = await api.bo('POST', `/offers/${id}/send`, { workers: [a.email, b.email] });
    expect(sent.json.answers.map((x: { email: string }) => x.email)).toEqual([a.email, b.email]);
    expect((await mails(a.email)).filter((m) => m.subject.startsWith('Nouvelle offre'))).toHaveLength(1);
    expect((await mails(b.email)).filter((m) => m.subject.startsWith('Nouvelle offre'))).toHaveLength(1);
    await accept(api, b.token, id);
    const c = await quickWorker(api);
    expect((await api.bo('POST', `/offers/${id}/send`, { workers: [c.email] })).json.code).toBe('offer_filled');
    expect((await api.bo('POST', `/offers/${id}/send`, { workers: ['nobody@test.example'] })).status).toBe(422);
  });
});

describe('npm run backoffice', () => {
  const cli = (argv: string[]) => runCli(api, argv);

  it('creates and sends, sends to more, lists the answers and withdraws', async () => {
    const [a, b] = [await quickWorker(api), await quickWorker(api)];
    const created = await cli([
      'offer',
      '--reference',
      'CLI-OFFER',
      '--job',
      'waiter',
      '--short-location',
      'Flagey',
      '--wage',
      '16,25',
      '--places',
      '2',
      '--answer-by',
      // Brussels time, without a zone: 11:00 in winter is 10:00 UTC.
      '2027-01-16T11:00',
      '--shift',
      '2027-02-10,18:00,23:00',
      '--shift',
      '2027-02-11,22:00,04:00',
      '--worker',
      a.email,
    ]);
    expect(created.code, created.out).toBe(0);
    const offer = JSON.parse(created.out);
    expect(offer).toMatchObject({
      reference: 'CLI-OFFER',
      answerBy: '2027-01-16T10:00:00.000Z',
      hourlyWageCents: 1625,
      shifts: [{ date: '2027-02-10' }, { date: '2027-02-11', end: '04:00' }],
    });
    expect((await cli(['send-offer', offer.offer, '--worker', b.email])).code).toBe(0);
    await decline(api, b.token, offer.offer, 'Examens');
    const listed = JSON.parse((await cli(['offer-answers', offer.offer])).out);
    expect(listed.answers.map((x: { answer: string; reason: string | null }) => [x.answer, x.reason])).toEqual([
      ['pending', null],
      ['declined', 'Examens'],
    ]);
    expect(JSON.parse((await cli(['withdraw-offer', offer.offer])).out).withdrawnAt).not.toBeNull();
    expect(await cli(['withdraw-offer'])).toEqual({ code: 2, out: 'Which offer? Give its id (as `offer` answered it).' });
    // In summer Brussels is UTC+2; an instant with its zone is taken as it is.
    expect(answerByInstant('2027-04-01 09:30')).toBe('2027-04-01T07:30:00.000Z');
    expect(answerByInstant('2027-04-01T09:30:00+01:00')).toBe('2027-04-01T09:30:00+01:00');
    const refused = await cli(['offer', '--reference', 'X']);
    expect([refused.code, refused.out.split('\n')[0]]).toEqual([1, 'HTTP 400']);
  });
});
