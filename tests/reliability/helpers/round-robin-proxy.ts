/**
 * A tiny load balancer, as HAProxy or nginx would be configured in front of the portal (README): round robin over the
 * backends whose readiness probe (GET /api/health/ready, every `checkMs`) answered 200, taken out after two failed
 * probes in a row (HAProxy's `fall 2`: a probe slowed by a busy machine is not an outage); when none is healthy every
 * backend is tried (as nginx does); keep-alive connections to them; a request whose connection is refused (nothing was
 * sent) goes to the next backend. Any other failure is answered 502, as a proxy would, and counted. Backends can be
 * swapped while it runs (a rolling restart).
 */
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Proxy = {
  url: string;
  /** Replaces the backends; a new one gets requests once its probe answered 200. */
  setBackends(urls: string[]): void;
  /** Whether the proxy currently sends requests to this backend. */
  healthy(url: string): boolean;
  /** Requests it had to answer 502 (a backend failed after the request was sent, or none was healthy). */
  failures: string[];
  close(): Promise<void>;
};

export async function roundRobinProxy(initial: string[], checkMs = 100): Promise<Proxy> {
  let backends = [...initial];
  const healthy = new Set<string>();
  const failedChecks = new Map<string, number>();
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const failures: string[] = [];
  let turn = 0;

  const check = async () => {
    for (const url of backends) {
      const ok = await fetch(`${url}/api/health/ready`, { signal: AbortSignal.timeout(2_000) })
        .then(async (r) => (await r.arrayBuffer(), r.status === 200))
        .catch(() => false);
      const failed = ok ? 0 : (failedChecks.get(url) ?? 0) + 1;
      failedChecks.set(url, failed);
      if (ok) healthy.add(url);
      else if (failed >= 2) healthy.delete(url);
    }
  };
  let checking = true;
  const checker = (async () => {
    while (checking) {
      await check();
      await new Promise((resolve) => setTimeout(resolve, checkMs));
    }
  })();
  await check();
  await check();

  const pick = (tried: Set<string>) => {
    const untried = backends.filter((b) => !tried.has(b));
    const candidates = untried.some((b) => healthy.has(b)) ? untried.filter((b) => healthy.has(b)) : untried;
    return candidates.length ? candidates[turn++ % candidates.length]! : null;
  };

  const forward = (incoming: IncomingMessage, body: Buffer, outgoing: ServerResponse, tried = new Set<string>()) => {
    const backend = pick(tried);
    if (!backend) {
      failures.push(`${incoming.method} ${incoming.url}: every backend refused the connection`);
      outgoing.writeHead(502).end();
      return;
    }
    tried.add(backend);
    const target = new URL(incoming.url ?? '/', backend);
    const headers = { ...incoming.headers, host: target.host };
    delete headers.connection;
    const upstream = request(target, { method: incoming.method, headers, agent }, (answer) => {
      const { connection: _connection, 'keep-alive': _keepAlive, ...kept } = answer.headers;
      outgoing.writeHead(answer.statusCode ?? 502, kept);
      answer.pipe(outgoing);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !outgoing.headersSent) return forward(incoming, body, outgoing, tried);
      failures.push(`${incoming.method} ${incoming.url} via ${backend}: ${error.code ?? error.message}`);
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    upstream.end(body);
  };

  const server = createServer((incoming, outgoing) => {
    const parts: Buffer[] = [];
    incoming.on('data', (part: Buffer) => parts.push(part));
    incoming.on('end', () => forward(incoming, Buffer.concat(parts), outgoing));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setBackends(urls) {
      backends = [...urls];
    },
    healthy: (url) => healthy.has(url),
    failures,
    async close() {
      checking = false;
      await checker;
      agent.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
