/** The HTTP application: security headers, the /api operations (openapi.yaml) and the built portal. */
import { Hono } from 'hono';
import { securityHeaders } from './security-headers.ts';
import { mountSpa } from './spa.ts';

export type AppOptions = { distDir: string | null };

export function createApp(options: AppOptions): Hono {
  const app = new Hono();
  app.use('*', securityHeaders());
  app.all('/api/*', (c) => c.json({ code: 'not_found', message: 'Not found' }, 404));
  if (options.distDir) mountSpa(app, options.distDir);
  return app;
}
