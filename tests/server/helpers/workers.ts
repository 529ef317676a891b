/**
 * Test data made through the API itself (and the back-office), as the portal and the agency would.
 */
import { expect } from 'vitest';
import { flattenBrackets } from '#domain/bracket-keys.ts';
import type { TestServer } from './harness.ts';

import { PNG, SIGNATURE, PASSWORD, stepEntries, uniqueEmail, isoDay, missionBody } from '../../fixtures/worker-data.ts';

export { uniqueEmail, PASSWORD, PNG, JPEG, SIGNATURE, legalInformation, generalInformation, languages, isoDay } from '../../fixtures/worker-data.ts';

export function form(values: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, value] of flattenBrackets(values)) data.append(key, value);
  return data;
}
export const stepForm = (step: number, email: string, statute = '1') => {
  const data = new FormData();
  for (const [key, value] of stepEntries(step, email, statute)) data.append(key, value);
  return data;
};

export function fileForm(bytes: Uint8Array<ArrayBuffer>, name = 'photo.png', type = 'image/png'): FormData {
  const data = new FormData();
  data.append('upload', new File([new Uint8Array(bytes)], name, { type }));
  return data;
}

export async function register(api: TestServer, options: { email?: string; language?: 'fr' | 'nl' } = {}) {
  const email = options.email ?? uniqueEmail();
  const res = await api.post('/api/auth/register', {
    json: { firstName: 'Anne', lastName: 'Dupont', email, password: PASSWORD, language: options.language ?? 'fr' },
  });
  expect(res.status).toBe(204);
  return email;
}

export async function login(api: TestServer, email: string, password = PASSWORD, remember = true): Promise<string> {
  const res = await api.post('/api/auth/login', { json: { username: email, password, remember } });
  expect(res.status, res.text).toBe(200);
  return res.json.token as string;
}

/** A registered, signed-in worker who agreed to the policies. */
export async function newWorker(api: TestServer, options: { language?: 'fr' | 'nl' } = {}) {
  const email = await register(api, options);
  const token = await login(api, email);
  expect((await api.post('/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } })).status).toBe(200);
  return { email, token };
}

/** Fills the five steps with valid data and the required images; the file is then under review. */
export async function submitDetails(api: TestServer, w: { email: string; token: string }, statute = '1') {
  for (const step of [1, 2, 3]) {
    const res = await api.post(`/api/user/me/update-details/${step}`, { token: w.token, form: stepForm(step, w.email, statute) });
    expect(res.status, res.text).toBe(204);
  }
  for (const kind of ['id-front', 'id-back', 'picture1'])
    expect((await api.post(`/api/user/me/upload-file/${kind}`, { token: w.token, form: fileForm(PNG) })).status).toBe(204);
  expect((await api.post('/api/user/me/update-details/4', { token: w.token, form: new FormData() })).status).toBe(204);
  const submit = await api.post('/api/user/me/update-details/5', { token: w.token, form: new FormData() });
  expect(submit.status, submit.text).toBe(204);
}

/** An approved worker (employee by default; 'E' student, '3' freelance), optionally with a validated signature. */
export async function approvedWorker(api: TestServer, options: { statute?: '1' | 'E' | '3'; signature?: 'validated' | 'rejected' | 'pending' } = {}) {
  const w = await newWorker(api);
  await submitDetails(api, w, options.statute ?? '1');
  expect((await api.bo('POST', `/workers/${encodeURIComponent(w.email)}/approve-details`)).status).toBe(200);
  if (options.signature) {
    expect((await api.post('/api/user/me/update-signature', { token: w.token, json: { value: SIGNATURE } })).status).toBe(200);
    if (options.signature !== 'pending')
      expect((await api.bo('POST', `/workers/${encodeURIComponent(w.email)}/signature-status`, { status: options.signature })).status).toBe(200);
  }
  return w;
}

export async function mission(api: TestServer, email: string, overrides: Record<string, unknown> = {}) {
  const res = await api.bo('POST', `/workers/${encodeURIComponent(email)}/missions`, {
    ...missionBody(-3),
    date: isoDay(-3, api.clock.now),
    reference: 'REF-1',
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { mission: string; job: string; date: string };
}
