// The contract check of the test client must be able to fail, or "zero contract breaks" would mean nothing.
import { describe, expect, it } from 'vitest';
import type { operations } from '#domain/api-schema.ts';
import { loadContract } from '../../server/api/contract.ts';
import { operations as handlers } from '../../server/api/operations.ts';
import { checkAnswer, operationIds } from './helpers/contract.ts';

describe('the contract check of the server tests', () => {
  it('accepts a conforming answer and names its operation', () => {
    expect(checkAnswer('POST', '/api/auth/validate-token', 200, 'application/json', true)).toBe('validateToken');
    expect(checkAnswer('GET', '/api/user/me/availabilities/2026/2', 400, 'application/json', { code: 'bad_request', message: 'x' })).toBe('getAvailabilities');
  });

  it('refuses a body that breaks the schema, an undeclared status, a wrong media type, and a body on 204', () => {
    expect(() => checkAnswer('GET', '/api/user/me/info', 200, 'application/json', { agreedWithGdprPolicy: true })).toThrow(/breaks the contract/);
    expect(() => checkAnswer('GET', '/api/user/me/info', 418, 'application/json', {})).toThrow(/not in the contract/);
    expect(() => checkAnswer('GET', '/api/user/download-planning', 200, 'application/json', {})).toThrow(/not declared/);
    expect(() => checkAnswer('POST', '/api/auth/logout', 204, 'application/json', { a: 1 })).toThrow(/declares no body/);
    expect(() => checkAnswer('POST', '/api/auth/login', 401, 'application/json', { code: 'nope', message: 'x' })).toThrow(/breaks the contract/);
    expect(() => checkAnswer('GET', '/api/unknown', 404, 'application/json', { error: 'x' })).toThrow(/breaks the contract/);
  });

  it('knows every operation the server mounts, and the server mounts every operation of the contract', () => {
    const mounted = loadContract()
      .operations.map((o) => o.operationId)
      .sort();
    expect(mounted).toEqual([...operationIds()].sort());
    expect(Object.keys(handlers).sort()).toEqual(mounted);
    const typed: Array<keyof operations> = mounted;
    expect(typed).toHaveLength(102);
  });
});
