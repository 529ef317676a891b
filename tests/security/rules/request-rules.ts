/**
 * What a request the portal sends may carry (§10, docs/decisions/077-security-fixtures.md):
 *  - its URL holds no personal data and no session token (tokens travel in the Authorization header only);
 *    the single-use tokens of mail links and impersonation are the `token` parameter the spec asks for;
 *  - a call to /api that changes something is a POST with a JSON or multipart body: no PUT, PATCH or DELETE,
 *    and no POST a cross-site HTML form could forge (form-urlencoded, text/plain, no body). The GET calls the
 *    contract keeps (decision 003) are not judged here: the server test of the contract lists them.
 * Pure: used by e2e/fixtures.ts and tested in tests/security/request-rules.test.ts.
 */
import { describeFindings, findPersonalData, type KnownValue } from './personal-data.ts';

export function urlProblems(url: string, known: readonly KnownValue[], sessionTokens: readonly string[]): string[] {
  const problems: string[] = [];
  // A blob: URL is the page's origin and a random UUID the browser made, for an object in this page's memory: it
  // never leaves the browser, and its digits can read as a phone number by chance (`…0464-9962-40…`).
  if (url.startsWith('blob:')) return problems;
  const findings = findPersonalData(url, known);
  if (findings.length > 0) problems.push(`personal data in the URL ${url}: ${describeFindings(findings)}`);
  const token = sessionTokens.find((t) => t.length >= 16 && (url.includes(t) || url.includes(encodeURIComponent(t))));
  if (token) problems.push(`a session token in the URL ${url.replace(token, '<token>')}`);
  return problems;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const BODY_TYPES = /^(application\/json|multipart\/form-data)\s*(;|$)/i;

/** `contentType` is the request's Content-Type header (undefined when it has none). */
export function mutationProblem(method: string, url: string, contentType: string | undefined, origin: string): string | null {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return null;
  }
  if (target.origin !== origin || !target.pathname.startsWith('/api/')) return null;
  const verb = method.toUpperCase();
  if (SAFE_METHODS.has(verb)) return null;
  if (verb !== 'POST') return `${verb} ${target.pathname}: a call that changes something must be a POST`;
  if (!contentType || !BODY_TYPES.test(contentType))
    return `POST ${target.pathname} with Content-Type ${contentType ?? '(none)'}: a POST must carry a JSON or multipart body`;
  return null;
}
