/**
 * The limits of spec §9 that domain states and openapi.yaml also states: they must agree (the forms and the
 * machines read domain, the server validates against the contract).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SIGNING_COMMENT_MAX_LENGTH } from '#domain/constants.ts';

const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, { maxLength?: number }> };
};

describe('domain and openapi.yaml agree', () => {
  it('on the signing comment’s maximum length', () => {
    expect(contract.components.schemas.SigningComment?.maxLength).toBe(SIGNING_COMMENT_MAX_LENGTH);
    expect(SIGNING_COMMENT_MAX_LENGTH).toBe(250);
  });
});
