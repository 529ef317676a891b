// §10 / ASVS 3.5: every operation of the contract that changes something is a POST with a JSON or multipart
// body, so that no cross-site HTML form (urlencoded, text/plain, no body) can forge it. Derived from openapi.yaml.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Operation = {
  operationId: string;
  tags?: string[];
  requestBody?: { required?: boolean; content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
};
const doc = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(doc.paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'].includes(method))
    .map(([method, op]) => ({ method, path, op })),
);

/**
 * GETs that change something, each kept on purpose and recorded: the spec's own GET with the Bearer header (which
 * no other site can send, decision 003), and the links of mails and of the back-office, which a browser can only
 * follow with a GET; their single-use tokens are the protection (decisions 011, 077).
 */
const MUTATING_GETS: Record<string, string> = {
  requestPasswordResetMail: 'docs/decisions/003-api-shapes.md',
  validateEmail: 'docs/decisions/077-security-fixtures.md',
  impersonate: 'docs/decisions/077-security-fixtures.md',
};

/** Problems of one operation (empty when it follows the rule). */
function mutationProblems(method: string, op: Operation): string[] {
  if (method === 'get') return [];
  if (method !== 'post') return [`${op.operationId}: ${method.toUpperCase()} (a call that changes something must be a POST)`];
  // The agency's back-office is a server-to-server API with its own token, never called by a browser.
  if (op.tags?.includes('backoffice')) return [];
  const types = Object.keys(op.requestBody?.content ?? {});
  const problems: string[] = [];
  if (!op.requestBody?.required) problems.push(`${op.operationId}: its body is not required`);
  if (types.length === 0 || types.some((t) => t !== 'application/json' && t !== 'multipart/form-data'))
    problems.push(`${op.operationId}: body ${types.join(', ') || '(none)'} (JSON or multipart only)`);
  return problems;
}

describe('mutating operations of openapi.yaml', () => {
  it('the rule catches a PUT, a DELETE, a POST without body and a form-encoded POST', () => {
    expect(mutationProblems('put', { operationId: 'a' })).toHaveLength(1);
    expect(mutationProblems('delete', { operationId: 'b' })).toHaveLength(1);
    expect(mutationProblems('post', { operationId: 'c' })).toHaveLength(2);
    expect(mutationProblems('post', { operationId: 'd', requestBody: { required: true, content: { 'application/x-www-form-urlencoded': {} } } })).toHaveLength(
      1,
    );
    expect(mutationProblems('post', { operationId: 'e', requestBody: { required: true, content: { 'application/json': {} } } })).toEqual([]);
  });

  it('every operation that is not a GET is a POST with a required JSON or multipart body', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.flatMap(({ method, op }) => mutationProblems(method, op))).toEqual([]);
  });

  it('the GETs that change something are the recorded exceptions, each documented', () => {
    const ids = new Set(operations.filter((o) => o.method === 'get').map((o) => o.op.operationId));
    for (const [id, record] of Object.entries(MUTATING_GETS)) {
      expect(ids.has(id), id).toBe(true);
      const path = operations.find((o) => o.op.operationId === id)!.path;
      expect(readFileSync(new URL(`../../${record}`, import.meta.url), 'utf8'), `${record} explains ${id}`).toMatch(
        new RegExp(path.split('/').pop()!.replace(/[-]/g, '.')),
      );
    }
  });
});

describe('safe retries (docs/decisions/210-safe-retries.md)', () => {
  it('every POST declares a 422: the answer to an Idempotency-Key sent before with another request', () => {
    const posts = operations.filter((o) => o.method === 'post');
    expect(posts.filter(({ op }) => !op.responses?.['422']).map(({ op }) => op.operationId)).toEqual([]);
    expect(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')).toMatch(/Idempotency-Key[\s\S]*idempotency_key_reused/);
  });
});
