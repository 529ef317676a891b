/**
 * The limits of spec §9 and the others the core states once (domain/) that openapi.yaml also states: they must agree
 * (the forms and the machines read domain, the server validates against the contract).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { API_YEAR_MAX, API_YEAR_MIN, SIGNING_COMMENT_MAX_LENGTH } from '#domain/constants.ts';
import { OFFER_DECLINE_REASON_MAX } from '#domain/offers.ts';

type Schema = { maxLength?: number; minimum?: number; maximum?: number; properties?: Record<string, Schema> };
const contract = parse(readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8')) as {
  components: { schemas: Record<string, Schema>; parameters: Record<string, { schema: Schema }> };
};

describe('domain and openapi.yaml agree', () => {
  it('on the signing comment’s maximum length', () => {
    expect(contract.components.schemas.SigningComment?.maxLength).toBe(SIGNING_COMMENT_MAX_LENGTH);
    expect(SIGNING_COMMENT_MAX_LENGTH).toBe(250);
  });

  it('on a decline reason’s maximum length', () => {
    expect(contract.components.schemas.OfferDecline?.properties?.reason?.maxLength).toBe(OFFER_DECLINE_REASON_MAX);
  });

  it('on the years the API accepts, in a path and in a student’s year', () => {
    expect(contract.components.parameters.Year?.schema).toMatchObject({ minimum: API_YEAR_MIN, maximum: API_YEAR_MAX });
    expect(contract.components.schemas.StudentYear?.properties?.year).toMatchObject({ minimum: API_YEAR_MIN, maximum: API_YEAR_MAX });
  });
});
