/**
 * A push service on 127.0.0.1 for the tests and the bench: it plays the browser's side too. `device()` makes a
 * subscription as PushSubscription.toJSON() gives it (a P-256 key pair and an auth secret of its own); each push it
 * receives has its VAPID signature checked (ES256 over the JWT, the audience its own origin, an expiry within 24
 * hours, the signer's key the one expected) and its body decrypted with http_ece (the library web-push encrypts
 * with), and is kept as a receipt with its headers. A device can be told to answer 410 (unsubscribed), 404, 429 or
 * 500 instead of 201. The server reaches it through PUSH_ALLOWED_ORIGINS.
 */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export type Receipt = {
  device: string;
  /** performance.now() when the push was read: in the same clock as the caller's. */
  at: number;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  payload: { id: string; kind: string; title: string; body: string; url: string; tag: string; icon: string };
  /** The VAPID key the push was signed with. */
  signer: string;
};
export type Refusal = { device: string; reason: string };
export type Subscription = { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };

type Device = { ecdh: ECDH; auth: string; answer: number };

const b64 = (b: Buffer) => b.toString('base64url');

/** Why the Authorization header is not a valid VAPID signature by `expected` for `audience`, or null. */
function vapidProblem(header: string | undefined, audience: string, expected: string | null): { problem: string | null; signer: string } {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) return { problem: 'no vapid Authorization', signer: '' };
  const [, jwt, signer] = match as unknown as [string, string, string];
  if (expected && signer !== expected) return { problem: 'signed with another key', signer };
  const [head, body, signature] = jwt.split('.') as [string, string, string];
  const point = Buffer.from(signer, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { problem: 'the key is not a P-256 point', signer };
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${head}.${body}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url')))
    return { problem: 'bad signature', signer };
  const header2 = JSON.parse(Buffer.from(head, 'base64url').toString()) as { alg?: string };
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (header2.alg !== 'ES256') return { problem: 'not ES256', signer };
  if (claims.aud !== audience) return { problem: `audience ${claims.aud}`, signer };
  const now = Date.now() / 1000;
  if (!claims.exp || claims.exp <= now || claims.exp > now + 24 * 3600) return { problem: 'expiry not within 24 hours', signer };
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { problem: 'no subject', signer };
  return { problem: null, signer };
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startPushReceiver(options: { port?: number; vapidKey?: () => string | null } = {}) {
  const devices = new Map<string, Device>();
  const receipts: Receipt[] = [];
  const refusals: Refusal[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((req, res) => {
    void (async () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1] ?? '';
      const device = devices.get(id);
      const body = await read(req);
      const refuse = (status: number, reason: string) => {
        refusals.push({ device: id, reason });
        res.writeHead(status).end();
      };
      if (req.method !== 'POST' || !device) return refuse(404, 'no such device');
      if (device.answer !== 201) return res.writeHead(device.answer).end();
      const { problem, signer } = vapidProblem(req.headers.authorization, origin, options.vapidKey?.() ?? null);
      if (problem) return refuse(403, problem);
      if (req.headers['content-encoding'] !== 'aes128gcm' || req.headers.ttl === undefined) return refuse(400, 'missing headers');
      let payload: Receipt['payload'];
      try {
        payload = JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: device.ecdh, authSecret: device.auth }).toString('utf8')) as Receipt['payload'];
      } catch (error) {
        return refuse(400, `cannot decrypt: ${String(error)}`);
      }
      receipts.push({
        device: id,
        at: performance.now(),
        ttl: Number(req.headers.ttl),
        urgency: (req.headers.urgency as string | undefined) ?? null,
        topic: (req.headers.topic as string | undefined) ?? null,
        payload,
        signer,
      });
      res.writeHead(201).end();
      for (const wake of waiters) wake();
    })();
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    receipts,
    refusals,
    /** A new browser subscription on this push service. */
    device(): { id: string; subscription: Subscription } {
      const id = randomBytes(9).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = b64(randomBytes(16));
      devices.set(id, { ecdh, auth, answer: 201 });
      return { id, subscription: { endpoint: `${origin}/push/${id}`, expirationTime: null, keys: { p256dh: b64(ecdh.getPublicKey()), auth } } };
    },
    /** What the device answers from now on: 201, or 410 once the browser unsubscribed, 404, 429, 500… */
    answer(id: string, status: number) {
      devices.get(id)!.answer = status;
    },
    of: (id: string) => receipts.filter((r) => r.device === id),
    /** Resolves once `count` pushes have arrived in all (rejects after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
      const until = Date.now() + timeoutMs;
      while (receipts.length < count) {
        if (Date.now() > until) throw new Error(`${receipts.length} pushes of ${count} arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const wake = () => (waiters.delete(wake), resolve());
          waiters.add(wake);
          setTimeout(wake, 50);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;
