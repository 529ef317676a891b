/**
 * The security headers of DESIGN.md §6 on every answer. The CSP allows no inline script and no inline
 * <style> element at all: the portal's styles are static files, and nothing injects one at run time
 * (docs/decisions/076-csp.md, 021-csp-nonce-for-injected-styles.md).
 */
import type { MiddlewareHandler } from 'hono';

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  // The image preparation runs in a worker served from /assets (decision 120); no blob: or data: workers.
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const securityHeaders = (): MiddlewareHandler => async (c, next) => {
  await next();
  const h = c.res.headers;
  h.set('Content-Security-Policy', contentSecurityPolicy);
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'no-referrer');
  h.set('X-Frame-Options', 'DENY');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  h.set('Cross-Origin-Resource-Policy', 'same-origin');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
  h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
};
