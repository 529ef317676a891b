// Push notifications against a push service on 127.0.0.1 (scripts/lib/push-receiver.ts): it checks each push's VAPID
// signature and decrypts it, so what is asserted here is what a phone would show. Every kind, in French and Dutch,
// with its Topic, TTL and Urgency; the devices (410, logout, another worker on the same phone); quiet hours on the
// test clock; retries. The outbox is driven by `deps.push.runOnce()` (no timer in these servers).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { topicOf } from '../../server/services/notifications.ts';
import { startPushReceiver, type PushReceiver, type Subscription } from '../../scripts/lib/push-receiver.ts';
import { runCli } from './helpers/backoffice-cli.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { createOffer, enc, quickWorker } from './helpers/offers.ts';
import { PASSWORD, SIGNATURE, login, mission, newWorker } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

// Winter time: 10:00 UTC is 11:00 in Brussels.
const START = new Date('2027-01-15T10:00:00Z');
let api: TestServer;
let push: PushReceiver;
beforeAll(async () => {
  push = await startPushReceiver({ vapidKey: () => api.deps.push.publicKey });
  api = await startServer({ start: START, config: { pushAllowedOrigins: [push.origin] } });
});
afterAll(async () => {
  await api.close();
  await push.close();
});
afterEach(() => {
  api.clock.now = START;
});

const at = (iso: string) => (api.clock.now = new Date(iso));
const run = () => api.deps.push.runOnce();
const subscribe = (token: string, subscription: Subscription | Record<string, unknown>) =>
  api.post('/api/user/me/push-subscriptions', { token, json: subscription });

/** An approved worker with one device on the test push service. */
async function subscribed(language: 'fr' | 'nl' = 'fr') {
  const worker = await quickWorker(api, language);
  const device = push.device();
  expect((await subscribe(worker.token, device.subscription)).status).toBe(204);
  return { ...worker, device: device.id, subscription: device.subscription };
}
/** What a device received, in the order of the events (pushes go out in parallel: they may arrive in any order). */
async function received(device: string) {
  const seq = new Map(
    (await api.deps.db.query<{ id: string; seq: string }>('SELECT id, seq::text AS seq FROM notifications')).map((r) => [r.id, Number(r.seq)]),
  );
  return push.of(device).sort((a, b) => seq.get(a.payload.id)! - seq.get(b.payload.id)!);
}
const only = (device: string) => {
  const got = push.of(device);
  expect(got).toHaveLength(1);
  return got[0]!;
};

describe('the key and the device', () => {
  it('answers the VAPID public key the pushes are signed with, made once and kept', async () => {
    const w = await quickWorker(api);
    const res = await api.get('/api/user/me/push-key', { token: w.token });
    expect(res.status).toBe(200);
    expect(res.json.publicKey).toMatch(/^B[\w-]{86}$/);
    expect(res.json.publicKey).toBe(api.deps.push.publicKey);
    expect(await api.deps.db.query('SELECT public_key FROM push_keys')).toEqual([{ public_key: res.json.publicKey }]);
  });

  it('takes only https push services at public names, the allowed test origin aside (422 on endpoint)', async () => {
    const w = await quickWorker(api);
    const keys = push.device().subscription.keys;
    for (const endpoint of [
      'http://push.example.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://printer.local/x',
      'https://intranet/x',
      'https://push.example.com:8443/x',
      'https://user:pw@push.example.com/x',
      'http://127.0.0.1:1/push/x',
    ]) {
      const res = await subscribe(w.token, { endpoint, expirationTime: null, keys });
      expect([endpoint, res.status, res.json.fields?.[0]?.path]).toEqual([endpoint, 422, 'endpoint']);
    }
    expect((await subscribe(w.token, { endpoint: 'https://fcm.googleapis.com/fcm/send/abc:def', expirationTime: null, keys })).status).toBe(204);
    expect(
      (
        await subscribe(w.token, {
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          expirationTime: null,
          keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` },
        })
      ).status,
    ).toBe(422);
    expect((await subscribe(w.token, { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys.p256dh } })).status).toBe(400);
  });

  it('refuses a support session: the worker’s news must not reach the agency’s browser (403)', async () => {
    const w = await quickWorker(api);
    const { token: oneTime } = (await api.bo('POST', `/workers/${enc(w.email)}/impersonation-token`)).json;
    const support = (await api.get(`/api/auth/impersonate?token=${oneTime}`)).json.token as string;
    const res = await subscribe(support, push.device().subscription);
    expect([res.status, res.json.code]).toEqual([403, 'forbidden']);
  });
});

describe('what is pushed, in the worker’s language', () => {
  it('an offer: its job, place, shift, wage and deadline; Topic of the offer, TTL to its deadline, normal urgency', async () => {
    const [fr, nl] = [await subscribed('fr'), await subscribed('nl')];
    const offer = await createOffer(api, [fr.email, nl.email], {
      shifts: [
        { date: '2027-02-10', start: '09:00', end: '17:00' },
        { date: '2027-02-11', start: '22:00', end: '06:00' },
      ],
    });
    expect(await run()).toMatchObject({ sent: 2, retry: 0, givenUp: 0 });
    const french = only(fr.device);
    expect(french.payload).toMatchObject({
      kind: 'offerNew',
      title: 'Nouvelle offre : Hôte / hôtesse d’accueil à Brussels Expo',
      url: `/offers?offer=${offer}`,
      tag: topicOf(`offer:${offer}`),
    });
    expect(french.payload.body).toMatch(
      /^Le 10\/02\/2027, de 09:00 à 17:00 \(\+1 autres services\) · 15,50\s€ brut de l'heure\. Répondez avant le 16\/01\/2027 à 11:00\.$/,
    );
    expect([french.topic, french.ttl, french.urgency]).toEqual([topicOf(`offer:${offer}`), 24 * 3600, 'normal']);
    const dutch = only(nl.device).payload;
    expect(dutch.title).toBe('Nieuw aanbod: Onthaalmedewerker in Brussels Expo');
    expect(dutch.body).toMatch(
      /^Op 10\/02\/2027, van 09:00 tot 17:00 \(\+1 andere diensten\) · €\s15,50 bruto per uur\. Antwoord vóór 16\/01\/2027 om 11:00\.$/,
    );
    // Sent once: another round finds nothing.
    expect(await run()).toMatchObject({ sent: 0 });
  });

  it('a mission changed or cancelled: urgent when the shift is within 24 hours, until the shift is over', async () => {
    const w = await subscribed('nl');
    const soon = await mission(api, w.email, { date: '2027-01-16', start: '08:00', end: '16:00', reference: 'M-SOON', job: 'waiter', shortLocation: 'Gent' });
    const later = await mission(api, w.email, { date: '2027-01-25', start: '08:00', end: '16:00', reference: 'M-LATER', job: 'waiter' });
    expect((await api.bo('POST', `/workers/${enc(w.email)}/missions/${soon.mission}/change`, { start: '07:00' })).status).toBe(200);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/missions/${later.mission}/cancel`, {})).status).toBe(200);
    await run();
    const [changed, cancelled] = await received(w.device);
    expect(changed!.payload).toMatchObject({
      kind: 'missionChanged',
      title: 'Opdracht M-SOON gewijzigd',
      body: 'Kelner / serveerster: voortaan op 16/01/2027, van 07:00 tot 16:00, in Gent.',
      url: '/planning',
    });
    // 11:00 on the 15th to 16:00 on the 16th (Brussels): 29 hours.
    expect([changed!.urgency, changed!.ttl, changed!.topic]).toEqual(['high', 29 * 3600, topicOf(`mission:${soon.mission}`)]);
    expect(cancelled!.payload).toMatchObject({ kind: 'missionCancelled', title: 'Opdracht M-LATER geannuleerd' });
    expect(cancelled!.urgency).toBe('normal');
    // A change that changes nothing tells nothing.
    expect((await api.bo('POST', `/workers/${enc(w.email)}/missions/${soon.mission}/change`, { start: '07:00' })).status).toBe(200);
    expect(await run()).toMatchObject({ sent: 0 });
  });

  it('hours to confirm, then a reminder three hours before their deadline, of the same Topic, once', async () => {
    const w = await subscribed('fr');
    const m = await mission(api, w.email, { date: '2027-01-14', reference: 'H-1' });
    expect((await api.bo('POST', `/workers/${enc(w.email)}/missions/${m.mission}/hours`, { start: '09:00', end: '17:30', breakMinutes: 30 })).status).toBe(201);
    await run();
    const recorded = only(w.device);
    expect(recorded.payload).toMatchObject({
      kind: 'hoursRecorded',
      title: 'Vos heures du 14/01/2027 à confirmer',
      body: 'Mission H-1 : vérifiez-les, puis confirmez-les ou contestez-les avant le 17/01/2027 à 11:00.',
      url: '/hours',
    });
    expect([recorded.ttl, recorded.topic]).toEqual([48 * 3600, topicOf(`hours:${m.mission}`)]);
    at('2027-01-17T06:59:00Z'); // 07:59: more than three hours left
    expect(await run()).toMatchObject({ reminders: 0 });
    at('2027-01-17T07:00:00Z');
    expect(await run()).toMatchObject({ reminders: 1, sent: 1 });
    const reminder = push.of(w.device)[1]!;
    expect(reminder.payload).toMatchObject({ kind: 'hoursReminder', title: 'Plus que quelques heures pour vos heures du 14/01/2027' });
    expect([reminder.ttl, reminder.topic]).toEqual([3 * 3600, recorded.topic]);
    at('2027-01-17T08:00:00Z');
    expect(await run()).toMatchObject({ reminders: 0, sent: 0 });
  });

  it('no reminder for hours already answered, nor for a worker who turned reminders off (the list still has it)', async () => {
    const answered = await subscribed();
    const off = await subscribed();
    const [a, b] = [await mission(api, answered.email, { date: '2027-01-14' }), await mission(api, off.email, { date: '2027-01-14' })];
    for (const [w, m] of [
      [answered, a],
      [off, b],
    ] as const)
      expect((await api.bo('POST', `/workers/${enc(w.email)}/missions/${m.mission}/hours`, { start: '09:00', end: '17:00', breakMinutes: 0 })).status).toBe(
        201,
      );
    expect((await api.post('/api/user/me/hours/confirm', { token: answered.token, json: { days: [{ mission: a.mission, version: 1 }] } })).status).toBe(200);
    const settings = (await api.get('/api/user/me/notification-settings', { token: off.token })).json;
    const saved = await api.post('/api/user/me/notification-settings', {
      token: off.token,
      json: { ...settings, topics: { ...settings.topics, hoursReminders: false } },
    });
    expect(saved.json.topics).toMatchObject({ hoursReminders: false, hours: true });
    await run();
    at('2027-01-17T08:30:00Z');
    expect(await run()).toMatchObject({ reminders: 0 });
    expect(push.of(answered.device).map((r) => r.payload.kind)).toEqual(['hoursRecorded']);
    expect(push.of(off.device).map((r) => r.payload.kind)).toEqual(['hoursRecorded']);
    const list = (await api.get('/api/user/me/notifications', { token: off.token })).json;
    expect(list.items.map((n: { kind: string }) => n.kind)).toEqual(['hoursReminder', 'hoursRecorded', 'detailsApproved']);
  });

  it('a certificate still due, the day before its deadline ends, linking to the report', async () => {
    const w = await subscribed('nl');
    const m = await mission(api, w.email, { date: '2027-01-18', reference: 'ABS-1' });
    const form = new FormData();
    form.append('mission', m.mission);
    form.append('reason', 'sick');
    const report = await api.post('/api/user/me/absences', { token: w.token, form });
    expect(report.status, report.text).toBe(201);
    const { dueBy, lastDay } = report.json.certificate;
    // Due by the end of Tuesday 19 (two working days): found at midnight, held by the quiet hours until 07:00.
    expect([dueBy, lastDay]).toEqual(['2027-01-19T23:00:00.000Z', '2027-01-19']);
    at('2027-01-18T22:59:00Z');
    expect(await run()).toMatchObject({ reminders: 0 });
    at('2027-01-18T23:00:00Z');
    expect(await run()).toMatchObject({ reminders: 1, held: 1, sent: 0 });
    at('2027-01-19T06:00:00Z');
    expect(await run()).toMatchObject({ reminders: 0, sent: 1 });
    const due = only(w.device);
    expect(due.payload).toMatchObject({
      kind: 'certificateDue',
      title: 'Doktersattest verwacht',
      body: 'Voor uw afwezigheid van 18/01/2027 (opdracht ABS-1): bezorg het uiterlijk op 19/01/2027.',
      url: `/absence?mission=${m.mission}`,
    });
    expect(due.ttl).toBe(17 * 3600);
  });

  it('the signature validated or rejected, the personal file approved, and the back-office test', async () => {
    const w = await newWorker(api, { language: 'fr' });
    const device = push.device();
    expect((await subscribe(w.token, device.subscription)).status).toBe(204);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/approve-details`)).status).toBe(200);
    expect((await api.post('/api/user/me/update-signature', { token: w.token, json: { value: SIGNATURE } })).status).toBe(200);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/signature-status`, { status: 'rejected' })).status).toBe(200);
    expect((await api.post('/api/user/me/update-signature', { token: w.token, json: { value: SIGNATURE } })).status).toBe(200);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/signature-status`, { status: 'validated' })).status).toBe(200);
    const test = await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    expect([test.status, test.json.devices]).toEqual([202, 1]);
    await run();
    const got = await received(device.id);
    expect(got.map((r) => [r.payload.kind, r.payload.title, r.payload.url])).toEqual([
      ['detailsApproved', 'Votre dossier est approuvé', '/home'],
      ['signatureRejected', 'Signature refusée', '/user/manage-signature'],
      ['signatureValidated', 'Signature validée', '/user/manage-signature'],
      ['test', 'Notification de test', '/notifications'],
    ]);
    expect(got[1]!.topic).toBe(got[2]!.topic);
  });
});

describe('devices come and go', () => {
  it('a push service answering 410 removes the device: nothing is queued for it after', async () => {
    const w = await subscribed();
    push.answer(w.device, 410);
    await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    expect(await run()).toMatchObject({ gone: 1, sent: 0 });
    expect((await api.bo('GET', `/workers/${enc(w.email)}/push-devices`)).json).toEqual([]);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {})).json.devices).toBe(0);
  });

  it('logout removes this device, not the worker’s other ones', async () => {
    const w = await subscribed();
    const otherToken = await login(api, w.email, PASSWORD);
    const other = push.device();
    expect((await subscribe(otherToken, other.subscription)).status).toBe(204);
    const devices = (await api.bo('GET', `/workers/${enc(w.email)}/push-devices`)).json;
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({ service: push.origin, sessionActive: true, lastSentAt: null });
    expect(JSON.stringify(devices)).not.toContain('/push/');
    expect((await api.post('/api/auth/logout', { token: w.token, json: {} })).status).toBe(204);
    await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    await run();
    expect([push.of(w.device).length, push.of(other.id).length]).toEqual([0, 1]);
  });

  it('another worker on the same phone takes the device over; what was queued for the first is never pushed to it', async () => {
    const first = await subscribed();
    const second = await quickWorker(api);
    await api.bo('POST', `/workers/${enc(first.email)}/test-notification`, {});
    expect((await subscribe(second.token, first.subscription)).status).toBe(204);
    await api.bo('POST', `/workers/${enc(first.email)}/test-notification`, {});
    await api.bo('POST', `/workers/${enc(second.email)}/test-notification`, {});
    expect(await run()).toMatchObject({ sent: 1 });
    expect(push.of(first.device).map((r) => r.payload.id)).toEqual([(await api.get('/api/user/me/notifications', { token: second.token })).json.items[0].id]);
    expect((await api.bo('GET', `/workers/${enc(first.email)}/push-devices`)).json).toEqual([]);
  });

  it('the back-office CLI sends a test notification and lists the devices', async () => {
    const w = await subscribed();
    const sent = await runCli(api, ['test-notification', w.email]);
    expect([sent.code, JSON.parse(sent.out).devices]).toEqual([0, 1]);
    await run();
    const listed = await runCli(api, ['push-devices', w.email]);
    expect(JSON.parse(listed.out)).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{12}$/),
        service: push.origin,
        subscribedAt: START.toISOString(),
        sessionActive: true,
        lastSentAt: START.toISOString(),
        lastFailure: null,
      },
    ]);
    expect((await runCli(api, ['push-devices', 'nobody@test.example'])).code).toBe(1);
  });

  it('a session that ended (expired or revoked) pushes nothing; the list keeps the news', async () => {
    const w = await subscribed();
    await api.deps.db.query('UPDATE sessions SET revoked_at = $1 WHERE worker_id = (SELECT id FROM workers WHERE email = $2)', [START, w.email]);
    await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    expect(await run()).toMatchObject({ sent: 0 });
    expect(push.of(w.device)).toEqual([]);
    const token = await login(api, w.email);
    // The approval of the file and the test.
    expect((await api.get('/api/user/me/notifications/unread', { token })).json).toEqual({ unread: 2 });
  });

  it('a push service that fails is tried again after a backoff, and the push goes once it answers', async () => {
    const w = await subscribed();
    push.answer(w.device, 500);
    await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    expect(await run()).toMatchObject({ retry: 1 });
    push.answer(w.device, 201);
    expect(await run()).toMatchObject({ sent: 0 });
    at('2027-01-15T10:00:29Z');
    expect(await run()).toMatchObject({ sent: 0 });
    at('2027-01-15T10:00:30Z');
    expect(await run()).toMatchObject({ sent: 1 });
    expect((await api.bo('GET', `/workers/${enc(w.email)}/push-devices`)).json[0]).toMatchObject({ lastFailure: null });
  });

  it('a push that cannot be encrypted (a device key spoiled since it was checked) is tried again, alone, and goes once it can', async () => {
    const w = await subscribed();
    const other = await subscribed();
    const [device] = await api.deps.db.query<{ p256dh: string }>('SELECT p256dh FROM push_subscriptions WHERE endpoint = $1', [w.subscription.endpoint]);
    await api.deps.db.query('UPDATE push_subscriptions SET p256dh = $2 WHERE endpoint = $1', [w.subscription.endpoint, 'not-a-key']);
    await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    await api.bo('POST', `/workers/${enc(other.email)}/test-notification`, {});
    // The round goes on for the other device; this one waits for its backoff, saying why.
    expect(await run()).toMatchObject({ sent: 1, retry: 1 });
    expect(push.of(other.device)).toHaveLength(1);
    const [row] = await api.deps.db.query<{ outcome: string }>('SELECT outcome FROM push_outbox WHERE endpoint = $1', [w.subscription.endpoint]);
    expect(row!.outcome).toMatch(/^not encrypted: /);
    await api.deps.db.query('UPDATE push_subscriptions SET p256dh = $2 WHERE endpoint = $1', [w.subscription.endpoint, device!.p256dh]);
    at('2027-01-15T10:00:30Z');
    expect(await run()).toMatchObject({ sent: 1 });
    expect(push.of(w.device)).toHaveLength(1);
  });
});

describe('quiet hours (22:00-07:00 Brussels by default)', () => {
  it('before them a push goes at once; at 22:00 it waits until 07:00; a change to a shift within 24 hours goes anyway', async () => {
    const w = await subscribed();
    const offerAt = async (iso: string) => {
      at(iso);
      await createOffer(api, [w.email], { answerBy: new Date(api.clock.now.getTime() + 24 * 3600_000).toISOString() });
      return run();
    };
    expect(await offerAt('2027-01-15T20:59:00Z')).toMatchObject({ sent: 1 }); // 21:59
    expect(await offerAt('2027-01-15T21:00:00Z')).toMatchObject({ held: 1, sent: 0 }); // 22:00
    const night = await mission(api, w.email, { date: '2027-01-16', start: '06:00', end: '14:00' });
    at('2027-01-15T23:30:00Z');
    expect((await api.bo('POST', `/workers/${enc(w.email)}/missions/${night.mission}/change`, { start: '05:00' })).status).toBe(200);
    expect(await run()).toMatchObject({ sent: 1 });
    // In the order they arrived: one at a time here.
    expect(push.of(w.device).map((r) => r.payload.kind)).toEqual(['offerNew', 'missionChanged']);
    at('2027-01-16T05:59:00Z'); // 06:59
    expect(await run()).toMatchObject({ sent: 0 });
    at('2027-01-16T06:00:00Z'); // 07:00
    expect(await run()).toMatchObject({ sent: 1 });
    const held = push.of(w.device)[2]!;
    // Sent at 07:00 for a deadline at 22:00 the day before + 24 h: 15 hours left.
    expect([held.payload.kind, held.ttl]).toEqual(['offerNew', 15 * 3600]);
  });

  it('the worker’s own quiet hours, or none', async () => {
    const w = await subscribed();
    const none = await api.post('/api/user/me/notification-settings', {
      token: w.token,
      json: { topics: (await api.get('/api/user/me/notification-settings', { token: w.token })).json.topics, quietHours: null },
    });
    expect(none.json.quietHours).toBeNull();
    at('2027-01-16T02:00:00Z');
    await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    await createOffer(api, [w.email]);
    expect(await run()).toMatchObject({ sent: 2 });
    const empty = await api.post('/api/user/me/notification-settings', {
      token: w.token,
      json: { topics: none.json.topics, quietHours: { start: '08:00', end: '08:00' } },
    });
    expect([empty.status, empty.json.fields[0].path]).toEqual([422, 'quietHours.end']);
  });
});

describe('the notification list', () => {
  it('holds every event, pushed or not, in the worker’s language of now; unread until opened', async () => {
    const w = await quickWorker(api, 'fr');
    const first = await createOffer(api, [w.email]);
    await createOffer(api, [w.email]);
    const list = (await api.get('/api/user/me/notifications', { token: w.token })).json;
    expect(list.unread).toBe(3);
    expect(list.items.map((n: { kind: string }) => n.kind)).toEqual(['offerNew', 'offerNew', 'detailsApproved']);
    expect(list.items[1]).toMatchObject({
      kind: 'offerNew',
      title: 'Nouvelle offre : Hôte / hôtesse d’accueil à Brussels Expo',
      link: `/offers?offer=${first}`,
      readAt: null,
    });
    const read = await api.post('/api/user/me/notifications/read', { token: w.token, json: { ids: [list.items[1].id, 'not-mine'] } });
    expect(read.json).toEqual({ unread: 2 });
    expect((await api.post('/api/user/me/notifications/read', { token: w.token, json: { ids: [list.items[1].id] } })).json).toEqual({ unread: 2 });
    await api.deps.db.query("UPDATE workers SET locale = 'nl' WHERE email = $1", [w.email]);
    const again = (await api.get('/api/user/me/notifications', { token: await login(api, w.email) })).json;
    expect(again.items[1]).toMatchObject({ title: 'Nieuw aanbod: Onthaalmedewerker in Brussels Expo', readAt: START.toISOString() });
    // Another worker cannot mark these read.
    const other = await quickWorker(api);
    await api.post('/api/user/me/notifications/read', { token: other.token, json: { ids: [again.items[0].id] } });
    expect((await api.get('/api/user/me/notifications/unread', { token: w.token })).json).toEqual({ unread: 2 });
  });
});

describe('a short history (the push loop’s scan)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const later = (ms: number) => (api.clock.now = new Date(START.getTime() + ms));

  it('a sent push leaves the outbox after 7 days, its notification the list after 60 days; at each limit, still kept', async () => {
    const w = await subscribed();
    const offer = await createOffer(api, [w.email]);
    await run();
    expect(only(w.device).payload.url).toContain(offer);
    const kept = async () => {
      const [row] = await api.deps.db.query<{ notifications: number; pushes: number }>(
        `SELECT (SELECT count(*)::int FROM notifications n JOIN workers w ON w.id = n.worker_id WHERE w.email = $1) AS notifications,
                (SELECT count(*)::int FROM push_outbox o JOIN notifications n ON n.id = o.notification_id JOIN workers w ON w.id = n.worker_id
                 WHERE w.email = $1) AS pushes`,
        [w.email],
      );
      return row;
    };
    // The offer, and the news that the worker's file was approved (before the device was there: not pushed).
    expect(await kept()).toEqual({ notifications: 2, pushes: 1 });
    // The push was settled at START (the test clock stands still while it runs).
    later(7 * DAY);
    await run();
    expect(await kept()).toEqual({ notifications: 2, pushes: 1 });
    later(7 * DAY + 1);
    await run();
    expect(await kept()).toEqual({ notifications: 2, pushes: 0 });
    later(60 * DAY);
    await run();
    expect(await kept()).toEqual({ notifications: 2, pushes: 0 });
    later(60 * DAY + 1);
    await run();
    expect(await kept()).toEqual({ notifications: 0, pushes: 0 });
  });
});
