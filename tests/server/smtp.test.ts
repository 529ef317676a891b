// With SMTP_URL set, each mail also leaves by SMTP: checked against a tiny SMTP listener in the test.
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from './helpers/harness.ts';
import { mission, register } from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

type Received = { from: string; to: string[]; data: string };
const received: Received[] = [];
let smtp: Server;
let api: TestServer;

/** Just enough of RFC 5321 for one client: EHLO, MAIL, RCPT, DATA, QUIT. */
function listen(): Promise<number> {
  smtp = createServer((socket) => {
    let buffer = '';
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let index: number;
      while ((index = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 queued\r\n');
          } else current.data += `${line.startsWith('..') ? line.slice(1) : line}\r\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250-test\r\n250 8BITMIME\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 ok\r\n');
        } else if (verb === 'RCPT') {
          current.to.push(line);
          socket.write('250 ok\r\n');
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => smtp.listen(0, '127.0.0.1', () => resolve((smtp.address() as { port: number }).port)));
}

beforeAll(async () => {
  const port = await listen();
  api = await startServer({ smtpUrl: `smtp://127.0.0.1:${port}` });
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
