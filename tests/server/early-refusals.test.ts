// A request refused before its body is read (a 401 on an upload with a bad token, a 413) leaves a keep-alive client
// with the answer, never with EPIPE or ECONNRESET (docs/decisions/222-early-refusals-close-cleanly.md): Node's own
// client, on a keep-alive Agent, sends its whole body at once and must read each refusal; after a 401 the connection
// is used again, after a 413 (Connection: close) the next request goes on a new one.
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '../../server/log.ts';
import { serve, type Listening } from '../../server/serve.ts';
import { startServer, type TestServer } from './helpers/harness.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
let listening: Listening;
beforeAll(async () => {
  api = await startServer();
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
afterAll(async () => {
  await listening.drain();
  await api.close();
});

const watched = new WeakSet<object>();
const socketErrors: string[] = [];

type Sent = { status: number; code: string; reused: boolean; errors: string[] };

/** One POST of `size` bytes written in one go (with Content-Length, or chunked), its answer read, and every error seen on its way. */
function post(agent: Agent, path: string, size: number, headers: Record<string, string>, chunked = false): Promise<Sent> {
  return new Promise((resolve) => {
    const errors: string[] = [];
    let answer: Omit<Sent, 'errors'> | null = null;
    let written = false;
    const settle = () => {
      if (answer && written) resolve({ ...answer, errors });
    };
    const req = request(
      { host: '127.0.0.1', port: listening.port, path, method: 'POST', agent, headers: { ...headers, ...(chunked ? {} : { 'Content-Length': String(size) }) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          answer = { status: res.statusCode!, code: (JSON.parse(text) as { code: string }).code, reused: req.reusedSocket };
          settle();
        });
      },
    );
    const failed = (error: NodeJS.ErrnoException) => {
      errors.push(error.code ?? error.message);
      written = true;
      if (answer) settle();
      else resolve({ status: 0, code: '', reused: req.reusedSocket, errors });
    };
    req.on('error', failed);
    // The socket too, once: Node's client lets go of it once the answer is read, while the body may still be on its way.
    req.on('socket', (socket) => {
      if (watched.has(socket)) return;
      watched.add(socket);
      socket.on('error', (error: NodeJS.ErrnoException) => socketErrors.push(`${path}: ${error.code}`));
    });
    req.on('finish', () => {
      written = true;
      settle();
    });
    req.end(Buffer.alloc(size, 0x61));
  });
}

const MiB = 1024 * 1024;
const upload = { 'Content-Type': 'multipart/form-data; boundary=x', Authorization: 'Bearer not-a-token' };

describe('a refusal sent before the body is read', () => {
  it('reaches a keep-alive client: 401 on an upload with a bad token, 413 by size (declared or chunked)', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const seen: Sent[] = [];
    seen.push(await post(agent, '/api/user/me/upload-file/picture1', 9 * MiB, upload));
    seen.push(await post(agent, '/api/user/me/upload-file/picture1', 9 * MiB, upload));
    seen.push(await post(agent, '/api/user/me/upload-file/picture1', 12 * MiB, upload));
    seen.push(await post(agent, '/api/user/me/upload-file/picture1', 12 * MiB, upload, true));
    seen.push(await post(agent, '/api/auth/login', 2 * MiB, { 'Content-Type': 'application/json' }));
    agent.destroy();
    expect(seen).toEqual(
      [
        { status: 401, code: 'unauthorized', errors: [] },
        // The body after a 401 was read to its end: the connection serves the next request.
        { status: 401, code: 'unauthorized', reused: true, errors: [] },
        { status: 413, code: 'payload_too_large', errors: [] },
        // After a 413's Connection: close, each request opens a connection of its own.
        { status: 413, code: 'payload_too_large', reused: false, errors: [] },
        { status: 413, code: 'payload_too_large', reused: false, errors: [] },
      ].map((e) => expect.objectContaining(e)),
    );
    expect(socketErrors).toEqual([]);
  });
});
