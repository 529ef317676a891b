/**
 * The headers §10 asks of every answer of the portal's server, as one checker shared by the server
 * test (tests/server/security-headers.test.ts, every kind of route) and the Playwright fixture (every answer
 * the browser receives from the app's origin). Header names are lower-case.
 */

/** The CSP directives as a map (`script-src` → ["'self'"]). */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

const exactly = (values: string[] | undefined, expected: string) => values?.length === 1 && values[0] === expected;
/** A SHA-256 hash source (`'sha256-…'`, 32 bytes in base64): allows only the inline element whose text has that hash. */
const isHashSource = (value: string) => /^'sha256-[A-Za-z0-9+/]{43}='$/.test(value);

function cspProblems(policy: string | undefined): string[] {
  if (!policy) return ['no Content-Security-Policy'];
  const csp = parseCsp(policy);
  const problems: string[] = [];
  const script = csp.get('script-src') ?? csp.get('default-src');
  if (!exactly(script, "'self'") && !exactly(script, "'none'")) problems.push(`script-src is not 'self' (${script?.join(' ') ?? 'missing'})`);
  // The portal's styles are its own files, and the prerendered pages' first-paint <style>, each allowed by its hash:
  // no nonce, nothing else inline (docs/decisions/076-csp.md, 102-first-load-critical-path.md).
  const style = csp.get('style-src') ?? csp.get('default-src');
  const styleOk = exactly(style, "'none'") || (style?.[0] === "'self'" && style.slice(1).every(isHashSource));
  if (!styleOk) problems.push(`style-src is not 'self' and hashes (${style?.join(' ') ?? 'missing'})`);
  // Workers run the portal's own scripts only (the image preparation, decision 120): not blob: or data: URLs.
  const worker = csp.get('worker-src') ?? csp.get('child-src') ?? script;
  if (!exactly(worker, "'self'") && !exactly(worker, "'none'")) problems.push(`worker-src is not 'self' (${worker?.join(' ') ?? 'missing'})`);
  // Images: the portal's, data: (the signature) and blob: (previews and thumbnails made in the page), nothing remote.
  const img = csp.get('img-src') ?? csp.get('default-src') ?? [];
  if (img.some((source) => !["'self'", 'data:', 'blob:', "'none'"].includes(source))) problems.push(`img-src allows other sources (${img.join(' ')})`);
  for (const name of ['object-src', 'base-uri', 'frame-ancestors'])
    if (!exactly(csp.get(name), "'none'")) problems.push(`${name} is not 'none' (${csp.get(name)?.join(' ') ?? 'missing'})`);
  if (!csp.has('default-src')) problems.push('no default-src');
  if (/'unsafe-inline'|'unsafe-eval'|\*/.test(policy)) problems.push(`the policy allows unsafe sources (${policy})`);
  return problems;
}

export function securityHeaderProblems(path: string, headers: Record<string, string | undefined>): string[] {
  const problems = cspProblems(headers['content-security-policy']);
  if (headers['x-content-type-options'] !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  if (!['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(headers['referrer-policy'] ?? ''))
    problems.push(`Referrer-Policy ${headers['referrer-policy'] ?? 'missing'}`);
  if (headers['x-frame-options'] !== 'DENY') problems.push('X-Frame-Options is not DENY');
  if (headers['cross-origin-opener-policy'] !== 'same-origin') problems.push('Cross-Origin-Opener-Policy is not same-origin');
  const hsts = /max-age=(\d+)/.exec(headers['strict-transport-security'] ?? '');
  if (!hsts || Number(hsts[1]) < 31_536_000) problems.push('Strict-Transport-Security shorter than a year');
  // Nothing of the API may be kept by a browser or proxy (§6); a page is checked again on each visit.
  const cache = headers['cache-control'] ?? '';
  if (path.startsWith('/api/') && !/\bno-store\b/.test(cache)) problems.push(`Cache-Control ${cache || 'missing'} on an API answer (no-store expected)`);
  if ((headers['content-type'] ?? '').startsWith('text/html') && !/\bno-(store|cache)\b/.test(cache))
    problems.push(`Cache-Control ${cache || 'missing'} on a page`);
  return problems.map((p) => `${path}: ${p}`);
}

/**
 * An answer the browser replayed from its HTTP cache rather than received from the server: nothing crossed the
 * wire for its body (Playwright reports the transferred size minus the headers, negative for a replay). Such an
 * answer is not judged: Chromium's cache keeps no security-state header (Strict-Transport-Security), and the
 * server's own answer for that URL was judged when it first came.
 */
export const replayedFromCache = (sizes: { responseBodySize: number }): boolean => sizes.responseBodySize < 0;
