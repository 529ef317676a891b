// Any operation may meet a database that went away: each declares the 503 `database_unavailable` answer
// (components/responses/ServiceUnavailable, with Retry-After), so a client generated from the contract knows it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

type Operation = { operationId: string; responses: Record<string, { $ref?: string }> };
const doc = parse(readFileSync(resolve(import.meta.dirname, '../../openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.values(doc.paths).flatMap((item) => ['get', 'post', 'put', 'patch', 'delete'].flatMap((m) => (item[m] ? [item[m]] : [])));

describe('503 in the contract', () => {
  it('every operation but the probes declares ServiceUnavailable', () => {
    const missing = operations
      .filter((op) => !['getLiveness', 'getReadiness'].includes(op.operationId))
      .filter((op) => op.responses['503']?.$ref !== '#/components/responses/ServiceUnavailable')
      .map((op) => op.operationId);
    expect(operations.length).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });
});
