// One JSON line per request (server/request-log.ts): the route as registered, never the path with its parameters,
// no token, no password, no body, no feed secret, also when a request fails unexpectedly; a request id echoed in
// X-Request-Id; the probes at debug only. docs/decisions/182-request-log.md.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../server/log.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { PASSWORD, approvedWorker, register } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

type Line = Record<string, unknown>;
const lines: Line[] = [];
const text: string[] = [];
const log = createLogger('debug', {
  write(line: string) {
    text.push(line);
    lines.push(JSON.parse(line) as Line);
  },
});

let api: TestServer;
beforeAll(async () => {
  api = await startServer({ log });
});
afterAll(() => api.close());

const requestLines = () => lines.filter((l) => l.msg === 'request');

describe('the request log', () => {
  it('writes one line per request: time, method, route template, status, duration and the id echoed to the client', async () => {
    const w = await approvedWorker(api);
    lines.length = 0;
    const saved = await api.post('/api/user/me/availabilities/2030/3', { token: w.token, json: [{ day: 4, morning: true, afternoon: false, evening: false }] });
    const read = await api.get('/api/user/me/availabilities/2030/3', { token: w.token });
    const missing = await api.get('/api/nothing/here');
    expect(requestLines().map((l) => [l.method, l.route, l.status])).toEqual([
      ['POST', '/api/user/me/availabilities/:year/:month', 204],
      ['GET', '/api/user/me/availabilities/:year/:month', 200],
      ['GET', '/api/*', 404],
    ]);
    const [first] = requestLines();
    expect(first).toMatchObject({ level: 'info', id: saved.headers.get('x-request-id'), pid: process.pid });
    expect(Date.parse(first!.time as string)).toBeGreaterThan(Date.now() - 60_000);
    expect(first!.ms).toEqual(expect.any(Number));
    expect(new Set([saved, read, missing].map((r) => r.headers.get('x-request-id'))).size).toBe(3);
    expect(saved.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never holds the password, the token, the e-mail address, the body or the query', async () => {
    const email = await register(api);
    lines.length = 0;
    text.length = 0;
    const login = await api.post('/api/auth/login', { json: { username: email, password: PASSWORD } });
    const token = login.json.token as string;
    await api.get('/api/user/me/info', { token });
    await api.get(`/api/backoffice/outbox?to=${encodeURIComponent(email)}`, { headers: { Authorization: 'Bearer test-backoffice-token' } });
    await api.post('/api/auth/login', { json: { username: email, password: 'a secret guess' } });
    const all = text.join('');
    expect(requestLines()).toHaveLength(4);
    for (const secret of [PASSWORD, 'a secret guess', token, email, email.split('@')[0]!, 'test-backoffice-token', 'Bearer']) expect(all).not.toContain(secret);
  });

  it('never holds a calendar feed secret, in the request line nor in the line of an unexpected error', async () => {
    const w = await approvedWorker(api);
    const url = (await api.post('/api/user/me/calendar-feed', { token: w.token, json: {} })).json.url as string;
    const path = new URL(url).pathname;
    const secret = path.split('/').at(-1)!.replace('.ics', '');
    lines.length = 0;
    text.length = 0;
    expect((await api.get(path)).status).toBe(200);
    // The database fails under the feed's read: a 500, logged with its route and error, still without the secret.
    const query = api.deps.db.query.bind(api.deps.db);
    const spy = vi.spyOn(api.deps.db, 'query').mockImplementation(async (sql, params, options) => {
      if (/calendar_feeds/.test(sql)) throw new Error('the disk is on fire');
      return query(sql, params, options);
    });
    const failed = await api.app.request(path, {}, { incoming: { socket: { remoteAddress: '192.0.2.1' } } });
    spy.mockRestore();
    expect(failed.status).toBe(500);
    expect(requestLines().map((l) => [l.route, l.status])).toEqual([
      ['/api/calendar/:feed', 200],
      ['/api/calendar/:feed', 500],
    ]);
    const error = lines.find((l) => l.msg === 'unexpected error')!;
    expect(error).toMatchObject({ level: 'error', route: '/api/calendar/:feed', id: failed.headers.get('x-request-id') });
    expect((error.err as { message: string }).message).toBe('the disk is on fire');
    expect(text.join('')).not.toContain(secret);
  });

  it('keeps a proxy’s request id only behind a trusted proxy, and only a plain one', async () => {
    const direct = await api.get('/api/health/live', { headers: { 'X-Request-Id': 'lb-1234' } });
    expect(direct.headers.get('x-request-id')).not.toBe('lb-1234');
    const proxied = await startServer({ trustProxy: 1, log });
    try {
      expect((await proxied.get('/api/health/live', { headers: { 'X-Request-Id': 'lb-1234' } })).headers.get('x-request-id')).toBe('lb-1234');
      expect((await proxied.get('/api/health/live', { headers: { 'X-Request-Id': 'bad id\t"}' } })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.close();
    }
  });

  it('logs the load balancer’s probes at debug only', async () => {
    lines.length = 0;
    await api.get('/api/health/ready');
    await api.get('/api/health/live');
    expect(requestLines().map((l) => [l.route, l.level])).toEqual([
      ['/api/health/ready', 'debug'],
      ['/api/health/live', 'debug'],
    ]);
  });
});
