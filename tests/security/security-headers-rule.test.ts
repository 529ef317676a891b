// The header checker shared by the server test and the e2e fixture, on good and bad answers.
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/security-headers.ts';
import { replayedFromCache, securityHeaderProblems } from './rules/security-headers.ts';

const good = {
  'content-security-policy': contentSecurityPolicy(),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'cache-control': 'no-store',
  'content-type': 'application/json',
};

describe('securityHeaderProblems', () => {
  it('accepts the headers of the reference server', () => {
    expect(securityHeaderProblems('/api/user/me/info', good)).toEqual([]);
    // With the hashes of the prerendered pages' first-paint <style> (dist/prerender.json).
    const hashed = contentSecurityPolicy(["'sha256-X+u+TnE/TKLv9oK1/KSIip3gQLzDD4pGGcbpmW3Mfh0='"]);
    expect(securityHeaderProblems('/login', { ...good, 'content-security-policy': hashed, 'content-type': 'text/html', 'cache-control': 'no-cache' })).toEqual(
      [],
    );
  });

  it('fails each missing or weakened header', () => {
    const without = (name: keyof typeof good) => securityHeaderProblems('/api/x', { ...good, [name]: undefined });
    for (const name of Object.keys(good).filter((n) => n !== 'content-type') as Array<keyof typeof good>) expect(without(name), name).not.toEqual([]);
    const weak = (csp: string) => securityHeaderProblems('/x', { ...good, 'content-security-policy': csp });
    expect(weak(good['content-security-policy'].replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("style-src 'self'", "style-src 'self' 'nonce-abc'"))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("style-src 'self'", "style-src 'self' 'unsafe-hashes' 'sha256-AAAA'"))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("style-src 'self'", "style-src 'sha256-AAAA'"))).not.toEqual([]);
    // Only SHA-256 hash sources of a real digest: the build writes nothing else.
    expect(weak(good['content-security-policy'].replace("style-src 'self'", "style-src 'self' 'sha256-AAAA'"))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("style-src 'self'", `style-src 'self' 'sha384-${'A'.repeat(64)}'`))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("object-src 'none'", "object-src 'self'"))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("; frame-ancestors 'none'", ''))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("base-uri 'none'", 'base-uri *'))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("worker-src 'self'", "worker-src 'self' blob:"))).not.toEqual([]);
    expect(weak(good['content-security-policy'].replace("img-src 'self' data: blob:", "img-src 'self' data: blob: https://cdn.example"))).not.toEqual([]);
    expect(securityHeaderProblems('/home', { ...good, 'content-type': 'text/html', 'cache-control': 'max-age=600' })).not.toEqual([]);
  });
});

describe('replayedFromCache', () => {
  it('tells a replay of the browser cache (no body on the wire) from an answer of the server, empty ones included', () => {
    expect(replayedFromCache({ responseBodySize: -705 })).toBe(true);
    expect(replayedFromCache({ responseBodySize: 0 })).toBe(false); // a 204 or 304 from the server
    expect(replayedFromCache({ responseBodySize: 1785 })).toBe(false);
  });
});
