// Conversations with the agency (docs/decisions/270-conversations.md, 271-conversation-privacy.md): about each kind of
// thing of the worker's, never another worker's; the agency's reply leaves it unread, notifies and, an hour later
// still unread, mails once; a repeated send is one message; attachments pass the certificate's checks; old ones are
// purged on the clock. On PGlite, and on PostgreSQL with scripts/with-postgres.sh.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONVERSATION_RETENTION_DAYS } from '#domain/conversations.ts';
import { cameraJpeg, leaks } from '../fixtures/camera-exif.ts';
import { PNG } from '../fixtures/worker-data.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { runCli } from './helpers/backoffice-cli.ts';
import { createOffer, enc, quickWorker } from './helpers/offers.ts';
import { mission } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const START = new Date('2027-03-24T09:00:00Z');
const HOUR = 3_600_000;
let api: TestServer;
type W = { email: string; token: string };
let anne: W;
let bart: W;
beforeAll(async () => {
  api = await startServer({ start: START });
  anne = await quickWorker(api, 'fr');
  bart = await quickWorker(api, 'nl');
});
afterAll(() => api.close());

type Files = Array<{ bytes: Uint8Array; name: string; type: string }>;
function messageForm(text: string, files: Files = [], extra: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  if (text !== '') form.append('text', text);
  files.forEach((f, i) => form.append(`attachment${i + 1}`, new File([new Uint8Array(f.bytes)], f.name, { type: f.type })));
  return form;
}
const start = (w: W, text: string, subject?: { kind: string; id: string }, files: Files = [], headers: Record<string, string> = {}) =>
  api.post('/api/user/me/conversations', {
    token: w.token,
    headers,
    form: messageForm(text, files, subject ? { subjectKind: subject.kind, subjectId: subject.id } : {}),
  });
const send = (w: W, id: string, text: string, files: Files = [], headers: Record<string, string> = {}) =>
  api.post(`/api/user/me/conversations/${id}/messages`, { token: w.token, headers, form: messageForm(text, files) });
const reply = (id: string, text: string, authorName?: string) => api.bo('POST', `/conversations/${id}/reply`, authorName ? { text, authorName } : { text });
const read = async (w: W, id: string) => (await api.get(`/api/user/me/conversations/${id}`, { token: w.token })).json;
const unread = async (w: W) => (await api.get('/api/user/me/conversations/unread', { token: w.token })).json.unread as number;
/** The mails about conversations sent to a worker (the e-mail validation of their registration left aside). */
const mails = async (w: W) =>
  ((await api.bo('GET', `/outbox?to=${enc(w.email)}`)).json as Array<{ subject: string; text: string; links: string[] }>).filter((m) =>
    m.links.some((l) => l.includes('/conversations/')),
  );
const at = async <T>(when: Date, run: () => Promise<T>): Promise<T> => {
  api.clock.now = when;
  try {
    return await run();
  } finally {
    api.clock.now = START;
  }
};

describe('a conversation about a thing of the worker', () => {
  it('shows each kind of thing as it was when asked: its date, reference and amount', async () => {
    const m = await mission(api, anne.email, { date: '2027-03-20', reference: 'EXPO-7', hourlyWageCents: 1500 });
    expect((await api.bo('POST', `/workers/${enc(anne.email)}/missions/${m.mission}/hours`, { start: '08:00', end: '16:30', breakMinutes: 30 })).status).toBe(
      201,
    );
    const offer = await createOffer(api, [anne.email], { reference: 'OFF-9', shifts: [{ date: '2027-04-02', start: '09:00', end: '17:00' }] });
    const later = await mission(api, anne.email, { date: '2027-04-10', reference: 'FOIRE-2' });
    const absence = await api.post('/api/user/me/absences', { token: anne.token, form: messageForm('', [], { mission: later.mission, reason: 'transport' }) });
    expect(absence.status, absence.text).toBe(201);
    const payslip = (await api.bo('POST', `/workers/${enc(anne.email)}/documents`, { kind: 'payslip', year: 2027, month: 2, amount: 1234.56 })).json
      .name as string;
    const cases = [
      [
        { kind: 'mission', id: m.mission },
        { reference: 'EXPO-7', date: '2027-03-20', amountCents: 1500, amountKind: 'hourlyWage' },
      ],
      [
        { kind: 'hoursDay', id: m.mission },
        { reference: 'EXPO-7', date: '2027-03-20', amountCents: 12000, amountKind: 'grossEstimate' },
      ],
      [
        { kind: 'offer', id: offer },
        { reference: 'OFF-9', date: '2027-04-02', amountCents: 1550, amountKind: 'hourlyWage' },
      ],
      [
        { kind: 'absence', id: absence.json.id },
        { reference: 'FOIRE-2', date: '2027-04-10', amountCents: null },
      ],
      [
        { kind: 'document', id: payslip },
        { reference: payslip, period: '2027-02', amountCents: 123456, amountKind: 'netPay' },
      ],
    ] as const;
    for (const [subject, shown] of cases) {
      const before = await api.get(`/api/user/me/conversation-subjects/${subject.kind}/${subject.id}`, { token: anne.token });
      expect(before.json).toMatchObject({ ...subject, ...shown });
      expect((await api.get(`/api/user/me/conversation-subjects/${subject.kind}/${subject.id}`, { token: bart.token })).status).toBe(404);
      const res = await start(anne, `Une question sur ${subject.kind}`, subject);
      expect(res.status, res.text).toBe(201);
      expect(res.json).toMatchObject({ status: 'waiting', unread: false, subject: { ...subject, ...shown } });
      expect(res.json.messages).toEqual([
        {
          id: expect.any(String),
          author: 'worker',
          authorName: 'Anne',
          text: `Une question sur ${subject.kind}`,
          sentAt: START.toISOString(),
          attachments: [],
        },
      ]);
    }
    const list = (await api.get('/api/user/me/conversations', { token: anne.token })).json;
    expect(list.items.map((c: { subject: { kind: string } }) => c.subject.kind).sort()).toEqual(['absence', 'document', 'hoursDay', 'mission', 'offer']);
  });

  it('may be about nothing in particular; keeps its messages in the order they were written, with their author', async () => {
    const first = await start(anne, '  Bonjour, une question générale.  ');
    expect(first.json).toMatchObject({ subject: null, messages: [{ text: 'Bonjour, une question générale.' }] });
    const id = first.json.id as string;
    expect((await send(anne, id, 'Deuxième')).status).toBe(201);
    expect((await reply(id, 'Réponse', 'Sofie')).json).toMatchObject({ author: 'agency', authorName: 'Sofie', text: 'Réponse' });
    expect((await send(anne, id, 'Troisième')).status).toBe(201);
    expect((await read(anne, id)).messages.map((m: { author: string; text: string }) => `${m.author}:${m.text}`)).toEqual([
      'worker:Bonjour, une question générale.',
      'worker:Deuxième',
      'agency:Réponse',
      'worker:Troisième',
    ]);
  });

  it('refuses a text over 2000 characters with its own code, and an empty message', async () => {
    const long = await start(anne, 'é'.repeat(2001));
    expect([long.status, long.json.code]).toEqual([413, 'conversation_message_too_long']);
    expect(long.json.message).toContain('2000');
    expect((await start(anne, 'é'.repeat(2000))).status).toBe(201);
    const empty = await start(anne, '   ');
    expect([empty.status, empty.json.fields?.[0]?.path]).toEqual([422, 'text']);
  });
});

describe("another worker's", () => {
  it('conversation, message, attachment and thing are refused 404, and nothing changes', async () => {
    const m = await mission(api, anne.email, { date: '2027-03-26', reference: 'MINE-1' });
    const own = await start(anne, 'Avec une photo', { kind: 'mission', id: m.mission }, [{ bytes: cameraJpeg(1), name: 'a.jpg', type: 'image/jpeg' }]);
    const id = own.json.id as string;
    const attachment = own.json.messages[0].attachments[0].id as string;
    await reply(id, 'Vu.');
    const before = await read(anne, id);
    const refused = [
      await api.get(`/api/user/me/conversations/${id}`, { token: bart.token }),
      await send(bart, id, 'Intrus'),
      await api.post(`/api/user/me/conversations/${id}/read`, { token: bart.token, json: {} }),
      await api.get(`/api/user/me/conversations/${id}/attachments/${attachment}`, { token: bart.token }),
      await start(bart, 'Sur sa mission', { kind: 'mission', id: m.mission }),
      await start(bart, 'Sur ses heures', { kind: 'hoursDay', id: m.mission }),
      await start(bart, 'Sur rien', { kind: 'document', id: 'payslip-202701-nothing' }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    expect(refused.slice(4).map((r) => r.json.code)).toEqual(['conversation_subject_unknown', 'conversation_subject_unknown', 'conversation_subject_unknown']);
    expect(await read(anne, id)).toEqual(before);
    expect((await api.get('/api/user/me/conversations', { token: bart.token })).json.items.filter((c: { subject: unknown }) => c.subject)).toEqual([]);
    // Her own attachment, through her own conversation only.
    expect((await api.get(`/api/user/me/conversations/${id}/attachments/${attachment}`, { token: anne.token })).status).toBe(200);
  });
});

describe("the agency's reply", () => {
  it('answers the conversation, leaves it unread for the worker, counts it and notifies; opening it reads it', async () => {
    const w = await quickWorker(api, 'nl');
    const id = (await start(w, 'Vraag')).json.id as string;
    expect(await unread(w)).toBe(0);
    expect((await reply(id, 'Antwoord')).status).toBe(201);
    expect(await read(w, id)).toMatchObject({ status: 'answered', unread: true });
    expect(await unread(w)).toBe(1);
    const list = (await api.get('/api/user/me/conversations', { token: w.token })).json;
    expect(list).toMatchObject({ unread: 1, items: [{ id, unread: true, lastAuthor: 'agency', preview: 'Antwoord' }] });
    const news = (await api.get('/api/user/me/notifications', { token: w.token })).json.items;
    expect(news[0]).toMatchObject({ kind: 'conversationReply', link: `/conversations/${id}`, title: 'Het uitzendkantoor heeft geantwoord' });
    expect((await api.post(`/api/user/me/conversations/${id}/read`, { token: w.token, json: {} })).json).toEqual({ unread: 0 });
    expect((await read(w, id)).unread).toBe(false);
  });

  it("is mailed once when still unread an hour later (not before), in the worker's language with a link", async () => {
    const w = await quickWorker(api, 'nl');
    const m = await mission(api, w.email, { reference: 'KAAI-3' });
    const id = (await start(w, 'Vraag', { kind: 'mission', id: m.mission })).json.id as string;
    await reply(id, 'Antwoord');
    await at(new Date(START.getTime() + HOUR - 1000), () => api.deps.push.runOnce());
    expect(await mails(w)).toEqual([]);
    await at(new Date(START.getTime() + HOUR), () => api.deps.push.runOnce());
    await at(new Date(START.getTime() + 2 * HOUR), () => api.deps.push.runOnce());
    await api.deps.mailer.idle();
    const sent = await mails(w);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Het uitzendkantoor heeft uw vraag beantwoord (KAAI-3)');
    expect(sent[0]!.links).toEqual([`http://portal.test/conversations/${id}?lang=nl`]);
  });

  it('read within the hour is not mailed', async () => {
    const w = await quickWorker(api, 'fr');
    const id = (await start(w, 'Question')).json.id as string;
    await reply(id, 'Réponse');
    await api.post(`/api/user/me/conversations/${id}/read`, { token: w.token, json: {} });
    await at(new Date(START.getTime() + 3 * HOUR), () => api.deps.push.runOnce());
    expect(await mails(w)).toEqual([]);
  });
});

describe('sending', () => {
  it('repeated with the same Idempotency-Key after a lost answer makes one message', async () => {
    const id = (await start(anne, 'Première')).json.id as string;
    const key = { 'Idempotency-Key': 'conversation-send-0001-abcdef' };
    const first = await send(anne, id, 'Encore', [{ bytes: PNG, name: 'scan.png', type: 'image/png' }], key);
    const again = await send(anne, id, 'Encore', [{ bytes: PNG, name: 'scan.png', type: 'image/png' }], key);
    expect([first.status, again.status, again.headers.get('Idempotent-Replayed')]).toEqual([201, 201, 'true']);
    expect(again.json).toEqual(first.json);
    expect((await read(anne, id)).messages.map((m: { text: string }) => m.text)).toEqual(['Première', 'Encore']);
  });

  it('the start of a conversation, repeated with the same Idempotency-Key after a lost answer, makes one conversation', async () => {
    const before = (await api.get('/api/user/me/conversations', { token: bart.token })).json.items.length as number;
    const key = { 'Idempotency-Key': 'conversation-start-0001-abcdef' };
    const first = await start(bart, 'Une question', undefined, [{ bytes: PNG, name: 'scan.png', type: 'image/png' }], key);
    const again = await start(bart, 'Une question', undefined, [{ bytes: PNG, name: 'scan.png', type: 'image/png' }], key);
    expect([first.status, again.status, again.headers.get('Idempotent-Replayed')]).toEqual([201, 201, 'true']);
    expect(again.json).toEqual(first.json);
    const items = (await api.get('/api/user/me/conversations', { token: bart.token })).json.items as Array<{ id: string }>;
    expect(items.length).toBe(before + 1);
    expect((await read(bart, first.json.id)).messages.map((m: { text: string }) => m.text)).toEqual(['Une question']);
  });
});

describe('attachments', () => {
  /** A PNG that declares 20000×20000 pixels: refused for what it declares. */
  const bomb = () => {
    const png = Buffer.from(PNG);
    png.writeUInt32BE(20_000, 16);
    png.writeUInt32BE(20_000, 20);
    return new Uint8Array(png);
  };

  it('are stored without the metadata a phone writes, and given back as stored', async () => {
    const photo = cameraJpeg(6);
    expect(leaks(photo)).toContain('GPS position');
    const res = await start(anne, '', undefined, [{ bytes: photo, name: 'IMG_2041.jpg', type: 'image/jpeg' }]);
    expect(res.status, res.text).toBe(201);
    const [file] = res.json.messages[0].attachments;
    expect(file).toMatchObject({ name: 'IMG_2041.jpg', mediaType: 'image/jpeg' });
    const got = await api.get(`/api/user/me/conversations/${res.json.id}/attachments/${file.id}`, { token: anne.token });
    expect([got.headers.get('content-type'), got.bytes.length, leaks(got.bytes)]).toEqual(['image/jpeg', file.size, []]);
    const agency = await api.bo('GET', `/conversations/${res.json.id}/attachments/${file.id}`);
    expect(Buffer.from(agency.bytes).equals(Buffer.from(got.bytes))).toBe(true);
  });

  it('are refused, with nothing stored, when not a photo or PDF, damaged, a bomb, or more than three', async () => {
    const before = (await api.get('/api/user/me/conversations', { token: anne.token })).json.items.length;
    const cases: Array<[Files, number, string]> = [
      [[{ bytes: new TextEncoder().encode('MZ not a photo'), name: 'x.jpg', type: 'image/jpeg' }], 415, 'conversation_attachment_type'],
      [[{ bytes: new Uint8Array(PNG.subarray(0, 40)), name: 'cut.png', type: 'image/png' }], 415, 'image_damaged'],
      [[{ bytes: bomb(), name: 'bomb.png', type: 'image/png' }], 413, 'image_too_large'],
    ];
    for (const [files, status, code] of cases) {
      const res = await start(anne, 'Pièce', undefined, files);
      expect([res.status, res.json.code]).toEqual([status, code]);
    }
    const four = messageForm(
      'Quatre',
      [1, 2, 3].map(() => ({ bytes: PNG, name: 'a.png', type: 'image/png' })),
    );
    four.append('attachment4', new File([new Uint8Array(PNG)], 'd.png', { type: 'image/png' }));
    expect((await api.post('/api/user/me/conversations', { token: anne.token, form: four })).status).toBe(400);
    expect((await api.get('/api/user/me/conversations', { token: anne.token })).json.items.length).toBe(before);
  });
});

describe('the back-office', () => {
  it('lists the open conversations, the one waiting longest first, with what they are about; marks them answered or closed', async () => {
    const w = await quickWorker(api, 'fr');
    const m = await mission(api, w.email, { reference: 'ORDRE-1' });
    const older = (await at(new Date(START.getTime() - 2 * HOUR), () => start(w, 'Plus ancienne', { kind: 'mission', id: m.mission }))).json.id;
    const newer = (await at(new Date(START.getTime() - HOUR), () => start(w, 'Plus récente'))).json.id;
    const ids = async (status = '') =>
      ((await api.bo('GET', `/conversations${status}`)).json as Array<{ id: string; worker: { email: string } }>).filter((c) => c.worker.email === w.email);
    const listed = await ids();
    expect(listed.map((c) => c.id)).toEqual([older, newer]);
    expect(listed[0]).toMatchObject({ status: 'waiting', subject: { kind: 'mission', reference: 'ORDRE-1' }, messages: 1 });
    expect((await api.bo('GET', `/conversations/${older}`)).json.messages[0].text).toBe('Plus ancienne');
    expect((await api.bo('POST', `/conversations/${older}/status`, { status: 'answered' })).json).toMatchObject({ status: 'answered', waitingSince: null });
    expect((await ids()).map((c) => c.id)).toEqual([newer, older]);
    expect((await api.bo('POST', `/conversations/${newer}/status`, { status: 'closed' })).json.status).toBe('closed');
    expect((await ids()).map((c) => c.id)).toEqual([older]);
    expect((await ids('?status=all')).map((c) => c.id).sort()).toEqual([older, newer].sort());
    // The worker writing again opens a closed one.
    await send(w, newer, 'Encore une chose');
    expect((await read(w, newer)).status).toBe('waiting');
    expect((await api.bo('POST', '/conversations/cnothere/reply', { text: 'x' })).status).toBe(404);
  });

  it('is reachable from the terminal: list, read, reply, close', async () => {
    const w = await quickWorker(api, 'fr');
    const id = (await start(w, 'Par la console')).json.id as string;
    const listed = await runCli(api, ['conversations']);
    expect([listed.code, listed.out]).toEqual([0, expect.stringContaining(id)]);
    expect((await runCli(api, ['conversation', id])).out).toContain('Par la console');
    expect((await runCli(api, ['reply', id, '--text', 'Réponse de la console', '--as', 'Sofie'])).code).toBe(0);
    expect((await read(w, id)).messages[1]).toMatchObject({ author: 'agency', authorName: 'Sofie', text: 'Réponse de la console' });
    expect((await runCli(api, ['reply', id])).code).toBe(2);
    expect((await runCli(api, ['conversation-status', id, 'closed'])).code).toBe(0);
    expect((await read(w, id)).status).toBe('closed');
  });

  it("erases a conversation at the worker's request, its files with it", async () => {
    const w = await quickWorker(api, 'fr');
    const res = await start(w, 'À effacer', undefined, [{ bytes: PNG, name: 'a.png', type: 'image/png' }]);
    expect((await api.bo('POST', `/conversations/${res.json.id}/erase`, {})).status).toBe(204);
    expect((await api.get(`/api/user/me/conversations/${res.json.id}`, { token: w.token })).status).toBe(404);
    const rows = await api.deps.db.query('SELECT 1 FROM conversation_attachments WHERE conversation_id = $1', [res.json.id]);
    expect(rows).toEqual([]);
  });
});

describe('keeping', () => {
  it('erases a conversation once its last message is older than the retention, not a day before', async () => {
    const w = await quickWorker(api, 'fr');
    const id = (await start(w, 'Ancienne', undefined, [{ bytes: PNG, name: 'a.png', type: 'image/png' }])).json.id as string;
    const retention = CONVERSATION_RETENTION_DAYS * 24 * HOUR;
    await at(new Date(START.getTime() + retention - 24 * HOUR), () => api.deps.push.runOnce());
    expect((await api.get(`/api/user/me/conversations/${id}`, { token: w.token })).status).toBe(200);
    await at(new Date(START.getTime() + retention + 1000), () => api.deps.push.runOnce());
    expect((await api.get(`/api/user/me/conversations/${id}`, { token: w.token })).status).toBe(404);
    expect(await api.deps.db.query('SELECT 1 FROM conversation_attachments WHERE conversation_id = $1', [id])).toEqual([]);
  });
});

describe('the office hours', () => {
  it('are shown with the usual answer time and whether the office is open now', async () => {
    const open = await at(new Date('2027-03-24T10:00:00Z'), () => api.get('/api/user/me/agency-hours', { token: anne.token }));
    expect(open.json).toMatchObject({ answerWithinHours: 4, openNow: true, days: [{ weekday: 1, open: '08:30', close: '17:30' }, {}, {}, {}, {}] });
    const sunday = await at(new Date('2027-03-28T10:00:00Z'), () => api.get('/api/user/me/agency-hours', { token: anne.token }));
    expect(sunday.json.openNow).toBe(false);
  });
});
