/**
 * The HTTP server around the app, and how it stops (docs/decisions/181-drain-on-sigterm.md): on `drain()` readiness
 * turns "not ready" at once; for `noticeMs` the port stays open, so that a load balancer's next probe sees it and
 * sends no more (every answer now carries `Connection: close`); then the port closes, idle keep-alive connections are
 * closed, and the requests in flight get up to `timeoutMs` to finish before their connections are cut.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import type { Logger } from './log.ts';

/** How long an idle keep-alive connection stays open: longer than a client's or a proxy's own idle limit (60 s is common). */
const KEEP_ALIVE_MS = 65_000;

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
    void handle(incoming, outgoing);
  });
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
