// The push outbox across a restart on one data folder (PGlite; on PostgreSQL the same schema): an event whose push was
// not sent yet when the server stopped is sent once after it starts again, and never again; a push a process had
// claimed when it died goes once its lease ends. The VAPID key made on the first start is the one of every later start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPushReceiver, type PushReceiver } from '../../scripts/lib/push-receiver.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { enc, quickWorker } from './helpers/offers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 120_000 });

const START = new Date('2027-01-15T10:00:00Z');
const dataDir = mkdtempSync(join(tmpdir(), 'portal-push-'));
let push: PushReceiver;
let key = '';
beforeAll(async () => {
  push = await startPushReceiver({ vapidKey: () => key });
});
afterAll(async () => {
  await push.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const open = async (start = START) => {
  const server = await startServer({ dataDir, start, config: { pushAllowedOrigins: [push.origin] } });
  key = server.deps.push.publicKey;
  return server;
};

describe('a restart between the event and the send', () => {
  it('loses nothing and sends nothing twice; the key stays the same', async () => {
    let api: TestServer = await open();
    const firstKey = api.deps.push.publicKey;
    const w = await quickWorker(api);
    const device = push.device();
    expect((await api.post('/api/user/me/push-subscriptions', { token: w.token, json: device.subscription })).status).toBe(204);
    expect((await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {})).json.devices).toBe(1);
    await api.close(); // before any round of the outbox

    api = await open();
    expect(api.deps.push.publicKey).toBe(firstKey);
    expect(await api.deps.push.runOnce()).toMatchObject({ sent: 1 });
    expect(await api.deps.push.runOnce()).toMatchObject({ sent: 0 });
    await api.close();
    api = await open();
    expect(await api.deps.push.runOnce()).toMatchObject({ sent: 0 });
    expect(push.of(device.id).map((r) => r.payload.kind)).toEqual(['test']);

    // A process that died with a push claimed (sent or not): the push waits for the lease to end, then goes once.
    await api.bo('POST', `/workers/${enc(w.email)}/test-notification`, {});
    await api.deps.db.query("UPDATE push_outbox SET lease_until = $1, claimed_by = 'dead', attempts = 1 WHERE sent_at IS NULL", [
      new Date(START.getTime() + 60_000),
    ]);
    await api.close();
    api = await open();
    expect(await api.deps.push.runOnce()).toMatchObject({ sent: 0 });
    api.clock.now = new Date(START.getTime() + 60_000);
    expect(await api.deps.push.runOnce()).toMatchObject({ sent: 1 });
    expect(await api.deps.push.runOnce()).toMatchObject({ sent: 0 });
    expect(push.of(device.id)).toHaveLength(2);
    await api.close();
  });
});
