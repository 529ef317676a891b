// No typed value can end a mail header early (docs/decisions/221-mail-header-values.md): every field that reaches a
// header (a registered name, a mission's reference, an offer's place and reference) carries CR, LF and other control
// characters, and each kind of mail is read back from the outbox and from what left by SMTP. An address holding one
// is refused before anything is kept or sent.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MailKind } from '../../server/services/mail.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { createOffer, enc } from './helpers/offers.ts';
import { smtpListener } from './helpers/smtp.ts';
import { JPEG, PASSWORD, login, mission, uniqueEmail } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 90_000, testTimeout: 60_000 });

/** What an attacker would type: a line break and a header of their own, a tab, an escape, a next-line (U+0085); a NUL is refused at the door (decision 080). */
const INJECTED = '\r\nBcc: evil@example.com\r\n\tX-Evil:\u001b 1\u0085';
const typed = (text: string) => `${text}${INJECTED}`;
/** What is left of it in a header: one line, each run of control characters a space. */
const flattened = (text: string) => `${text} Bcc: evil@example.com X-Evil: 1`;

let api: TestServer;
let smtp: Awaited<ReturnType<typeof smtpListener>>;
let email: string;
const START = new Date('2027-03-25T09:00:00Z');

beforeAll(async () => {
  smtp = await smtpListener();
  api = await startServer({ start: START, smtpUrl: smtp.url });
  email = uniqueEmail();
  const registered = await api.post('/api/auth/register', {
    json: { firstName: typed('Anne'), lastName: typed('Dupont'), email, password: PASSWORD, language: 'fr' },
  });
  expect(registered.status).toBe(204);
  expect((await api.post('/api/auth/reset-password', { json: { email } })).status).toBe(204);
  expect((await api.bo('POST', `/workers/${enc(email)}/approve-details`)).status).toBe(200);
  const token = await login(api, email);
  const ref = (name: string) => ({ reference: typed(name) });

  const changed = await mission(api, email, { date: '2027-04-01', ...ref('CHANGE') });
  expect((await api.bo('POST', `/workers/${enc(email)}/missions/${changed.mission}/change`, { start: '10:00' })).status).toBe(200);
  const cancelled = await mission(api, email, { date: '2027-04-02', ...ref('CANCEL') });
  expect((await api.bo('POST', `/workers/${enc(email)}/missions/${cancelled.mission}/cancel`, {})).status).toBe(200);
  const offered = await createOffer(api, [email], {
    ...ref('OFFER'),
    shortLocation: typed('Expo'),
    shifts: [{ date: '2027-04-20', start: '09:00', end: '17:00' }],
  });
  expect((await api.post(`/api/user/me/offers/${offered}/accept`, { token, json: {} })).status).toBe(200);
  expect((await api.post(`/api/user/me/offers/${offered}/give-back`, { token, json: { reason: 'Malade.' } })).status).toBe(200);

  const absent = await mission(api, email, { date: '2027-04-03', ...ref('ABSENT') });
  const report = new FormData();
  report.append('mission', absent.mission);
  report.append('reason', 'sick');
  const reported = await api.post('/api/user/me/absences', { token, form: report });
  expect(reported.status, reported.text).toBe(201);
  const certificate = new FormData();
  certificate.append('certificate', new File([new Uint8Array(JPEG)], 'certificat.jpg', { type: 'image/jpeg' }));
  expect((await api.post(`/api/user/me/absences/${reported.json.id}/certificate`, { token, form: certificate })).status).toBe(200);
  expect((await api.post(`/api/user/me/absences/${reported.json.id}/withdraw`, { token, json: {} })).status).toBe(200);

  const worked = await mission(api, email, { date: '2027-03-24', ...ref('HOURS') });
  const hours = `/workers/${enc(email)}/missions/${worked.mission}/hours`;
  expect((await api.bo('POST', hours, { start: '09:00', end: '17:00', breakMinutes: 30 })).status).toBe(201);
  const contest = { version: 1, start: '09:00', end: '18:00', breakMinutes: 30, reason: 'Rangement.' };
  expect((await api.post(`/api/user/me/hours/${worked.mission}/contest`, { token, json: contest })).status).toBe(200);
  expect((await api.bo('POST', `${hours}/resolve`, { outcome: 'worker', note: '' })).status).toBe(200);

  // Two questions, one about a mission, the agency's replies left unread for an hour: mailed (decision 270).
  const asked = await mission(api, email, { date: '2027-04-04', ...ref('ASKED') });
  for (const about of [{ subjectKind: 'mission', subjectId: asked.mission }, {}]) {
    const question = new FormData();
    for (const [key, value] of Object.entries(about)) question.append(key, value);
    question.append('text', 'Question');
    const started = await api.post('/api/user/me/conversations', { token, form: question });
    expect(started.status, started.text).toBe(201);
    expect((await api.bo('POST', `/conversations/${started.json.id}/reply`, { text: 'Réponse' })).status).toBe(201);
  }
  api.clock.now = new Date(START.getTime() + 60 * 60 * 1000);
  await api.deps.push.runOnce();
  api.clock.now = START;
  await api.deps.mailer.idle();
});
afterAll(async () => {
  await api.close();
  smtp.close();
});

/** Each kind of mail: how its French subject starts, and what typed into a field must show in it, flattened. */
const KINDS: Record<MailKind, { subject: RegExp; shows: string[] }> = {
  validateEmail: { subject: /^Validez votre adresse/, shows: [] },
  resetPassword: { subject: /^Réinitialisation/, shows: [] },
  missionChanged: { subject: /^Mission CHANGE/, shows: [flattened('CHANGE')] },
  missionCancelled: { subject: /^Mission CANCEL/, shows: [flattened('CANCEL')] },
  offerNew: { subject: /^Nouvelle offre/, shows: [flattened('Expo')] },
  offerGivenBack: { subject: /^Place rendue/, shows: [flattened('OFFER'), flattened('Anne')] },
  absenceReported: { subject: /^Absence signalée/, shows: [flattened('Anne'), flattened('Dupont'), flattened('ABSENT')] },
  absenceCertificate: { subject: /^Certificat médical reçu/, shows: [flattened('Anne'), flattened('ABSENT')] },
  absenceWithdrawn: { subject: /^Absence retirée/, shows: [flattened('Dupont'), flattened('ABSENT')] },
  hoursRecorded: { subject: /^Vos heures du/, shows: [flattened('HOURS')] },
  hoursResolved: { subject: /^Votre contestation/, shows: [flattened('HOURS')] },
  conversationReply: { subject: /^L'agence a répondu à votre question$/, shows: [] },
  conversationReplyAbout: { subject: /^L'agence a répondu à votre question \(/, shows: [flattened('ASKED')] },
};

/** The header lines of a message as SMTP carried it, folded lines joined (RFC 5322 §2.2.3). */
const headerLines = (data: string) =>
  data
    .slice(0, data.indexOf('\r\n\r\n'))
    .replace(/\r\n[ \t]/g, ' ')
    .split('\r\n');

/** An encoded-word subject as a reader shows it (nodemailer writes non-ASCII subjects as =?UTF-8?Q?…?=). */
const decodedSubject = (line: string) =>
  line.replace(/^Subject: /, '').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, kind: string, text: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

describe('every kind of mail, with control characters typed into each field that reaches a header', () => {
  it.each(Object.entries(KINDS))('%s: its subject is one line in the outbox and by SMTP, no header added', async (_kind, { subject, shows }) => {
    const outbox = (await api.bo('GET', `/outbox?to=${enc(email)}`)).json as Array<{ to: string; subject: string }>;
    const agency = (await api.bo('GET', `/outbox?to=${enc('agence@demo.example')}`)).json as Array<{ subject: string }>;
    const kept = [...outbox, ...agency].filter((m) => subject.test(m.subject));
    expect(kept).toHaveLength(1);
    const line = kept[0]!.subject;
    expect(line).not.toMatch(/[\p{Cc}\u2028\u2029]/u);
    for (const text of shows) expect(line).toContain(text);

    const sent = smtp.received.filter((m) => headerLines(m.data).some((h) => h.startsWith('Subject: ') && subject.test(decodedSubject(h))));
    expect(sent).toHaveLength(1);
    const headers = headerLines(sent[0]!.data);
    expect(headers.filter((h) => /^(Bcc|X-Evil):/i.test(h))).toEqual([]);
    expect(headers.filter((h) => h.startsWith('Subject: ')).map(decodedSubject)).toEqual([line]);
    expect(sent[0]!.to.join()).not.toContain('evil@example.com');
  });

  it('an address holding a control character is refused: nothing in the outbox, nothing sent', async () => {
    const before = smtp.received.length;
    const to = `${uniqueEmail()}\r\nBcc: evil@example.com`;
    await expect(api.deps.mailer.send({ to, locale: 'fr', kind: 'validateEmail', params: { name: 'Anne', link: 'http://portal.test/x' } })).rejects.toThrow(
      /control character/,
    );
    await api.deps.mailer.idle();
    const [row] = await api.deps.db.query<{ count: number }>('SELECT count(*)::int AS count FROM outbox WHERE to_address LIKE $1', ['%evil%']);
    expect([row!.count, smtp.received.length]).toEqual([0, before]);
  });

  it('mails sent together (an offer to many) are stored in their order; one bad address is refused alone', async () => {
    const before = smtp.received.length;
    const good = [uniqueEmail(), uniqueEmail()];
    const mail = (to: string) => ({ to, locale: 'fr' as const, kind: 'validateEmail' as const, params: { name: 'Anne', link: 'http://portal.test/x' } });
    await expect(api.deps.mailer.sendAll([mail(good[0]!), mail(`${uniqueEmail()}\nBcc: evil@example.com`), mail(good[1]!)])).rejects.toThrow(
      /control character/,
    );
    await api.deps.mailer.idle();
    const rows = await api.deps.db.query<{ to_address: string }>(
      'SELECT to_address FROM outbox WHERE to_address = ANY($1::text[]) OR to_address LIKE $2 ORDER BY seq',
      [good, '%evil%'],
    );
    expect(rows.map((r) => r.to_address)).toEqual(good);
    expect(smtp.received.length - before).toBe(2);
  });
});
