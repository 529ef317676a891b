// The request rules of the security fixture, on good and bad samples.
import { describe, expect, it } from 'vitest';
import { mutationProblem, urlProblems } from './rules/request-rules.ts';

const origin = 'http://127.0.0.1:4216';
const token = 'q3Jx0kZ-2b9L_abcdefghijklmnopqrstuvwxyz0123';

describe('urlProblems', () => {
  it('refuses a session token or personal data in a URL', () => {
    expect(urlProblems(`${origin}/home?t=${token}`, [], [token])).toHaveLength(1);
    expect(urlProblems(`${origin}/register?email=a%40b.be`, [], [])).toHaveLength(1);
    expect(urlProblems(`${origin}/x?name=Dupont`, [{ label: 'last name', value: 'Dupont' }], [])).toHaveLength(1);
  });

  it('lets ordinary URLs and the single-use token of a mail link through', () => {
    expect(urlProblems(`${origin}/reset-password?token=${token}`, [], [])).toEqual([]);
    expect(urlProblems(`${origin}/login?redirect=%2Fplanning`, [], [token])).toEqual([]);
  });

  it('does not read the random UUID of a blob: URL as personal data (it never leaves the browser)', () => {
    const blob = `blob:${origin}/21bd0464-9962-40f4-b1a3-0239c41a9bc4`;
    expect(urlProblems(blob.replace('blob:', ''), [], [])).toHaveLength(1); // the same digits in a real address
    expect(urlProblems(blob, [], [])).toEqual([]);
  });
});

describe('mutationProblem', () => {
  it('refuses PUT, PATCH, DELETE and POSTs a cross-site form could forge', () => {
    expect(mutationProblem('PUT', `${origin}/api/user/me/x`, 'application/json', origin)).toMatch(/must be a POST/);
    expect(mutationProblem('DELETE', `${origin}/api/user/me/x`, undefined, origin)).toMatch(/must be a POST/);
    expect(mutationProblem('PATCH', `${origin}/api/user/me/x`, 'application/json', origin)).toMatch(/must be a POST/);
    expect(mutationProblem('POST', `${origin}/api/auth/logout`, undefined, origin)).toMatch(/JSON or multipart/);
    expect(mutationProblem('POST', `${origin}/api/auth/login`, 'application/x-www-form-urlencoded', origin)).toMatch(/JSON or multipart/);
    expect(mutationProblem('POST', `${origin}/api/auth/login`, 'text/plain;charset=UTF-8', origin)).toMatch(/JSON or multipart/);
  });

  it('accepts JSON and multipart POSTs, reads, and requests that are not for the API', () => {
    expect(mutationProblem('POST', `${origin}/api/auth/login`, 'application/json', origin)).toBeNull();
    expect(mutationProblem('POST', `${origin}/api/user/me/upload-file/id-front`, 'multipart/form-data; boundary=x', origin)).toBeNull();
    expect(mutationProblem('GET', `${origin}/api/user/me/info`, undefined, origin)).toBeNull();
    expect(mutationProblem('POST', 'http://elsewhere.example/api/x', undefined, origin)).toBeNull();
    expect(mutationProblem('POST', `${origin}/login`, undefined, origin)).toBeNull();
  });
});
