// With SMTP_URL set, each mail also leaves by SMTP: checked against a tiny SMTP listener in the test.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { smtpListener, type Received } from './helpers/smtp.ts';
import { mission, register } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let smtp: Awaited<ReturnType<typeof smtpListener>>;
let received: Received[];
let api: TestServer;

beforeAll(async () => {
  smtp = await smtpListener();
  received = smtp.received;
  api = await startServer({ smtpUrl: smtp.url });
});
afterAll(async () => {
  await api.close();
  smtp.close();
});

describe('mail by SMTP', () => {
  it('sends the validation mail that the outbox holds, and records that it left', async () => {
    const email = await register(api, { language: 'nl' });
    await api.deps.mailer.idle();
    const [outboxMail] = (await api.bo('GET', `/outbox?to=${encodeURIComponent(email)}`)).json;
    expect(received).toHaveLength(1);
    expect(received[0]!.to.join()).toContain(email);
    const body = received[0]!.data.replace(/=\r\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain(outboxMail.links[0]);
    expect(body).toMatch(/^Subject: Bevestig uw e-mailadres\r$/m);
    const [row] = await api.deps.db.query<{ smtp_status: string }>('SELECT smtp_status FROM outbox WHERE to_address = $1', [email]);
    expect(row!.smtp_status).toBe('sent');
  });

  it('sends the mail of a mission the agency cancelled, in the worker’s language (§13)', async () => {
    const email = await register(api, { language: 'nl' });
    const m = await mission(api, email, { reference: 'BEURS-9' });
    await api.bo('POST', `/workers/${encodeURIComponent(email)}/missions/${m.mission}/cancel`, {});
    await api.deps.mailer.idle();
    const sent = received.filter((r) => r.to.join().includes(email));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.data).toMatch(/^Subject: Opdracht BEURS-9 geannuleerd\r$/m);
  });
});
