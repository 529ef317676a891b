/**
 * One POST to a push service (RFC 8030): the encrypted message and its headers as web-push made them, over
 * keep-alive connections. An endpoint outside PUSH_ALLOWED_ORIGINS goes over https only, to a name that resolves to
 * public addresses only (push-endpoints.ts); the answer's body is not read beyond its end.
 */
import http from 'node:http';
import https from 'node:https';
import { publicOnlyLookup } from './push-endpoints.ts';

export type PushRequest = { endpoint: string; headers: Record<string, string | number>; body: Buffer | null; allowed: boolean };
export type PushAnswer = { status: number; retryAfterMs: number | null };
export type PushTransport = (request: PushRequest) => Promise<PushAnswer>;

const TIMEOUT_MS = 10_000;

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
function retryAfter(header: string | undefined): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export function httpTransport(): PushTransport & { close(): void } {
  const agents = {
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  const once = ({ endpoint, headers, body, allowed }: PushRequest, fresh: boolean) =>
    new Promise<PushAnswer>((resolve, reject) => {
      const url = new URL(endpoint);
      const plain = url.protocol === 'http:';
      if (plain && !allowed) return reject(new Error('a push service must be called over https'));
      const request = (plain ? http : https).request(
        url,
        {
          method: 'POST',
          headers,
          // A kept connection the push service closed meanwhile fails at once: the retry takes a new one.
          agent: fresh ? false : plain ? agents.http : agents.https,
          timeout: TIMEOUT_MS,
          ...(allowed ? {} : { lookup: publicOnlyLookup as never }),
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfterMs: retryAfter(res.headers['retry-after']) }));
          res.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
      request.on('error', (error: NodeJS.ErrnoException) =>
        reject(Object.assign(error, { reused: request.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE') })),
      );
      request.end(body ?? undefined);
    });
  const transport = ((request: PushRequest) =>
    once(request, false).catch((error: Error & { reused?: boolean }) => {
      if (error.reused) return once(request, true);
      throw error;
    })) as PushTransport & { close(): void };
  transport.close = () => {
    agents.https.destroy();
    agents.http.destroy();
  };
  return transport;
}
