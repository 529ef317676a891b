/**
 * One log line per request: when, the method, the route as registered (`/api/calendar/:feed`, never the path a client
 * sent, which may carry a feed's secret or an e-mail address), the status, the time taken and a request id. The id is
 * echoed in `X-Request-Id`, so that a worker's or a proxy's report of a failure leads to its line. Behind a trusted
 * proxy (TRUST_PROXY) the proxy's own `X-Request-Id` is kept when it is a plain token, so both logs share it.
 * docs/decisions/182-request-log.md.
 */
import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from './log.ts';

const REQUEST_ID_HEADER = 'X-Request-Id';
const PROXY_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** Load balancers ask these every few seconds: their lines would bury the others, so they are debug. */
const PROBES = new Set(['/api/health/live', '/api/health/ready']);

const requestIds = new WeakMap<Context, string>();
/** The id of the request being answered (the error log quotes it). */
export const requestIdOf = (c: Context): string => requestIds.get(c) ?? '';

export function requestLog(log: Logger, options: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const offered = options.trustProxy ? c.req.header(REQUEST_ID_HEADER) : undefined;
    const id = offered && PROXY_ID.test(offered) ? offered : randomUUID();
    requestIds.set(c, id);
    await next();
    c.res.headers.set(REQUEST_ID_HEADER, id);
    const route = routePath(c);
    const status = c.res.status;
    // A 503 is the database being away (logged once as an event) or a probe saying "not ready": expected, not a fault.
    const level = PROBES.has(route) ? 'debug' : status === 503 ? 'warn' : status >= 500 ? 'error' : 'info';
    if (!log.isLevelEnabled(level)) return;
    log[level]({ id, method: c.req.method, route, status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
  };
}
