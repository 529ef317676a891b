// §12: the calendar feed, read by a real iCalendar parser (Mozilla's ical.js), and its secret address.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../server/log.ts';
import { sha256Hex } from '../../server/services/crypto.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { approvedWorker, isoDay, mission, newWorker, submitDetails } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

// A fixed day, so that the summer-time changes of 2027 (28 March, 31 October) are ahead.
const START = new Date('2027-01-15T10:00:00Z');
let api: TestServer;
/** Every line the server logged (the secret must never be in one). */
const logged: string[] = [];
beforeAll(async () => {
  api = await startServer({ start: START, log: createLogger('debug', { write: (line: string) => void logged.push(line) }) });
});
afterAll(() => api.close());

type Feed = { url: string; webcalUrl: string; createdAt: string };
const create = async (token: string): Promise<Feed> => {
  const res = await api.post('/api/user/me/calendar-feed', { token, json: {} });
  expect(res.status, res.text).toBe(201);
  return res.json as Feed;
};
/** The feed's path on the test server (its address is under PUBLIC_URL, http://portal.test). */
const pathOf = (feed: Feed) => new URL(feed.url).pathname;
const read = (feed: Feed, headers: Record<string, string> = {}) => api.get(pathOf(feed), { headers });

/** The calendar as ical.js reads it, with its own VTIMEZONE registered (so times convert by its DST rules). */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: vevent.getFirstPropertyValue('status') as string,
      tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      stamp: (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
      modified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString(),
    };
  });
  return { calendar, events, byReference: (ref: string) => events.filter((e) => e.summary.includes(ref)) };
}

/** The UTC instant of a Brussels wall-clock time, by the platform's own tz database (independent of the feed). */
function brussels(date: string, time: string): string {
  const guess = new Date(`${date}T${time}:00Z`);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Brussels',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
      .formatToParts(guess)
      .map((p) => [p.type, p.value]),
  );
  const shown = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!);
  return new Date(guess.getTime() - (shown - guess.getTime())).toISOString();
}

describe('the feed, parsed by ical.js', () => {
  it('holds every mission from 60 days back to every future one, in Europe/Brussels with the right summer-time rules', async () => {
    const w = await approvedWorker(api);
    const planned = [
      { date: isoDay(-61, START), start: '09:00', end: '17:00', reference: 'TOO-OLD' },
      { date: isoDay(-59, START), start: '09:00', end: '17:00', reference: 'RECENT' },
      { date: '2027-03-27', start: '09:00', end: '17:00', reference: 'WINTER' },
      { date: '2027-03-28', start: '09:00', end: '17:00', reference: 'SPRING-DAY' },
      { date: '2027-07-01', start: '22:00', end: '06:00', reference: 'SUMMER-NIGHT' },
      { date: '2027-10-31', start: '08:30', end: '12:00', reference: 'AUTUMN-DAY' },
      { date: '2029-12-01', start: '13:00', end: '21:00', reference: 'FAR-AHEAD' },
    ];
    for (const m of planned) await mission(api, w.email, m);
    const feed = await create(w.token);
    const res = await read(feed);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const { calendar, events } = parse(res.text);

    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('refresh-interval')!.toString()).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('x-published-ttl')).toBe('PT1H');
    expect(calendar.getFirstPropertyValue('method')).toBeNull();
    expect(calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Brussels']);

    expect(events.map((e) => e.summary)).toEqual(planned.slice(1).map((m) => `${m.reference} - Job 7`));
    for (const [i, m] of planned.slice(1).entries()) {
      const e = events[i]!;
      expect(e.tzid).toBe('Europe/Brussels');
      expect(e.start, m.reference).toBe(brussels(m.date, m.start));
      expect(e.status).toBe('CONFIRMED');
      expect(e.sequence).toBe(0);
      expect(e.uid).toMatch(/^mission-m[a-z0-9]{11}@portal\.test$/);
      expect(e.location).toBe('Expo, Place de Belgique 1, 1020 Bruxelles');
      expect(e.description).toBe('Tenue noire\n\nMission ' + m.reference + ' (Job 7)');
      expect(e.stamp).toBe(START.toISOString());
      expect(e.modified).toBe(START.toISOString());
    }
    // The offsets the feed's VTIMEZONE gives: +1 in winter, +2 from the last Sunday of March to the last of October.
    const at = (ref: string) => events.find((e) => e.summary.startsWith(ref))!;
    expect(at('WINTER').start).toBe('2027-03-27T08:00:00.000Z');
    expect(at('SPRING-DAY').start).toBe('2027-03-28T07:00:00.000Z');
    expect(at('SUMMER-NIGHT')).toMatchObject({ start: '2027-07-01T20:00:00.000Z', end: '2027-07-02T04:00:00.000Z' });
    expect(at('AUTUMN-DAY').start).toBe('2027-10-31T07:30:00.000Z');
  });

  it('keeps a changed mission under the same UID with a higher SEQUENCE, and a cancelled one as STATUS:CANCELLED', async () => {
    const w = await approvedWorker(api);
    const moved = await mission(api, w.email, { date: '2027-02-10', start: '09:00', end: '17:00', reference: 'MOVED' });
    const dropped = await mission(api, w.email, { date: '2027-02-11', reference: 'DROPPED' });
    const feed = await create(w.token);
    const before = parse((await read(feed)).text);
    const [movedBefore] = before.byReference('MOVED');

    api.clock.now = new Date(START.getTime() + 3_600_000);
    const change = await api.bo('POST', `/workers/${encodeURIComponent(w.email)}/missions/${moved.mission}/change`, { date: '2027-02-12', start: '10:00' });
    expect(change.json).toMatchObject({ sequence: 1, status: 'planned' });
    api.clock.now = new Date(START.getTime() + 7_200_000);
    expect((await api.bo('POST', `/workers/${encodeURIComponent(w.email)}/missions/${dropped.mission}/cancel`, {})).json).toMatchObject({
      sequence: 1,
      status: 'cancelled',
    });
    api.clock.now = START;

    const after = parse((await read(feed)).text);
    expect(after.events).toHaveLength(2);
    const [movedAfter] = after.byReference('MOVED');
    expect(movedAfter!.uid).toBe(movedBefore!.uid);
    expect(movedAfter!.sequence).toBeGreaterThan(movedBefore!.sequence);
    expect(movedAfter).toMatchObject({ sequence: 1, status: 'CONFIRMED', start: brussels('2027-02-12', '10:00'), end: brussels('2027-02-12', '17:00') });
    expect(movedAfter!.modified).toBe(new Date(START.getTime() + 3_600_000).toISOString());
    expect(movedAfter!.stamp).toBe(movedAfter!.modified);
    const [droppedAfter] = after.byReference('DROPPED');
    expect(droppedAfter).toMatchObject({ uid: before.byReference('DROPPED')[0]!.uid, sequence: 1, status: 'CANCELLED', summary: 'ANNULÉ – DROPPED - Job 7' });
  });

  it('folds long lines at 75 octets and escapes text, so that the parser reads back exactly what was planned', async () => {
    const w = await approvedWorker(api);
    const briefing = 'Tenue: noire; chaussures, cirées\\ badge.\nÉtage 2 — entrée « Congrès » ' + 'é'.repeat(120) + '\r\nFin\rlà';
    await mission(api, w.email, { date: '2027-02-01', reference: 'LONG;REF,1', shortLocation: 'Palais 12, Hall 5', briefing });
    const text = (await read(await create(w.token))).text;
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    expect(text).toContain('SUMMARY:LONG\\;REF\\,1 - Job 7');
    const [event] = parse(text).events;
    expect(event!.summary).toBe('LONG;REF,1 - Job 7');
    expect(event!.location).toBe('Palais 12, Hall 5, Place de Belgique 1, 1020 Bruxelles');
    expect(event!.description).toBe(`${briefing.replace(/\r\n|\r/g, '\n')}\n\nMission LONG;REF,1 (Job 7)`);
  });

  it('is in the worker’s language', async () => {
    const nl = await newWorker(api, { language: 'nl' });
    await submitDetails(api, nl);
    await api.bo('POST', `/workers/${encodeURIComponent(nl.email)}/approve-details`);
    const m = await mission(api, nl.email, { date: '2027-02-03', reference: 'NL-1', job: 'hostess' });
    await api.bo('POST', `/workers/${encodeURIComponent(nl.email)}/missions/${m.mission}/cancel`, {});
    const { calendar, events } = parse((await read(await create(nl.token))).text);
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Mijn planning');
    // The job by its name in the worker's language, as the portal shows it, never its code.
    expect(events[0]).toMatchObject({ summary: 'GEANNULEERD – NL-1 - Onthaalmedewerker', description: 'Tenue noire\n\nOpdracht NL-1 (Onthaalmedewerker)' });
  });
});

describe('the secret address', () => {
  it('answers 404 once revoked, once renewed, and when the account is gone', async () => {
    const w = await approvedWorker(api);
    await mission(api, w.email, { date: '2027-02-01', reference: 'A' });
    const first = await create(w.token);
    expect(first.url).toMatch(/^http:\/\/portal\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(first.webcalUrl).toBe(first.url.replace('http://', 'webcal://'));
    expect((await read(first)).status).toBe(200);

    const renewed = await api.post('/api/user/me/calendar-feed/renew', { token: w.token, json: {} });
    expect(renewed.status).toBe(201);
    const second = renewed.json as Feed;
    expect(second.url).not.toBe(first.url);
    const gone = await read(first);
    expect(gone.status).toBe(404);
    expect(gone.json.code).toBe('not_found');
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await read(second)).status).toBe(200);

    expect((await api.post('/api/user/me/calendar-feed/revoke', { token: w.token, json: {} })).status).toBe(204);
    expect((await read(second)).status).toBe(404);
    expect((await api.post('/api/user/me/calendar-feed/revoke', { token: w.token, json: {} })).status).toBe(204);
    expect((await api.get('/api/user/me/calendar-feed', { token: w.token })).json).toEqual({ active: false, createdAt: null, lastFetchedAt: null });

    const third = await create(w.token);
    expect((await read(third)).status).toBe(200);
    await api.deps.db.query('DELETE FROM workers WHERE email = $1', [w.email]);
    expect((await read(third)).status).toBe(404);
  });

  it('is stored only as its SHA-256, and each worker’s feed holds only their own missions', async () => {
    const [a, b] = [await approvedWorker(api), await approvedWorker(api)];
    await mission(api, a.email, { date: '2027-02-01', reference: 'ONLY-A' });
    await mission(api, b.email, { date: '2027-02-01', reference: 'ONLY-B' });
    const [feedA, feedB] = [await create(a.token), await create(b.token)];
    const secretA = pathOf(feedA).split('/').pop()!.replace('.ics', '');
    const rows = await api.deps.db.query<Record<string, unknown>>('SELECT * FROM calendar_feeds');
    expect(JSON.stringify(rows)).not.toContain(secretA);
    expect(rows.some((r) => r.secret_hash === sha256Hex(secretA))).toBe(true);
    expect(parse((await read(feedA)).text).events.map((e) => e.summary)).toEqual(['ONLY-A - Job 7']);
    expect(parse((await read(feedB)).text).events.map((e) => e.summary)).toEqual(['ONLY-B - Job 7']);
    // A secret one character off, or of the wrong shape, opens nothing.
    const off = pathOf(feedA).replace(/.\.ics$/, (end) => `${end[0] === 'A' ? 'B' : 'A'}.ics`);
    expect((await api.get(off)).status).toBe(404);
    expect((await api.get('/api/calendar/short.ics')).status).toBe(400);
    expect((await api.get(pathOf(feedA).replace('.ics', '.txt'))).status).toBe(400);
  });

  it('answers an ETag and 304 while nothing changed; a change gives a new ETag', async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: '2027-02-01', reference: 'E' });
    const feed = await create(w.token);
    const first = await read(feed);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    // Another read an hour later: the same bytes (nothing in the body depends on the time of the request).
    api.clock.now = new Date(START.getTime() + 3_600_000);
    expect((await read(feed)).text).toBe(first.text);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await read(feed, { 'If-None-Match': header });
      expect(again.status, header).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
    expect((await read(feed, { 'If-None-Match': '"other"' })).status).toBe(200);
    await api.bo('POST', `/workers/${encodeURIComponent(w.email)}/missions/${m.mission}/change`, { start: '11:00' });
    const changed = await read(feed, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    api.clock.now = START;
  });
});

describe('managing the feed', () => {
  it('says whether it is active, since when, and when a calendar app last read it', async () => {
    const w = await approvedWorker(api);
    expect((await api.get('/api/user/me/calendar-feed', { token: w.token })).json).toEqual({ active: false, createdAt: null, lastFetchedAt: null });
    const feed = await create(w.token);
    expect(feed.createdAt).toBe(START.toISOString());
    expect((await api.get('/api/user/me/calendar-feed', { token: w.token })).json).toEqual({
      active: true,
      createdAt: START.toISOString(),
      lastFetchedAt: null,
    });
    api.clock.now = new Date(START.getTime() + 5 * 60_000);
    await read(feed);
    api.clock.now = new Date(START.getTime() + 5 * 60_000 + 30_000);
    await read(feed, { 'If-None-Match': '*' });
    expect((await api.get('/api/user/me/calendar-feed', { token: w.token })).json.lastFetchedAt).toBe(new Date(START.getTime() + 5 * 60_000).toISOString());
    api.clock.now = START;
  });

  it('refuses a second feed (409) rather than cutting off the first; renew replaces it', async () => {
    const w = await approvedWorker(api);
    const feed = await create(w.token);
    const again = await api.post('/api/user/me/calendar-feed', { token: w.token, json: {} });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('calendar_feed_active');
    expect((await read(feed)).status).toBe(200);
    // Two creations at once: one feed, one refusal.
    const other = await approvedWorker(api);
    const both = await Promise.all([0, 1].map(() => api.post('/api/user/me/calendar-feed', { token: other.token, json: {} })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await api.deps.db.query('SELECT 1 FROM calendar_feeds f JOIN workers w ON w.id = f.worker_id WHERE w.email = $1', [other.email])).toHaveLength(1);
  });

  it('is for approved accounts, signed in', async () => {
    const fresh = await newWorker(api);
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['POST', '/renew'],
      ['POST', '/revoke'],
    ] as const) {
      const init = method === 'POST' ? { json: {} } : {};
      expect((await api.call(method, `/api/user/me/calendar-feed${path}`, { token: fresh.token, ...init })).status, path).toBe(403);
      expect((await api.call(method, `/api/user/me/calendar-feed${path}`, init)).status, path).toBe(401);
    }
    expect((await api.post('/api/user/me/calendar-feed', { token: (await approvedWorker(api)).token, json: { x: 1 } })).status).toBe(400);
  });
});

describe('the secret stays out of the logs', () => {
  it('even when the feed fails on the server, the log names the route without it', async () => {
    const w = await approvedWorker(api);
    const feed = await create(w.token);
    const secret = pathOf(feed).split('/').pop()!.replace('.ics', '');
    const db = api.deps.db;
    const query = db.query.bind(db);
    logged.length = 0;
    try {
      await read(feed);
      await read(feed, { 'If-None-Match': '*' });
      db.query = (async (sql: string, params?: readonly unknown[]) => {
        if (sql.includes('FROM missions')) throw new Error('database unavailable');
        return query(sql, params);
      }) as typeof db.query;
      await expect(read(feed)).rejects.toThrow(/answered 500/);
    } finally {
      db.query = query;
    }
    expect(logged.filter((line) => line.includes('"route":"/api/calendar/:feed"'))).toHaveLength(4); // 3 requests, 1 error
    expect(logged.join('\n')).toContain('"msg":"unexpected error"');
    expect(logged.join('\n')).not.toContain(secret);
  });
});
