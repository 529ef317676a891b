// Every list a request body can carry (found in openapi.yaml, not listed by hand) refuses the same item twice:
// 400 bad_request with the error body, and nothing stored. A list added to the contract later fails the first test
// until it has its case here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { startServer, type Answer, type TestServer } from './helpers/harness.ts';
import { approvedWorker, generalInformation, isoDay, languages, mission, newWorker, submitDetails } from './helpers/workers.ts';
import { flattenBrackets } from '#domain/bracket-keys.ts';
import { offerBody as anOffer } from './helpers/offers.ts';

/** An offer body named TWICE, to look for afterwards. */
const offerBody = (server: TestServer, workers: string[], overrides: Record<string, unknown> = {}) =>
  anOffer(server, workers, { reference: 'TWICE', ...overrides });

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

type Schema = Record<string, unknown>;
const doc = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
};
const deref = (s: Schema): Schema => (typeof s.$ref === 'string' ? deref(doc.components.schemas[s.$ref.split('/').pop()!]!) : s);

/** `operationId property-path` of every array in a request body schema (through $ref, oneOf/anyOf/allOf, properties, items). */
function listsOf(schema: Schema, path: string, out: Set<string>) {
  const s = deref(schema);
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) for (const part of (s[key] as Schema[] | undefined) ?? []) listsOf(part, path, out);
  const types = ([] as unknown[]).concat(s.type ?? []);
  if (types.includes('array')) {
    out.add(path || '(body)');
    if (s.items) listsOf(s.items as Schema, `${path}[]`, out);
  }
  for (const [name, property] of Object.entries((s.properties as Record<string, Schema> | undefined) ?? {}))
    listsOf(property, path ? `${path}.${name}` : name, out);
}

const requestLists = new Set<string>();
for (const item of Object.values(doc.paths))
  for (const op of Object.values(item)) {
    const content = (op.requestBody as { content?: Record<string, { schema: Schema }> } | undefined)?.content;
    for (const media of Object.values(content ?? {})) {
      const found = new Set<string>();
      listsOf(media.schema, '', found);
      for (const path of found) requestLists.add(`${op.operationId as string} ${path}`);
    }
  }

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

const refusedAsMalformed = (res: Answer) => {
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe('bad_request');
  expect(res.json.message).toEqual(expect.any(String));
};

/** For each list: a body naming one item twice, and what must then be unchanged. */
const CASES: Record<string, () => Promise<void>> = {
  'saveAvailabilities (body)': async () => {
    const w = await approvedWorker(api);
    const days = async () =>
      (await api.get('/api/user/me/availabilities/2026/3', { token: w.token })).json.weeks.flatMap((week: { days: unknown[] }) => week.days);
    const before = await days();
    const twice = [
      { day: 4, morning: true, afternoon: false, evening: false },
      { day: 5, morning: true, afternoon: true, evening: true },
      { day: 4, morning: false, afternoon: false, evening: true },
    ];
    refusedAsMalformed(await api.post('/api/user/me/availabilities/2026/3', { token: w.token, json: twice }));
    // Malformed comes before a value the month refuses (day 31 of a 30-day month would be 422).
    refusedAsMalformed(await api.post('/api/user/me/availabilities/2026/4', { token: w.token, json: [twice[0], { ...twice[0], day: 31 }, twice[2]] }));
    expect(await days()).toEqual(before);
    expect((await api.post('/api/user/me/availabilities/2026/3', { token: w.token, json: twice.slice(0, 2) })).status).toBe(204);
  },
  'backofficeCreateOffer shifts': async () => {
    const w = await approvedWorker(api);
    const shift = { date: '2027-02-10', start: '09:00', end: '17:00' };
    refusedAsMalformed(await api.bo('POST', '/offers', offerBody(api, [w.email], { shifts: [shift, { ...shift, end: '12:00' }, shift] })));
    expect(await api.deps.db.query('SELECT id FROM offers WHERE reference = $1', ['TWICE'])).toEqual([]);
  },
  'backofficeCreateOffer workers': async () => {
    const w = await approvedWorker(api);
    refusedAsMalformed(await api.bo('POST', '/offers', offerBody(api, [w.email, w.email.toString()])));
    expect(await api.deps.db.query('SELECT id FROM offers WHERE reference = $1', ['TWICE'])).toEqual([]);
  },
  'backofficeSelectWorkers workers': async () => {
    const a = await approvedWorker(api);
    const created = await api.bo('POST', '/offers', { ...offerBody(api, [a.email]), staffing: 'selection' });
    expect((await api.post(`/api/user/me/offers/${created.json.offer}/apply`, { token: a.token, json: {} })).status).toBe(200);
    refusedAsMalformed(await api.bo('POST', `/offers/${created.json.offer}/select`, { workers: [a.email, a.email] }));
    expect((await api.bo('GET', `/offers/${created.json.offer}`)).json.answers.map((x: { answer: string }) => x.answer)).toEqual(['applied']);
  },
  'backofficeSendOffer workers': async () => {
    const [a, b] = [await approvedWorker(api), await approvedWorker(api)];
    const created = await api.bo('POST', '/offers', offerBody(api, [a.email]));
    refusedAsMalformed(await api.bo('POST', `/offers/${created.json.offer}/send`, { workers: [b.email, b.email] }));
    expect((await api.bo('GET', `/offers/${created.json.offer}`)).json.answers.map((x: { email: string }) => x.email)).toEqual([a.email]);
  },
  'markForSigning (body)': async () => {
    const w = await approvedWorker(api, { signature: 'validated' });
    const m = await mission(api, w.email, { date: isoDay(-2, api.clock.now) });
    refusedAsMalformed(
      await api.post('/api/user/me/documents/mark-for-signing', {
        token: w.token,
        json: [
          { mission: m.mission, comment: 'a' },
          { mission: m.mission, comment: 'b' },
        ],
      }),
    );
    expect((await api.get('/api/user/me/documents/documents-to-sign', { token: w.token })).json.map((i: { mission: string }) => i.mission)).toEqual([
      m.mission,
    ]);
  },
  'confirmHours days': async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: isoDay(-1, api.clock.now) });
    expect(
      (await api.bo('POST', `/workers/${encodeURIComponent(w.email)}/missions/${m.mission}/hours`, { start: '08:00', end: '16:00', breakMinutes: 30 })).status,
    ).toBe(201);
    const day = { mission: m.mission, version: 1 };
    refusedAsMalformed(await api.post('/api/user/me/hours/confirm', { token: w.token, json: { days: [day, day] } }));
    expect((await api.get('/api/user/me/hours', { token: w.token })).json.map((d: { status: string }) => d.status)).toEqual(['toConfirm']);
  },
  'markNotificationsRead ids': async () => {
    const w = await approvedWorker(api);
    const [approved] = (await api.get('/api/user/me/notifications', { token: w.token })).json.items;
    refusedAsMalformed(await api.post('/api/user/me/notifications/read', { token: w.token, json: { ids: [approved.id, approved.id] } }));
    expect((await api.get('/api/user/me/notifications/unread', { token: w.token })).json).toEqual({ unread: 1 });
  },
  'updateDetailsStep generalInformation[suitColours][]': async () => {
    const w = await newWorker(api);
    const form = new FormData();
    for (const [key, value] of flattenBrackets({
      generalInformation: { ...generalInformation(), suitColours: ['black', 'navy', 'black'] },
      languages: languages(),
    }))
      form.append(key, value);
    refusedAsMalformed(await api.post('/api/user/me/update-details/3', { token: w.token, form }));
    expect((await api.get('/api/user/me/details', { token: w.token })).json.generalInformation.suitColours).toEqual([]);
    // The same step with each colour once is saved.
    await submitDetails(api, w);
    expect((await api.get('/api/user/me/details', { token: w.token })).json.generalInformation.suitColours).toEqual(generalInformation().suitColours);
  },
};

describe('list bodies', () => {
  it('every list a request body can carry has its duplicate case here', () => {
    expect([...requestLists].sort()).toEqual(Object.keys(CASES).sort());
  });

  it.each(Object.keys(CASES))('%s: the same item twice is 400 bad_request, nothing stored', async (name) => {
    await CASES[name]!();
  });
});
