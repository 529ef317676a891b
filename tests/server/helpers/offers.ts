/**
 * Offers made through the back-office, and workers approved the short way (registered, approved by the agency, signed
 * in): what an offer needs of a worker is an approved account, not a complete file (spec §5, §6 and the guards).
 */
import { expect } from 'vitest';
import type { TestServer } from './harness.ts';
import { SIGNATURE, login, register } from './workers.ts';

export const enc = encodeURIComponent;

/** A registered worker the agency approved, signed in; with `signed`, a signature the agency validated. */
export async function quickWorker(api: TestServer, language: 'fr' | 'nl' = 'fr', options: { signed?: boolean } = {}) {
  const email = await register(api, { language });
  expect((await api.bo('POST', `/workers/${enc(email)}/approve-details`)).status).toBe(200);
  const token = await login(api, email);
  if (options.signed) {
    expect((await api.post('/api/user/me/update-signature', { token, json: { value: SIGNATURE } })).status).toBe(200);
    expect((await api.bo('POST', `/workers/${enc(email)}/signature-status`, { status: 'validated' })).status).toBe(200);
  }
  return { email, token };
}

/** A valid body of `backofficeCreateOffer`: one shift on `date`, answer within a day of the test clock. */
export const offerBody = (api: TestServer, workers: string[], overrides: Record<string, unknown> = {}) => ({
  reference: 'EXPO-1',
  job: 'hostess',
  shortLocation: 'Brussels Expo',
  location1: 'Place de Belgique 1',
  location2: '1020 Bruxelles',
  hourlyWageCents: 1550,
  briefing: 'Tenue noire.',
  places: 2,
  answerBy: new Date(api.clock.now.getTime() + 24 * 3_600_000).toISOString(),
  shifts: [{ date: '2027-02-10', start: '09:00', end: '17:00' }],
  workers,
  ...overrides,
});

export async function createOffer(api: TestServer, workers: string[], overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api.bo('POST', '/offers', offerBody(api, workers, overrides));
  expect(res.status, res.text).toBe(201);
  return res.json.offer as string;
}

export const accept = (api: TestServer, token: string, offer: string) => api.post(`/api/user/me/offers/${offer}/accept`, { token, json: {} });
export const decline = (api: TestServer, token: string, offer: string, reason?: string) =>
  api.post(`/api/user/me/offers/${offer}/decline`, { token, json: reason === undefined ? {} : { reason } });
export const readOffer = (api: TestServer, token: string, offer: string) => api.get(`/api/user/me/offers/${offer}`, { token });
export const listOffers = async (api: TestServer, token: string) => (await api.get('/api/user/me/offers', { token })).json as Array<Record<string, unknown>>;
