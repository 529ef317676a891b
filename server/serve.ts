/**
 * The HTTP server around the app, and how it stops (docs/decisions/181-drain-on-sigterm.md): on `drain()` readiness
 * turns "not ready" at once; for `noticeMs` the port stays open, so that a load balancer's next probe sees it and
 * sends no more (every answer now carries `Connection: close`); then the port closes, idle keep-alive connections are
 * closed, and the requests in flight get up to `timeoutMs` to finish before their connections are cut.
 *
 * An answer given before its request's body was read (a 401 on an upload, a 413) is followed by the rest of that body,
 * read and dropped (docs/decisions/222-early-refusals-close-cleanly.md): a connection closed with bytes still coming
 * in is reset by the system, and a reset makes the client lose the answer it was sent (EPIPE, ECONNRESET). So the
 * connection closes, when it must, only once the body is in, or past DRAIN_BYTES or DRAIN_MS.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from './log.ts';

/** How long an idle keep-alive connection stays open: longer than a client's or a proxy's own idle limit (60 s is common). */
const KEEP_ALIVE_MS = 65_000;
/** What may still come in after an early answer before the connection is cut anyway: more than any body limit (10 MB). */
const DRAIN_BYTES = 32 * 1024 * 1024;
/** …and for how long: 10 MB from a phone on a slow uplink (about 1 Mbit/s) takes about 80 s. */
const DRAIN_MS = 90_000;

/** The bodies still coming in after their answer, by connection: a close of that connection waits for its body. */
const arriving = new WeakMap<Socket, Promise<void>>();
/** The request each connection is reading (Node decides to end a connection before the answer's other listeners run). */
const reading = new WeakMap<Socket, IncomingMessage>();

/** Reads and drops the rest of a body whose answer is sent; resolves once it is in, or cuts the connection past the limits. */
function drainAfterAnswer(incoming: IncomingMessage): void {
  const socket = incoming.socket;
  if (incoming.complete || arriving.has(socket)) return;
  let bytes = 0;
  const over = new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      incoming.off('data', count);
      if (arriving.get(socket) === over) arriving.delete(socket);
      resolve();
    };
    const cut = () => {
      done();
      socket.destroy();
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_BYTES) cut();
    };
    const timer = setTimeout(cut, DRAIN_MS);
    timer.unref();
    // As Node's own drain of an unread body does: whoever read the body before the answer (the fetch Request's stream,
    // which pauses the body when nobody reads it) is done with it.
    incoming.removeAllListeners('data');
    incoming.on('data', count);
    incoming.once('end', done);
    incoming.once('close', done);
    incoming.resume();
  });
  arriving.set(socket, over);
}

/** A connection Node ends after an answer (`Connection: close`, or the body's drain given up) ends once its body is in. */
function closeAfterBody(socket: Socket): void {
  const destroySoon = socket.destroySoon.bind(socket);
  socket.destroySoon = () => {
    const incoming = reading.get(socket);
    if (incoming) drainAfterAnswer(incoming);
    const body = arriving.get(socket);
    if (body) void body.then(() => (socket.destroyed ? undefined : destroySoon()));
    else destroySoon();
  };
}

export type Listening = {
  server: Server;
  port: number;
  /** Stops as above (`noticeMs` may be shortened); resolves once no request is in flight (or the limit cut them). */
  drain(noticeMs?: number): Promise<void>;
};

export type ServeOptions = {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  port: number;
  hostname: string;
  log: Logger;
  /** Told at once when a drain begins (readiness reads it). */
  onDraining: () => void;
  noticeMs: number;
  timeoutMs: number;
};

export function serve(options: ServeOptions): Promise<Listening> {
  const handle = getRequestListener(options.fetch);
  let draining = false;
  let inFlight = 0;
  let settled: (() => void) | null = null;

  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    inFlight++;
    outgoing.once('close', () => {
      inFlight--;
      if (inFlight === 0) settled?.();
    });
    // The client or proxy must not send another request on this connection: it is about to close.
    if (draining) outgoing.setHeader('Connection', 'close');
    reading.set(incoming.socket, incoming);
    outgoing.once('finish', () => drainAfterAnswer(incoming));
    void handle(incoming, outgoing);
  });
  server.on('connection', closeAfterBody);
  // With Node's 5 s default, a client reusing a connection at the moment the server closed it got ECONNRESET (an e2e
  // API call, CI 2026-11-22); behind a proxy that is a 502. tests/reliability/keep-alive.test.ts.
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;

  const idle = () => new Promise<void>((resolve) => (inFlight === 0 ? resolve() : (settled = resolve)));

  async function drain(noticeMs = options.noticeMs): Promise<void> {
    draining = true;
    options.onDraining();
    options.log.info({ event: 'drain_started', inFlight, noticeMs }, 'stopping: readiness says not ready');
    await new Promise((resolve) => setTimeout(resolve, noticeMs));
    server.close();
    server.closeIdleConnections();
    options.log.info({ event: 'port_closed', inFlight }, 'stopping: no new connections');
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), options.timeoutMs)));
    const timedOut = await Promise.race([idle().then(() => false), cut]);
    clearTimeout(timer);
    if (timedOut) {
      options.log.warn({ event: 'drain_timeout', inFlight, timeoutMs: options.timeoutMs }, 'stopping: requests still in flight were cut');
      server.closeAllConnections();
    }
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.hostname, () => {
      server.off('error', reject);
      resolve({ server, port: (server.address() as AddressInfo).port, drain });
    });
  });
}
