/**
 * Workers in any state for the browser tests, made through the real API and the back-office, as the portal
 * and the agency would (each test makes its own; none depends on another's data). The data is the one the
 * server tests use (tests/fixtures/worker-data.ts).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { BACKOFFICE_TOKEN } from '../../playwright.config.ts';
import { PASSWORD, PNG, SIGNATURE, contactInfo, legalInformation, missionBody, stepEntries, uniqueEmail } from '../../tests/fixtures/worker-data.ts';
import { rememberPersonalData, rememberSessionToken } from './known-data.ts';
import type { CurrentUser, GeneralInfo, MissionCreated, OutboxMail } from '#domain/api-schema.ts';
import { storedUserOf } from '../../src/actors/session-actors.ts';

export type Stage = 'registered' | 'policiesAgreed' | 'detailsSubmitted' | 'approved';
export type WorkerOptions = {
  /** How far the worker got (default 'approved'): each stage includes the ones before it. */
  stage?: Stage;
  /** Statute chosen in step 2: '1' employee (default), 'E' student, '3' freelance. */
  statute?: '1' | 'E' | '3';
  /** For an approved worker: a signature drawn, and what the agency made of it. */
  signature?: 'pending' | 'validated' | 'rejected';
  language?: 'fr' | 'nl';
  /** Follow the validation link of the registration mail (default true). */
  validateEmail?: boolean;
};
export type Worker = { email: string; password: string; token: string; firstName: string; lastName: string; language: 'fr' | 'nl' };

const STAGES: Stage[] = ['registered', 'policiesAgreed', 'detailsSubmitted', 'approved'];
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, status = 200): Promise<T> {
  expect(response.status(), `${response.url()}: ${await response.text()}`).toBe(status);
  return (status === 204 ? undefined : await response.json()) as T;
}

/** A back-office call (the agency's side), with the token of playwright.config.ts. */
export async function backoffice<T>(request: APIRequestContext, method: 'GET' | 'POST', path: string, data?: unknown, status = 200): Promise<T> {
  const response = await request.fetch(`/api/backoffice${path}`, { method, headers: bearer(BACKOFFICE_TOKEN), ...(data === undefined ? {} : { data }) });
  return ok<T>(response, status);
}

export const workerPath = (email: string) => `/workers/${encodeURIComponent(email)}`;

/** The mails sent to an address, newest first. */
export const outbox = (request: APIRequestContext, email: string) => backoffice<OutboxMail[]>(request, 'GET', `/outbox?to=${encodeURIComponent(email)}`);

/**
 * The first link of the newest mail to `email` whose links match `pattern` (e.g. /reset-password\?token=/). A
 * reset or a revalidation answers before its mail is composed (decision 156): the server's outbox read waits for
 * what it queued, and the poll covers a mail still being composed by another instance.
 */
export async function mailLink(request: APIRequestContext, email: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => (link = (await outbox(request, email)).flatMap((mail) => mail.links).find((l) => pattern.test(l))), {
      message: `a mail to ${email} with a link matching ${pattern}`,
      timeout: 5_000,
    })
    .toMatch(pattern);
  return link!;
}

export async function loginApi(request: APIRequestContext, email: string, password = PASSWORD, remember = true): Promise<CurrentUser> {
  const user = await ok<CurrentUser>(await request.post('/api/auth/login', { data: { username: email, password, remember } }));
  rememberSessionToken(user.token);
  return user;
}

/** The security sweep looks for every value of this worker's file in URLs and browser storage. */
function rememberWorker(email: string, statute: string) {
  const contact = contactInfo(email);
  const legal = legalInformation(statute);
  rememberPersonalData({
    email,
    firstName: contact.firstName,
    lastName: contact.lastName,
    fullName: `${contact.firstName} ${contact.lastName}`,
    mobile: contact.mobile,
    street: contact.mainAddress.street,
    birthDate: legal.birthDate,
    birthPlace: legal.birthPlace,
    idNumber: legal.idNumber,
    registryNumber: legal.registryNumber,
    iban: legal.iban,
  });
}

/** Registers a worker and takes them as far as `stage` through the API (and the back-office for approval). */
export async function createWorker(request: APIRequestContext, options: WorkerOptions = {}): Promise<Worker> {
  const { stage = 'approved', statute = '1', language = 'fr', validateEmail = true } = options;
  const reach = (s: Stage) => STAGES.indexOf(stage) >= STAGES.indexOf(s);
  const worker = { email: uniqueEmail('e2e'), password: PASSWORD, firstName: 'Anne', lastName: 'Dupont', language } as Omit<Worker, 'token'>;
  rememberWorker(worker.email, statute);
  await ok(
    await request.post('/api/auth/register', {
      data: { firstName: worker.firstName, lastName: worker.lastName, email: worker.email, password: worker.password, language },
    }),
    204,
  );
  if (validateEmail) {
    const link = new URL(await mailLink(request, worker.email, /validate-email\?token=/));
    const followed = await request.get(`/api/auth/validate-email${link.search}`, { maxRedirects: 0 });
    expect(followed.headers().location).toContain('emailHasBeenValidated');
  }
  const { token } = await loginApi(request, worker.email);
  const headers = bearer(token);
  if (reach('policiesAgreed'))
    await ok(await request.post('/api/user/me/update-policies', { headers, data: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } }));
  if (reach('detailsSubmitted')) {
    for (const step of [1, 2, 3]) {
      const form = new FormData();
      for (const [key, value] of stepEntries(step, worker.email, statute)) form.append(key, value);
      await ok(await request.post(`/api/user/me/update-details/${step}`, { headers, multipart: form }), 204);
    }
    for (const kind of ['id-front', 'id-back', 'picture1']) {
      await ok(
        await request.post(`/api/user/me/upload-file/${kind}`, {
          headers,
          multipart: { upload: { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG) } },
        }),
        204,
      );
    }
    for (const step of [4, 5]) await ok(await request.post(`/api/user/me/update-details/${step}`, { headers, multipart: new FormData() }), 204);
  }
  if (reach('approved')) await backoffice<GeneralInfo>(request, 'POST', `${workerPath(worker.email)}/approve-details`);
  if (reach('approved') && options.signature) {
    await ok(await request.post('/api/user/me/update-signature', { headers, data: { value: SIGNATURE } }));
    if (options.signature !== 'pending') await backoffice(request, 'POST', `${workerPath(worker.email)}/signature-status`, { status: options.signature });
  }
  return { ...worker, token };
}

/**
 * One worker for all the tests of a spec file that run in one Playwright worker process, made by the first test
 * that asks (with its own request context; the worker is data, it outlives the context): for model specs whose
 * paths each make their own data under one account, so as not to register and approve an account per path.
 */
export function workerPerFile(options: WorkerOptions = {}): (request: APIRequestContext) => Promise<Worker> {
  let made: Promise<Worker> | undefined;
  return (request) => {
    made ??= createWorker(request, options);
    return made;
  };
}

/** A mission planned by the agency for the worker, `daysFromToday` relative (past missions can be signed). */
export const addMission = (request: APIRequestContext, email: string, daysFromToday: number, overrides: Record<string, unknown> = {}) =>
  backoffice<MissionCreated>(request, 'POST', `${workerPath(email)}/missions`, missionBody(daysFromToday, overrides), 201);

/**
 * Opens the portal already signed in as `worker`, as a remembered login would leave the browser (the stored
 * user of spec §3 in src/storage.ts's format), without going through the login screen. Use the login screen
 * itself in the tests that are about signing in.
 */
export async function signIn(page: Page, worker: Pick<Worker, 'email' | 'password'>): Promise<CurrentUser> {
  const user = await loginApi(page.request, worker.email, worker.password);
  await page.addInitScript((stored) => {
    // Only once per test page: a later reload must see what the portal itself left (e.g. after a logout).
    if (sessionStorage.getItem('e2e.signedIn')) return;
    sessionStorage.setItem('e2e.signedIn', '1');
    localStorage.setItem('portal.v1.currentUser', JSON.stringify({ value: stored, expiresAt: Date.now() + 86_400_000 }));
  }, storedUserOf(user));
  return user;
}
