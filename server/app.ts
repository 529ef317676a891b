/** The HTTP application: security headers, the /api operations (openapi.yaml) and the built portal. */
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import { isCalendarFeedPath } from './api/calendar.ts';
import { ApiFailure, databaseUnavailable, errorResponse } from './api/errors.ts';
import { operations } from './api/operations.ts';
import type { Deps } from './api/operation.ts';
import { mountOperations } from './api/router.ts';
import { loggableError, type Logger } from './log.ts';
import { requestIdOf, requestLog } from './request-log.ts';
import { securityHeaders } from './security-headers.ts';
import { mountSpa, readPrerenderIndex } from './spa.ts';
import { DatabaseUnavailable } from './storage/db.ts';

export type AppOptions = { distDir: string | null; deps: Deps; log: Logger };

export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  const { log } = options;
  // First, so that its line covers everything after it, errors included.
  app.use('*', requestLog(log, { trustProxy: options.deps.config.trustProxy > 0 }));
  // The prerendered pages' first-paint CSS is allowed by its hashes (docs/decisions/102-first-load-critical-path.md).
  const prerendered = options.distDir ? readPrerenderIndex(options.distDir) : null;
  app.use('*', securityHeaders({ styleHashes: prerendered?.styleHashes }));
  // Nothing the API answers may be kept by a browser or a proxy (§10), except what the calendar feed answers
  // the calendar app that reads it (private, revalidated with its ETag: decision 110).
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.res.status < 400 && isCalendarFeedPath(c.req.path)) return;
    c.res.headers.set('Cache-Control', 'no-store');
  });
  mountOperations(app, options.deps, operations);
  app.all('/api/*', () => {
    throw new ApiFailure(404, 'not_found');
  });
  // Spec §2: the portal's /redirect/validate-email sends the browser to the API with the same query string.
  app.get('/redirect/validate-email', (c) => {
    const query = new URL(c.req.url).search;
    return c.redirect(`/api/auth/validate-email${query}`, 302);
  });
  app.onError((error, c) => {
    if (error instanceof ApiFailure) return errorResponse(c, error);
    if (error instanceof HTTPException && (error.status === 400 || error.status === 413))
      return errorResponse(c, new ApiFailure(error.status, error.status === 413 ? 'payload_too_large' : 'bad_request'));
    // The database went away during this request: it failed, say so; the outage itself is logged once, as an event.
    if (error instanceof DatabaseUnavailable) return errorResponse(c, databaseUnavailable());
    // The route as registered, never the path sent: that may hold a calendar feed's secret or an e-mail address.
    log.error({ id: requestIdOf(c), method: c.req.method, route: routePath(c), err: loggableError(error) }, 'unexpected error');
    return errorResponse(c, new ApiFailure(500, 'internal_error'));
  });
  if (options.distDir) mountSpa(app, options.distDir);
  return app;
}
