/**
 * The security headers of §10 on every answer. The CSP allows no inline script at all. The one inline
 * style it allows is the first-paint CSS the build wrote into each prerendered page, each by its SHA-256 hash
 * (dist/prerender.json): nothing else inline, nothing injected at run time
 * (docs/decisions/076-csp.md, 102-first-load-critical-path.md).
 */
import type { MiddlewareHandler } from 'hono';

/** `styleHashes`: CSP sources `'sha256-…'` of the prerendered pages' <style> elements. */
export function contentSecurityPolicy(styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    ["style-src 'self'", ...styleHashes].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    // The image preparation runs in a worker served from /assets (decision 120); no blob: or data: workers.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const securityHeaders = (options: { styleHashes?: readonly string[] } = {}): MiddlewareHandler => {
  const policy = contentSecurityPolicy(options.styleHashes);
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set('Content-Security-Policy', policy);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'no-referrer');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
};
