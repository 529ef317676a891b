// "I can't come": the worker reports an absence for a planned mission (docs/decisions/200-201). Every refusal, the
// certificate's deadline on the injected clock (before, at, after), another worker's mission, the agency's mail, the
// planning's mark and the back-office; every answer is checked against openapi.yaml by the harness.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runBackoffice } from '../../scripts/backoffice.ts';
import { BACKOFFICE, startServer, type TestServer } from './helpers/harness.ts';
import { SMALL_JPEG } from '../fixtures/camera-exif.ts';
import { approvedWorker, mission, newWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

// Thursday 25 March 2027, 10:00 in Brussels (CET). Easter Monday is 29 March and summer time starts on the 28th:
// a sickness report now has its certificate due by the end of Tuesday 30 March (Friday, then Tuesday).
const START = new Date('2027-03-25T09:00:00Z');
const DUE_BY = '2027-03-30T22:00:00.000Z'; // midnight at the end of Tuesday 30 March, summer time
const AGENCY = 'planning@agence.example';
let api: TestServer;
let w: { email: string; token: string };
beforeAll(async () => {
  api = await startServer({ start: START });
  api.config.agency = { email: AGENCY, phone: '+32 2 555 01 23' };
  w = await approvedWorker(api);
});
afterAll(() => api.close());

const enc = encodeURIComponent;
type Fields = { mission?: string; reason?: string; message?: string; [key: string]: string | undefined };
function reportForm(fields: Fields, certificate?: { bytes: Uint8Array; name?: string; type?: string }) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  if (certificate)
    form.append('certificate', new File([new Uint8Array(certificate.bytes)], certificate.name ?? 'certificat.jpg', { type: certificate.type ?? 'image/jpeg' }));
  return form;
}
const report = (token: string, fields: Fields, certificate?: { bytes: Uint8Array; name?: string; type?: string }) =>
  api.post('/api/user/me/absences', { token, form: reportForm(fields, certificate) });
const addCertificate = (token: string, id: string, bytes: Uint8Array) => {
  const form = new FormData();
  form.append('certificate', new File([new Uint8Array(bytes)], 'certificat.jpg', { type: 'image/jpeg' }));
  return api.post(`/api/user/me/absences/${id}/certificate`, { token, form });
};
const withdraw = (token: string, id: string) => api.post(`/api/user/me/absences/${id}/withdraw`, { token, json: {} });
const agencyMails = async () => (await api.bo('GET', `/outbox?to=${enc(AGENCY)}`)).json as Array<{ subject: string; text: string }>;
const planned = (date: string, start = '09:00', end = '17:00', email = w.email) =>
  mission(api, email, { date, start, end, reference: `M-${date}-${start}`.replace(/:/g, '') });
const at = async <T>(instant: string, work: () => Promise<T>): Promise<T> => {
  api.clock.now = new Date(instant);
  try {
    return await work();
  } finally {
    api.clock.now = START;
  }
};
/** A photo of a certificate (a real JPEG without metadata: stored as it is), and another one (a quantisation table changed). */
const JPEG = new Uint8Array(SMALL_JPEG);
const OTHER_JPEG = Uint8Array.from(JPEG, (b, i) => (i === SMALL_JPEG.indexOf(Buffer.from([0xff, 0xdb])) + 10 ? b ^ 1 : b));

describe('reporting an absence', () => {
  it('stores a sickness report, answers its receipt with the deadline, tells the agency, and marks the planning', async () => {
    const m = await planned('2027-04-06');
    const res = await report(w.token, { mission: m.mission, reason: 'sick', message: '  Grippe, je vous envoie le certificat demain.  ' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({
      mission: { mission: m.mission, reference: 'M-2027-04-06-0900', date: '2027-04-06', start: '09:00', end: '17:00' },
      reason: 'sick',
      message: 'Grippe, je vous envoie le certificat demain.',
      reportedAt: START.toISOString(),
      status: 'reported',
      withdrawnAt: null,
      certificate: { status: 'due', lastDay: '2027-03-30', dueBy: DUE_BY, receivedAt: null, mediaType: null, size: null },
      mustPhoneAgency: false,
      agencyPhone: '+32 2 555 01 23',
      withdrawable: true,
    });
    const [mail] = await agencyMails();
    expect(mail!.subject).toBe('Absence signalée : Anne Dupont, mission M-2027-04-06-0900 du 06/04/2027');
    expect(mail!.text).toContain('Anne Dupont a signalé ne pas pouvoir venir à la mission M-2027-04-06-0900 (Job 7) du 06/04/2027, de 09:00 à 17:00 (Expo).');
    expect(mail!.text).toContain(
      'Motif : maladie\nMessage : Grippe, je vous envoie le certificat demain.\nCertificat médical : à suivre, au plus tard le 30/03/2027',
    );
    expect(mail!.text).toContain(`Pour joindre Anne Dupont : ${w.email}, `);
    expect(mail!.text).not.toContain('24 heures');

    const item = ((await api.get('/api/user/me/upcoming-planning', { token: w.token })).json as Array<{ mission: string; absence: unknown }>).find(
      (i) => i.mission === m.mission,
    );
    expect(item!.absence).toEqual({ report: res.json.id, reportedAt: START.toISOString(), certificate: 'due', certificateLastDay: '2027-03-30' });
    expect((await api.get(`/api/user/me/absences/${res.json.id}`, { token: w.token })).json).toEqual(res.json);
    expect((await api.get('/api/user/me/absences', { token: w.token })).json.map((r: { id: string }) => r.id)).toContain(res.json.id);
  });

  it('says the worker must also phone when the mission starts within 24 hours or has started, and stores the report all the same', async () => {
    const soon = await planned('2027-03-26', '08:00', '16:00'); // tomorrow 08:00: 22 hours away
    const later = await planned('2027-03-26', '11:00', '19:00'); // 25 hours away
    const started = await planned('2027-03-25', '06:00', '14:00'); // started four hours ago
    const nightShift = await planned('2027-03-24', '22:00', '11:00'); // began yesterday evening, ends at 11:00 today
    const mustPhone = async (id: string, reason = 'transport') => {
      const res = await report(w.token, { mission: id, reason });
      expect(res.status, res.text).toBe(201);
      return [res.json.mustPhoneAgency, res.json.withdrawable];
    };
    expect(await mustPhone(soon.mission)).toEqual([true, true]);
    expect(await mustPhone(later.mission)).toEqual([false, true]);
    expect(await mustPhone(started.mission, 'family_emergency')).toEqual([true, false]);
    expect(await mustPhone(nightShift.mission, 'other')).toEqual([true, false]);
    expect((await agencyMails())[0]!.text).toContain('La mission commence dans moins de 24 heures : le portail lui a demandé de vous téléphoner aussi.');
  });

  it('refuses another worker’s mission exactly like one that does not exist, and stores nothing', async () => {
    const other = await approvedWorker(api);
    const theirs = await planned('2027-04-07', '09:00', '17:00', other.email);
    const foreign = await report(w.token, { mission: theirs.mission, reason: 'sick' }, { bytes: JPEG });
    const unknown = await report(w.token, { mission: 'mNoSuchMission', reason: 'sick' });
    expect([foreign.status, foreign.json.code, unknown.status, unknown.json.code]).toEqual([404, 'absence_mission_unknown', 404, 'absence_mission_unknown']);
    expect(foreign.text).toBe(unknown.text);
    expect(await api.deps.db.query('SELECT id FROM absence_reports WHERE mission_id = $1', [theirs.mission])).toEqual([]);
    // Their report is not ours to read, complete or withdraw either.
    const theirReport = await report(other.token, { mission: theirs.mission, reason: 'sick' });
    for (const res of [
      await api.get(`/api/user/me/absences/${theirReport.json.id}`, { token: w.token }),
      await addCertificate(w.token, theirReport.json.id, JPEG),
      await withdraw(w.token, theirReport.json.id),
    ])
      expect([res.status, res.json.code]).toEqual([404, 'not_found']);
    expect((await api.get(`/api/user/me/absences/${theirReport.json.id}`, { token: other.token })).json.status).toBe('reported');
  });

  it('refuses a mission that has ended (at its end, not before) and one the agency cancelled', async () => {
    const m = await planned('2027-03-25', '06:00', '09:30'); // ends at 09:30, half an hour after START
    const cancelled = await planned('2027-04-08');
    expect((await api.bo('POST', `/workers/${enc(w.email)}/missions/${cancelled.mission}/cancel`, {})).status).toBe(200);
    const ended = await at('2027-03-25T08:30:00Z', () => report(w.token, { mission: m.mission, reason: 'transport' }));
    expect([ended.status, ended.json.code]).toEqual([409, 'absence_mission_ended']);
    const refused = await report(w.token, { mission: cancelled.mission, reason: 'sick' });
    expect([refused.status, refused.json.code, refused.json.message]).toEqual([
      409,
      'absence_mission_cancelled',
      "L'agence a annulé cette mission : il n'y a pas d'absence à signaler.",
    ]);
    const justBefore = await at('2027-03-25T08:29:59Z', () => report(w.token, { mission: m.mission, reason: 'transport' }));
    expect(justBefore.status).toBe(201);
  });

  it('keeps the first report: the very same one again answers it (200, no second mail), a different one is refused (409)', async () => {
    const m = await planned('2027-04-09');
    const first = await report(w.token, { mission: m.mission, reason: 'sick', message: 'Fièvre' }, { bytes: JPEG });
    expect(first.status).toBe(201);
    const mails = (await agencyMails()).length;
    const again = await report(w.token, { mission: m.mission, reason: 'sick', message: 'Fièvre' }, { bytes: JPEG });
    expect([again.status, again.json]).toEqual([200, first.json]);
    for (const [fields, certificate] of [
      [{ reason: 'transport' }, undefined],
      [{ reason: 'sick', message: 'Fièvre' }, undefined],
      [{ reason: 'sick', message: 'Fièvre' }, { bytes: OTHER_JPEG }],
      [{ reason: 'sick', message: 'Autre chose' }, { bytes: JPEG }],
    ] as const) {
      const res = await report(w.token, { mission: m.mission, ...fields }, certificate);
      expect([res.status, res.json.code], JSON.stringify(fields)).toEqual([409, 'absence_already_reported']);
    }
    expect((await agencyMails()).length).toBe(mails);
    expect(await api.deps.db.query('SELECT id FROM absence_reports WHERE mission_id = $1', [m.mission])).toEqual([{ id: first.json.id }]);
  });

  it('refuses malformed and invalid reports with 400, 415 and 422, and an account that is not approved with 403', async () => {
    const m = await planned('2027-04-12');
    const expectRefused = async (res: Awaited<ReturnType<typeof report>>, status: number, code: string, fields?: string[]) => {
      expect([res.status, res.json.code], res.text).toEqual([status, code]);
      if (fields) expect(res.json.fields.map((f: { path: string }) => f.path)).toEqual(fields);
    };
    await expectRefused(await report(w.token, { mission: m.mission, reason: 'hangover' }), 422, 'validation_failed', ['reason']);
    await expectRefused(await report(w.token, { mission: m.mission, reason: 'other', message: 'x'.repeat(501) }), 422, 'validation_failed', ['message']);
    const certificateNotSick = await report(w.token, { mission: m.mission, reason: 'transport' }, { bytes: JPEG });
    await expectRefused(certificateNotSick, 422, 'validation_failed', ['certificate']);
    expect(certificateNotSick.json.fields[0].message).toBe("Un certificat médical ne s'envoie qu'avec un signalement pour maladie.");
    await expectRefused(await report(w.token, { mission: m.mission }), 400, 'bad_request');
    await expectRefused(await report(w.token, { mission: m.mission, reason: 'sick', urgent: 'yes' }), 400, 'bad_request');
    await expectRefused(await report(w.token, { mission: m.mission, reason: 'sick', certificate: 'not a file' }), 400, 'bad_request');
    const twice = reportForm({ mission: m.mission, reason: 'sick' }, { bytes: JPEG });
    twice.append('certificate', new File([new Uint8Array(JPEG)], 'b.jpg', { type: 'image/jpeg' }));
    await expectRefused(await api.post('/api/user/me/absences', { token: w.token, form: twice }), 400, 'bad_request');
    await expectRefused(
      await api.post('/api/user/me/absences', { token: w.token, json: { mission: m.mission, reason: 'sick' } }),
      415,
      'unsupported_media_type',
    );
    const fresh = await newWorker(api);
    await expectRefused(await report(fresh.token, { mission: m.mission, reason: 'sick' }), 403, 'account_not_approved');
    expect(await api.deps.db.query('SELECT id FROM absence_reports WHERE mission_id = $1', [m.mission])).toEqual([]);
  });
});

describe('the medical certificate', () => {
  it('may come until the end of the second working day after the report: before the deadline yes, at it and after no', async () => {
    const missions = await Promise.all(['2027-04-13', '2027-04-14', '2027-04-15'].map((d) => planned(d)));
    const reports: string[] = [];
    for (const m of missions) reports.push((await report(w.token, { mission: m.mission, reason: 'sick' })).json.id);
    const before = await at(new Date(Date.parse(DUE_BY) - 1).toISOString(), () => addCertificate(w.token, reports[0]!, JPEG));
    expect([before.status, before.json.certificate]).toEqual([
      200,
      expect.objectContaining({ status: 'received', receivedAt: '2027-03-30T21:59:59.999Z', mediaType: 'image/jpeg' }),
    ]);
    const onTheDot = await at(DUE_BY, () => addCertificate(w.token, reports[1]!, JPEG));
    expect([onTheDot.status, onTheDot.json.code]).toEqual([409, 'absence_certificate_late']);
    const after = await at('2027-04-02T08:00:00Z', () => addCertificate(w.token, reports[2]!, JPEG));
    expect([after.status, after.json.code]).toEqual([409, 'absence_certificate_late']);
    const late = await at(DUE_BY, () => api.get(`/api/user/me/absences/${reports[1]}`, { token: w.token }));
    expect(late.json.certificate.status).toBe('late');
    expect((await api.get(`/api/user/me/absences/${reports[1]}`, { token: w.token })).json.certificate.status).toBe('due');
  });

  it('follows the setting, and a report keeps the deadline it was given', async () => {
    const m = await planned('2027-04-16');
    api.config.agency = { ...api.config.agency, certificateWorkingDays: 4 };
    const longer = await report(w.token, { mission: m.mission, reason: 'sick' });
    api.config.agency = { ...api.config.agency, certificateWorkingDays: 2 };
    // Four working days after Thursday 25 March: Friday, (Easter Monday,) Tuesday, Wednesday, Thursday 1 April.
    expect(longer.json.certificate).toMatchObject({ lastDay: '2027-04-01', dueBy: '2027-04-01T22:00:00.000Z' });
    expect((await api.get(`/api/user/me/absences/${longer.json.id}`, { token: w.token })).json.certificate.lastDay).toBe('2027-04-01');
  });

  it('is added once: the same file again answers the report, another file is refused; the agency is told once', async () => {
    const m = await planned('2027-04-19');
    const r = (await report(w.token, { mission: m.mission, reason: 'sick' })).json;
    const before = (await agencyMails()).length;
    const first = await addCertificate(w.token, r.id, JPEG);
    expect(first.json.certificate).toMatchObject({ status: 'received', mediaType: 'image/jpeg' });
    const again = await addCertificate(w.token, r.id, JPEG);
    expect([again.status, again.json]).toEqual([200, first.json]);
    const other = await addCertificate(w.token, r.id, OTHER_JPEG);
    expect([other.status, other.json.code]).toEqual([409, 'absence_certificate_already_sent']);
    const mails = await agencyMails();
    expect(mails.length).toBe(before + 1);
    expect(mails[0]!.subject).toBe('Certificat médical reçu : Anne Dupont, mission M-2027-04-19-0900 du 19/04/2027');
    expect(mails[0]!.text).toContain(`absence-certificate ${r.id}`);
  });

  it('is not expected for another reason, nor once the report is withdrawn; the form must hold exactly one file', async () => {
    const [a, b] = [await planned('2027-04-20'), await planned('2027-04-21')];
    const transport = (await report(w.token, { mission: a.mission, reason: 'transport' })).json;
    const sick = (await report(w.token, { mission: b.mission, reason: 'sick' })).json;
    expect((await withdraw(w.token, sick.id)).status).toBe(200);
    for (const id of [transport.id, sick.id]) {
      const res = await addCertificate(w.token, id, JPEG);
      expect([res.status, res.json.code]).toEqual([409, 'absence_certificate_not_expected']);
    }
    const empty = await api.post(`/api/user/me/absences/${transport.id}/certificate`, { token: w.token, form: new FormData() });
    const extra = new FormData();
    extra.append('certificate', new File([new Uint8Array(JPEG)], 'c.jpg'));
    extra.append('note', 'x');
    expect([empty.status, (await api.post(`/api/user/me/absences/${transport.id}/certificate`, { token: w.token, form: extra })).status]).toEqual([400, 400]);
  });
});

describe('withdrawing a report', () => {
  it('works until the mission starts (before yes, at and after no), answers a repeat, tells the agency, and frees the mission', async () => {
    const m = await planned('2027-03-26', '08:00', '16:00'); // starts 2027-03-26T07:00Z
    const first = (await report(w.token, { mission: m.mission, reason: 'other', message: 'Rendez-vous administratif' })).json;
    const atStart = await at('2027-03-26T07:00:00Z', () => withdraw(w.token, first.id));
    expect([atStart.status, atStart.json.code]).toEqual([409, 'absence_mission_started']);
    const after = await at('2027-03-26T09:00:00Z', () => withdraw(w.token, first.id));
    expect([after.status, after.json.code]).toEqual([409, 'absence_mission_started']);
    const before = await at('2027-03-26T06:59:59Z', () => withdraw(w.token, first.id));
    expect(before.json).toMatchObject({ status: 'withdrawn', withdrawnAt: '2027-03-26T06:59:59.000Z', withdrawable: false, mustPhoneAgency: false });
    const repeat = await withdraw(w.token, first.id);
    expect([repeat.status, repeat.json]).toEqual([200, before.json]);
    expect((await agencyMails())[0]!.subject).toBe('Absence retirée : Anne Dupont viendra à la mission M-2027-03-26-0800 du 26/03/2027');
    const item = ((await api.get('/api/user/me/upcoming-planning', { token: w.token })).json as Array<{ mission: string; absence: unknown }>).find(
      (i) => i.mission === m.mission,
    );
    expect(item!.absence).toBeNull();
    // The mission is free again: a new report stands, and the withdrawn one stays for the record.
    expect((await report(w.token, { mission: m.mission, reason: 'sick' })).status).toBe(201);
    expect((await api.deps.db.query<{ n: number }>('SELECT count(*)::int AS n FROM absence_reports WHERE mission_id = $1', [m.mission]))[0]!.n).toBe(2);
  });
});

describe('the back-office', () => {
  it('lists the reports with their certificates, downloads a certificate, and does both from the CLI', async () => {
    const m = await planned('2027-04-22');
    const r = (await report(w.token, { mission: m.mission, reason: 'sick', message: 'Angine' }, { bytes: JPEG })).json;
    const list = await api.bo('GET', `/absences?worker=${enc(w.email.toUpperCase())}`);
    expect(list.status).toBe(200);
    const listed = list.json.find((a: { id: string }) => a.id === r.id);
    expect(listed).toMatchObject({ worker: { email: w.email, name: 'Anne Dupont' }, reason: 'sick', message: 'Angine', status: 'reported' });
    expect(listed.certificate).toMatchObject({ status: 'received', mediaType: 'image/jpeg', size: JPEG.length });
    expect(list.json.every((a: { worker: { email: string } }) => a.worker.email === w.email)).toBe(true);
    expect((await api.bo('GET', '/absences')).json.length).toBeGreaterThanOrEqual(list.json.length);
    const file = await api.bo('GET', `/absences/${r.id}/certificate`);
    expect([file.status, file.headers.get('content-type'), file.headers.get('content-disposition')]).toEqual([
      200,
      'image/jpeg',
      `attachment; filename="certificat-M-2027-04-22-0900-2027-04-22.jpg"; filename*=UTF-8''certificat-M-2027-04-22-0900-2027-04-22.jpg`,
    ]);
    expect(Buffer.from(file.bytes).equals(Buffer.from(JPEG))).toBe(true);
    expect((await api.bo('GET', '/absences/nothingHere/certificate')).status).toBe(404);
    expect((await api.get('/api/backoffice/absences', { token: w.token })).status).toBe(401);

    const out: string[] = [];
    const saved: Array<[string, Uint8Array]> = [];
    const cliFetch = async (url: string, init: RequestInit) => {
      const u = new URL(url);
      const res = await api.call(init.method ?? 'GET', `${u.pathname}${u.search}`, { headers: init.headers as Record<string, string> });
      return new Response(new Uint8Array(res.bytes), { status: res.status, headers: res.headers });
    };
    const options = {
      baseUrl: 'http://portal.test',
      token: BACKOFFICE,
      fetch: cliFetch,
      out: (t: string) => out.push(t),
      save: (n: string, b: Uint8Array) => saved.push([n, b]),
    };
    expect(await runBackoffice(['absences', w.email], options)).toBe(0);
    expect(JSON.parse(out.at(-1)!).map((a: { id: string }) => a.id)).toContain(r.id);
    expect(await runBackoffice(['absences'], options)).toBe(0);
    expect(await runBackoffice(['absence-certificate', r.id], options)).toBe(0);
    expect(saved.map(([name, bytes]) => [name, bytes.length])).toEqual([['certificat-M-2027-04-22-0900-2027-04-22.jpg', JPEG.length]]);
    expect(out.at(-1)).toBe(`Saved certificat-M-2027-04-22-0900-2027-04-22.jpg (${JPEG.length} bytes, image/jpeg).`);
  });
});

describe('the calendars', () => {
  /** The VEVENT of a mission in the feed, as ical.js reads it. */
  async function event(url: string, missionId: string) {
    const res = await api.get(new URL(url).pathname);
    expect(res.status).toBe(200);
    const vevent = new ICAL.Component(ICAL.parse(res.text))
      .getAllSubcomponents('vevent')
      .find((e) => String(e.getFirstPropertyValue('uid')).startsWith(`mission-${missionId}@`))!;
    return {
      status: vevent.getFirstPropertyValue('status'),
      sequence: vevent.getFirstPropertyValue('sequence'),
      summary: vevent.getFirstPropertyValue('summary'),
      description: String(vevent.getFirstPropertyValue('description')),
      modified: (vevent.getFirstPropertyValue('last-modified') as ICAL.Time).toJSDate().toISOString(),
      etag: res.headers.get('etag'),
    };
  }

  it('mark the event TENTATIVE with when it was reported (never the reason), as a revision; a withdrawal confirms it again', async () => {
    const worker = await approvedWorker(api);
    const feed = (await api.post('/api/user/me/calendar-feed', { token: worker.token, json: {} })).json as { url: string };
    const m = await mission(api, worker.email, { date: '2027-04-23', start: '09:00', end: '17:00', reference: 'EXPO-9' });
    const before = await event(feed.url, m.mission);
    expect(before).toMatchObject({ status: 'CONFIRMED', sequence: 0, summary: 'EXPO-9 - Job 7' });
    const reported = await at('2027-03-25T09:10:00Z', () => report(worker.token, { mission: m.mission, reason: 'sick', message: 'Grippe' }));
    const marked = await event(feed.url, m.mission);
    expect(marked).toMatchObject({ status: 'TENTATIVE', sequence: 1, summary: 'ABSENCE SIGNALÉE – EXPO-9 - Job 7', modified: '2027-03-25T09:10:00.000Z' });
    expect(marked.description).toMatch(/^Absence signalée le 25\/03\/2027 à 10:10 : vous avez prévenu l'agence que vous ne pourrez pas venir\./);
    expect(marked.description).not.toMatch(/maladie|Grippe/);
    expect(marked.etag).not.toBe(before.etag);
    const download = await api.get('/api/user/download-planning.ics', { token: worker.token });
    expect(download.text).toContain('STATUS:TENTATIVE');
    await at('2027-03-26T08:00:00Z', () => withdraw(worker.token, reported.json.id));
    expect(await event(feed.url, m.mission)).toMatchObject({
      status: 'CONFIRMED',
      sequence: 2,
      summary: 'EXPO-9 - Job 7',
      modified: '2027-03-26T08:00:00.000Z',
    });
    // The agency's cancellation wins over a report: the event is CANCELLED.
    await report(worker.token, { mission: m.mission, reason: 'transport' });
    expect((await api.bo('POST', `/workers/${enc(worker.email)}/missions/${m.mission}/cancel`, {})).status).toBe(200);
    expect(await event(feed.url, m.mission)).toMatchObject({ status: 'CANCELLED', sequence: 4 });
  });
});
