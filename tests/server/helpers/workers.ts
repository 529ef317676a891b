/**
 * Test data made through the API itself (and the back-office), as the portal and the agency would.
 */
import { expect } from 'vitest';
import { flattenBrackets } from '../../../src/domain/bracket-keys.ts';
import type { TestServer } from './harness.ts';

let counter = 0;
export const uniqueEmail = (tag = 'w') => `${tag}${++counter}-${Math.random().toString(36).slice(2, 8)}@test.example`;
export const PASSWORD = 'correct horse';

/** A national registry number whose check digits fit the birth date (born before 2000). */
export function nrn(birth: string, serial = 123): string {
  const base = `${birth.slice(2, 4)}${birth.slice(5, 7)}${birth.slice(8, 10)}${String(serial).padStart(3, '0')}`;
  return base + String(97 - (Number(base) % 97)).padStart(2, '0');
}

/** 1×1 images: only the first bytes matter to the server. */
export const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
export const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0]);
export const SIGNATURE = `data:image/png;base64,${Buffer.from([...PNG, 1, 2, 3, 4, 5, 6, 7, 8]).toString('base64')}`;

export const contactInfo = (email: string) => ({
  firstName: 'Anne',
  lastName: 'Dupont',
  mobile: '+32 470 12 34 56',
  email,
  mainAddress: { street: 'Rue Haute', number: '5', zip: '1000', city: 'Bruxelles', country: 'BE' },
  secondaryAddress: { street: '', number: '', zip: '', city: '', country: 'BE' },
});

export const legalInformation = (statute = '1', overrides: Record<string, string> = {}) => ({
  statute,
  sex: 'f',
  birthDate: '1990-05-15',
  birthPlace: 'Liège',
  birthCountry: 'BE',
  nationality: 'B',
  idNumber: '591-1234567-89',
  registryNumber: nrn('1990-05-15'),
  idExpiration: `${new Date().getUTCFullYear() + 5}-01-31`,
  civilStatus: '1',
  marriageDate: '',
  spouseName: '',
  spouseBirthDate: '',
  spouseOccupation: '',
  adultDependants: '0',
  childDependants: '1',
  iban: 'BE68 5390 0754 7034',
  bic: 'GEBABEBB',
  ...overrides,
});

export const generalInformation = () => ({
  looks: 'occidental',
  hairColour: 'brun',
  hairLength: 'court',
  length: '172',
  jacketSize: 'M',
  skirtSize: '',
  shoeSize: '39.5',
  pantsLength: '32',
  pantsWidth: '30',
  suitColours: ['black', 'navy'],
  carLicense: 'B',
  car: 'non',
  carDescription: '',
  carPlate: '',
});
export const languages = () => ({ french: '4', dutch: '3', english: '3', german: '1', italian: '0', spanish: '2', arabic: '0', turkish: '0', morrocan: '0' });

export function form(values: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, value] of flattenBrackets(values)) data.append(key, value);
  return data;
}
export const stepForm = (step: number, email: string, statute = '1') =>
  step === 1
    ? form(contactInfo(email))
    : step === 2
      ? form({ legalInformation: legalInformation(statute) })
      : step === 3
        ? form({ generalInformation: generalInformation(), languages: languages() })
        : new FormData();

export function fileForm(bytes: Uint8Array<ArrayBuffer>, name = 'photo.png', type = 'image/png'): FormData {
  const data = new FormData();
  data.append('upload', new File([new Uint8Array(bytes)], name, { type }));
  return data;
}

export async function register(api: TestServer, options: { email?: string; language?: 'fr' | 'nl' } = {}) {
  const email = options.email ?? uniqueEmail();
  const res = await api.post('/api/auth/register', { json: { firstName: 'Anne', lastName: 'Dupont', email, password: PASSWORD, language: options.language ?? 'fr' } });
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
  for (const kind of ['id-front', 'id-back', 'picture1']) expect((await api.post(`/api/user/me/upload-file/${kind}`, { token: w.token, form: fileForm(PNG) })).status).toBe(204);
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

export const isoDay = (offsetDays: number, from = new Date()) => {
  const d = new Date(from.getTime() + offsetDays * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(d);
};

export async function mission(api: TestServer, email: string, overrides: Record<string, unknown> = {}) {
  const res = await api.bo('POST', `/workers/${encodeURIComponent(email)}/missions`, {
    date: isoDay(-3, api.clock.now),
    start: '09:00',
    end: '17:30',
    reference: 'REF-1',
    job: 'job-7',
    km: 12,
    shortLocation: 'Expo',
    location1: 'Place de Belgique 1',
    location2: '1020 Bruxelles',
    briefing: 'Tenue noire',
    ...overrides,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { mission: string; job: string; date: string };
}
