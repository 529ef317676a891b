// A place is given once: twenty workers accept the last place of an offer at the same instant. On PGlite the
// transactions run one at a time; on PostgreSQL (npm run test:server:pg, or scripts/with-postgres.sh) ten pooled
// connections run them at once. Either way: exactly one mission more, nineteen "filled" answers, nothing else.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { accept, createOffer, enc, quickWorker } from './helpers/offers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer({ start: new Date('2027-01-15T10:00:00Z') });
});
afterAll(() => api.close());

describe('twenty accepts at the last place, at once', () => {
  it('give it to exactly one worker; the other nineteen get offer_filled and nothing is written for them', async () => {
    const first = await quickWorker(api);
    const racers = await Promise.all(Array.from({ length: 20 }, () => quickWorker(api)));
    const offer = await createOffer(api, [first.email, ...racers.map((r) => r.email)], { places: 2, reference: 'RACE-1' });
    expect((await accept(api, first.token, offer)).status).toBe(200);

    const answers = await Promise.all(racers.map((r) => accept(api, r.token, offer)));

    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.code)).toEqual(Array(19).fill('offer_filled'));
    const winner = racers[answers.findIndex((a) => a.status === 200)]!;
    const db = api.deps.db;
    expect(await db.query('SELECT places_taken, filled_at IS NOT NULL AS filled FROM offers WHERE id = $1', [offer])).toEqual([
      { places_taken: 2, filled: true },
    ]);
    const missions = await db.query<{ email: string }>(
      'SELECT w.email FROM missions m JOIN workers w ON w.id = m.worker_id WHERE m.offer_id = $1 ORDER BY w.email',
      [offer],
    );
    expect(missions.map((m) => m.email)).toEqual([first.email, winner.email].sort());
    const recipients = await db.query<{ answer: string | null; n: number }>(
      'SELECT answer, count(*)::int AS n FROM offer_recipients WHERE offer_id = $1 GROUP BY answer ORDER BY answer',
      [offer],
    );
    expect(recipients).toEqual([
      { answer: 'accepted', n: 2 },
      { answer: null, n: 19 },
    ]);
    // Nothing else: no mission, change or mail for the nineteen beyond the offer they were sent.
    for (const loser of racers.filter((r) => r !== winner)) {
      expect((await api.get('/api/user/me/upcoming-planning?complete=1', { token: loser.token })).json).toEqual([]);
      const subjects = ((await api.bo('GET', `/outbox?to=${enc(loser.email)}`)).json as Array<{ subject: string }>).map((m) => m.subject);
      expect(subjects).toEqual([expect.stringMatching(/^Nouvelle offre/), 'Validez votre adresse e-mail']);
    }
    expect(await db.query('SELECT count(*)::int AS n FROM mission_changes c JOIN missions m ON m.id = c.mission_id WHERE m.offer_id = $1', [offer])).toEqual([
      { n: 0 },
    ]);
  });

  it('one worker tapping accept on two overlapping offers at once gets one of them, and the overlap for the other', async () => {
    const w = await quickWorker(api);
    const [a, b] = [
      await createOffer(api, [w.email], { shifts: [{ date: '2027-03-01', start: '09:00', end: '17:00' }] }),
      await createOffer(api, [w.email], { shifts: [{ date: '2027-03-01', start: '16:00', end: '20:00' }] }),
    ];
    // Two taps on the first (a double tap) and one on the second.
    const taps = [a, b, a];
    const answers = await Promise.all(taps.map((offer) => accept(api, w.token, offer)));
    const won = new Set(taps.filter((_, i) => answers[i]!.status === 200));
    expect(won.size).toBe(1);
    expect(answers.filter((r) => r.status !== 200).map((r) => r.json.code)).toEqual(Array(won.has(a) ? 1 : 2).fill('offer_overlap'));
    expect(
      await api.deps.db.query("SELECT count(*)::int AS n FROM missions m JOIN workers w ON w.id = m.worker_id WHERE w.email = $1 AND m.status = 'planned'", [
        w.email,
      ]),
    ).toEqual([{ n: 1 }]);
  });
});
