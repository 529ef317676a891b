/**
 * The baseline of the server benchmark: a bare Hono app with one JSON route on @hono/node-server, on 127.0.0.1
 * and a free port (printed), in its own process like the portal's server. It stops when its parent goes away.
 */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/bare', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => console.log(`bare hono on http://127.0.0.1:${info.port}`));
process.on('disconnect', () => process.exit(0));
setInterval(() => {
  if (process.ppid === 1) process.exit(0); // orphaned
}, 1000).unref();
