// A multipart text field is held to the rule of JSON bodies (docs/decisions/080-generated-bad-input.md): bytes that
// are not UTF-8 are a 400 naming the field, and nothing is stored; a U+FFFD really sent is kept, as in JSON.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stepEntries } from '../fixtures/worker-data.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { approvedWorker, mission, newWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

/** The bytes of the report: a CESU-8 surrogate between two letters, and "café" in Latin-1. */
const NOT_UTF8 = { surrogate: Uint8Array.from([0x61, 0xed, 0xa0, 0x80, 0x62]), latin1: Uint8Array.from([0x63, 0x61, 0x66, 0xe9]) };

/** A multipart body written byte by byte (FormData would encode every text as UTF-8). */
function multipart(fields: Array<[name: string, value: string | Uint8Array]>) {
  const boundary = 'portal-test-boundary';
  const parts: Uint8Array[] = [];
  for (const [name, value] of fields) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), Buffer.from(value), Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(parts)), headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` } };
}

let api: TestServer;
beforeAll(async () => {
  api = await startServer({ start: new Date('2027-03-25T09:00:00Z') });
});
afterAll(() => api.close());

describe('a personal file step whose text is not UTF-8', () => {
  it.each(Object.entries(NOT_UTF8))('(%s) is a 400 naming the field, and the step is not saved', async (_, bytes) => {
    const w = await newWorker(api);
    const fields: Array<[string, string | Uint8Array]> = stepEntries(1, w.email).map(([k, v]) => [k, k === 'firstName' ? bytes : v]);
    const res = await api.post('/api/user/me/update-details/1', { token: w.token, ...multipart(fields) });
    expect([res.status, res.json.code, res.json.fields?.map((f: { path: string }) => f.path)]).toEqual([400, 'bad_request', ['firstName']]);
    expect(res.json.fields[0].message).toMatch(/UTF-8/);
    expect((await api.get('/api/user/me/details', { token: w.token })).json.mobile).toBeNull();
  });
});

describe('an absence report whose message is not UTF-8', () => {
  it('is a 400 naming the message, and nothing is reported; a U+FFFD sent as UTF-8 is kept', async () => {
    const w = await approvedWorker(api);
    const m = await mission(api, w.email, { date: '2027-04-02', start: '09:00', end: '17:00' });
    for (const bytes of Object.values(NOT_UTF8)) {
      const res = await api.post('/api/user/me/absences', {
        token: w.token,
        ...multipart([
          ['mission', m.mission],
          ['reason', 'sick'],
          ['message', bytes],
        ]),
      });
      expect([res.status, res.json.fields?.map((f: { path: string }) => f.path)]).toEqual([400, ['message']]);
    }
    expect((await api.get('/api/user/me/absences', { token: w.token })).json).toEqual([]);
    const kept = await api.post('/api/user/me/absences', {
      token: w.token,
      ...multipart([
        ['mission', m.mission],
        ['reason', 'sick'],
        ['message', 'fièvre \uFFFD 39°'],
      ]),
    });
    expect([kept.status, kept.json.message]).toEqual([201, 'fièvre \uFFFD 39°']);
  });
});
