// The last inputs that got a 500 or were stored when they should be refused (docs/decisions/184-last-bad-inputs.md):
// days outside 1900-01-01..2199-12-31 wherever a day enters, images that declare too many pixels or are not whole,
// X-Forwarded-For entries a client wrote, and a 413 that must end its connection. On PGlite and, in the PostgreSQL
// suite, on PostgreSQL.
import { connect, type Socket } from 'node:net';
import { createDeflate } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { serve, type Listening } from '../../server/serve.ts';
import { createLogger } from '../../server/log.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { JPEG, PNG, SIGNATURE, approvedWorker, fileForm, form, legalInformation, mission, newWorker, register } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

const enc = encodeURIComponent;

describe('days outside 1900-01-01..2199-12-31', () => {
  it('are refused in the attest and C4 periods (400), at both ends and for year 0000', async () => {
    const w = await approvedWorker(api);
    for (const path of ['worked-days-attest-download', 'contract-terminations-download'])
      for (const [start, end] of [
        ['0000-01-01', '2025-01-31'],
        ['1899-12-31', '2025-01-31'],
        ['2025-01-01', '2200-01-01'],
        ['2025-01-01', '9999-12-31'],
      ]) {
        const res = await api.get(`/api/user/me/documents/${path}?start=${start}&end=${end}`, { token: w.token });
        expect(res.status, `${path} ${start}..${end}`).toBe(400);
        expect(res.json.code).toBe('bad_request');
      }
    // The bounds themselves are days like any other.
    expect((await api.get('/api/user/me/documents/worked-days-attest-download?start=1900-01-01&end=2199-12-31', { token: w.token })).status).toBe(200);
  });

  it('are refused for a mission the agency creates or moves (422 on date), and nothing is stored', async () => {
    const w = await approvedWorker(api);
    for (const date of ['0000-01-01', '1899-12-31', '2200-01-01']) {
      const res = await api.bo('POST', `/workers/${enc(w.email)}/missions`, { date, start: '09:00', end: '17:00', reference: 'REF-0', job: 'j' });
      expect(res.status, date).toBe(422);
      expect(res.json.fields).toEqual([{ path: 'date', message: expect.any(String) }]);
    }
    expect((await api.get('/api/user/me/upcoming-planning?complete=1', { token: w.token })).json).toEqual([]);
    const made = await mission(api, w.email);
    const moved = await api.bo('POST', `/workers/${enc(w.email)}/missions/${made.mission}/change`, { date: '0000-01-01' });
    expect(moved.status).toBe(422);
    expect(moved.json.fields[0].path).toBe('date');
    expect((await api.get('/api/user/me/upcoming-planning?complete=1', { token: w.token })).json.map((p: { date: string }) => p.date)).toEqual([made.date]);
  });

  it('are refused in the personal file: birth date, ID expiry, marriage and spouse dates (422)', async () => {
    const w = await newWorker(api);
    const step = (overrides: Record<string, string>) =>
      api.post('/api/user/me/update-details/2', { token: w.token, form: form({ legalInformation: legalInformation('1', overrides) }) });
    for (const [field, value] of [
      ['birthDate', '0000-01-01'],
      ['idExpiration', '2200-01-01'],
    ] as const) {
      const res = await step({ [field]: value });
      expect(res.status, field).toBe(422);
      expect(res.json.fields.map((f: { path: string }) => f.path)).toContain(`legalInformation[${field}]`);
    }
    const married = await step({ civilStatus: '2', spouseName: 'Jan', spouseOccupation: '1', marriageDate: '0000-01-01', spouseBirthDate: '9999-12-31' });
    expect(married.status).toBe(422);
    expect(married.json.fields.map((f: { path: string }) => f.path)).toEqual(
      expect.arrayContaining(['legalInformation[marriageDate]', 'legalInformation[spouseBirthDate]']),
    );
    expect((await api.get('/api/user/me/details', { token: w.token })).json.legalInformation.birthDate).toBeNull();
  });
});

/** A PNG of any declared size: a real header, `idat` as its image data, and an end. */
function pngOf(width: number, height: number, idat: Uint8Array): Uint8Array {
  const real = Buffer.from(PNG);
  const ihdr = Buffer.from(real.subarray(8, 33)); // length, type, 13 bytes, CRC: the CRC is not what the server reads
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  return new Uint8Array(Buffer.concat([real.subarray(0, 8), ihdr, chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))]));
}

/** The decompression bomb of the report: 20000×20000 greyscale pixels, every one 0, deflated to a few hundred KB. */
async function bomb(): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  const row = Buffer.alloc(20_001); // a filter byte and the row's pixels
  for (let y = 0; y < 20_000; y++) if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  deflate.end();
  await done;
  return pngOf(20_000, 20_000, Buffer.concat(parts));
}

/** A JPEG whose frame header declares this size (the real 16×12 one, its SOF0 rewritten). */
function jpegOf(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = Buffer.from(JPEG);
  const sof = bytes.indexOf(Buffer.from([0xff, 0xc0]));
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return Uint8Array.from(bytes);
}

describe('images', () => {
  it('that declare more than 100 Mpx or a longer edge than allowed are refused 413 before anything is stored', async () => {
    const w = await newWorker(api);
    const huge = await bomb();
    expect(huge.length).toBeLessThan(1_000_000);
    for (const [name, bytes, type] of [
      ['20000x20000 bomb', huge, 'image/png'],
      ['100000x100000', pngOf(100_000, 100_000, new Uint8Array([0x78, 0x9c, 0x03, 0x00, 0, 0, 0, 1])), 'image/png'],
      ['100000x1000 (100 Mpx, edge too long)', pngOf(100_000, 1_000, new Uint8Array(8)), 'image/png'],
      ['60000x60000 JPEG', jpegOf(60_000, 60_000), 'image/jpeg'],
    ] as const) {
      const res = await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(new Uint8Array(bytes), 'x', type) });
      expect(res.status, name).toBe(413);
      expect(res.json.code).toBe('image_too_large');
    }
    // 16384 on the long edge is allowed (the default IMAGE_MAX_EDGE), one more is not.
    expect(api.config.imageMaxEdge).toBeUndefined();
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(jpegOf(16_385, 10), 'x', 'image/jpeg') })).status).toBe(413);
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(jpegOf(16_384, 10), 'x', 'image/jpeg') })).status).toBe(204);
    const signature = await api.post('/api/user/me/update-signature', {
      token: w.token,
      json: { value: `data:image/png;base64,${Buffer.from(huge).toString('base64')}` },
    });
    expect(signature.status).toBe(403); // a new account draws no signature; the approved one below does
    const approved = await approvedWorker(api);
    const bombed = await api.post('/api/user/me/update-signature', {
      token: approved.token,
      json: { value: `data:image/png;base64,${Buffer.from(huge).toString('base64')}` },
    });
    expect(bombed.status).toBe(422);
    expect(bombed.json.fields[0].path).toBe('value');
    expect((await api.get('/api/user/me/signature', { token: approved.token })).json.value).toBeNull();
  });

  it('that are cut short or only a header are refused 415 image_damaged, and nothing is stored', async () => {
    const w = await newWorker(api);
    const cases: Array<[string, Uint8Array, string]> = [
      ['a 3-byte "JPEG"', Uint8Array.from([0xff, 0xd8, 0xff]), 'image/jpeg'],
      ['a JPEG cut in its scan', JPEG.subarray(0, JPEG.length - 40), 'image/jpeg'],
      ['a JPEG header without a frame', JPEG.subarray(0, 20), 'image/jpeg'],
      ['a PNG signature and header only', PNG.subarray(0, 33), 'image/png'],
      ['a PNG without its end', PNG.subarray(0, PNG.length - 12), 'image/png'],
      ['a PNG of 0×0 pixels', pngOf(0, 0, new Uint8Array(8)), 'image/png'],
    ];
    for (const [name, bytes, type] of cases) {
      const res = await api.post('/api/user/me/upload-file/picture1', { token: w.token, form: fileForm(new Uint8Array(bytes), 'x', type) });
      expect(res.status, name).toBe(415);
      expect(res.json.code, name).toBe('image_damaged');
    }
    expect((await api.get('/api/user/me/details', { token: w.token })).json.images.picture1).toBe(false);
    const approved = await approvedWorker(api);
    const cut = await api.post('/api/user/me/update-signature', { token: approved.token, json: { value: SIGNATURE.slice(0, -20) } });
    expect(cut.status).toBe(422);
  });
});

describe('the client address behind trusted proxies', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startServer({ trustProxy: 1 });
  });
  afterAll(() => proxied.close());

  const guess = (server: TestServer, email: string, forwardedFor: string) =>
    server.post('/api/auth/login', { json: { username: email, password: 'a wrong guess' }, headers: { 'X-Forwarded-For': forwardedFor } });

  it('is the right-most entry the proxy appended: addresses the client wrote before it change nothing', async () => {
    const email = await register(proxied);
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await guess(proxied, email, `10.0.0.${i}, 203.0.113.7`)).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    // Another client behind the same proxy still has its own attempts.
    expect((await guess(proxied, email, '203.0.113.8')).status).toBe(401);
  });

  it('is not made-up text: an entry that is no IP address counts as the connection address, not as a new client', async () => {
    const email = await register(proxied);
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push((await guess(proxied, email, `not-an-ip-${i}`)).status);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  it('is the entry as many places from the right as there are trusted proxies', async () => {
    const twoHops = await startServer({ trustProxy: 2 });
    try {
      const email = await register(twoHops);
      // client-written, the client (appended by the outer proxy), the outer proxy (appended by the inner one)
      for (let i = 0; i < 5; i++) expect((await guess(twoHops, email, `198.51.100.${i}, 203.0.113.9, 10.1.1.1`)).status).toBe(401);
      expect((await guess(twoHops, email, '198.51.100.99, 203.0.113.9, 10.1.1.2')).status).toBe(429);
      expect((await guess(twoHops, email, '203.0.113.10, 10.1.1.1')).status).toBe(401);
    } finally {
      await twoHops.close();
    }
  });

  it('is what the signing evidence records', async () => {
    const w = await approvedWorker(proxied, { signature: 'validated' });
    const made = await mission(proxied, w.email);
    const signed = await proxied.post('/api/user/me/documents/mark-for-signing', {
      token: w.token,
      json: [{ mission: made.mission, comment: '' }],
      headers: { 'X-Forwarded-For': '10.9.9.9, 203.0.113.77' },
    });
    expect(signed.status).toBe(200);
    const [row] = await proxied.deps.db.query<{ client_address: string }>('SELECT client_address FROM signing_requests WHERE mission_id = $1', [made.mission]);
    expect(row!.client_address).toBe('203.0.113.77');
  });

  it('is the connection address without TRUST_PROXY, whatever the header says', async () => {
    const email = await register(api);
    for (let i = 0; i < 5; i++) expect((await guess(api, email, `203.0.113.${i}`)).status).toBe(401);
    expect((await guess(api, email, '203.0.113.200')).status).toBe(429);
  });
});

describe('a body refused for its size', () => {
  let listening: Listening;
  beforeAll(async () => {
    listening = await serve({
      fetch: api.app.fetch,
      port: 0,
      hostname: '127.0.0.1',
      log: createLogger('silent'),
      onDraining: () => undefined,
      noticeMs: 0,
      timeoutMs: 1_000,
    });
  });
  afterAll(() => listening.drain());

  /** Sends raw bytes on a new keep-alive connection; resolves with what came back once the server closed it (or after `ms`). */
  const exchange = (bytes: string | Buffer, ms = 5_000) =>
    new Promise<{ text: string; closedByServer: boolean }>((resolve, reject) => {
      const socket: Socket = connect(listening.port, '127.0.0.1');
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        resolve({ text, closedByServer: false });
      }, ms);
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => {
        clearTimeout(timer);
        socket.destroy();
        resolve({ text, closedByServer: true });
      });
      socket.on('error', (error) => {
        clearTimeout(timer);
        if (text) resolve({ text, closedByServer: true });
        else reject(error);
      });
      socket.write(bytes);
    });

  it('answers 413 with Connection: close and closes the connection; the next request on a new one is served', async () => {
    const body = JSON.stringify({ username: `${'x'.repeat(300_000)}@example.com`, password: 'p' });
    const head = `POST /api/auth/login HTTP/1.1\r\nHost: portal.test\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    // The next request written right behind the large one, on the same connection: it must not be read as a request.
    const next = 'GET /api/health/live HTTP/1.1\r\nHost: portal.test\r\n\r\n';
    const refused = await exchange(head + body + next);
    expect(refused.text).toMatch(/^HTTP\/1\.1 413 /);
    expect(refused.text).toMatch(/\r\nconnection: close\r\n/i);
    expect(refused.text).toContain('"code":"payload_too_large"');
    expect(refused.text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(refused.closedByServer).toBe(true);
    const after = await exchange(next.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'));
    expect(after.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(after.text).toContain('"status":"live"');
  });

  it('keeps an ordinary keep-alive connection open', async () => {
    const probe = 'GET /api/health/live HTTP/1.1\r\nHost: portal.test\r\n\r\n';
    const kept = await exchange(probe + probe, 1_000);
    expect(kept.text.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    expect(kept.closedByServer).toBe(false);
  });
});
