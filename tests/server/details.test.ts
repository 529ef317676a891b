// Tag user: general info, policies, the details file (GET with defaults, the five steps) and the uploads.
import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { stripImageMetadata } from '../../server/services/image-metadata.ts';
import { UPLOAD_MAX_BYTES } from '#domain/constants.ts';
import { SMALL_JPEG } from '../fixtures/camera-exif.ts';
import { signaturePng } from '../fixtures/worker-data.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import {
  JPEG,
  PNG,
  approvedWorker,
  fileForm,
  form,
  generalInformation,
  languages,
  legalInformation,
  login,
  newWorker,
  register,
  stepForm,
  submitDetails,
} from './helpers/workers.ts';

// Starting PGlite and walking whole flows takes seconds on a busy 2-core machine.
vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

describe('policies and general info', () => {
  it('update-policies needs both true (422), the right shape (400) and a session (401)', async () => {
    const token = await login(api, await register(api));
    const half = await api.post('/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: false } });
    expect(half.status).toBe(422);
    expect(half.json.fields).toEqual([{ path: 'agreedToLabourRegulations', message: 'Vous devez accepter ce document pour continuer.' }]);
    expect((await api.post('/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: 'yes', agreedToLabourRegulations: true } })).status).toBe(
      400,
    );
    expect((await api.post('/api/user/me/update-policies', { json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } })).status).toBe(401);
    const ok = await api.post('/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } });
    expect(ok.json).toMatchObject({ agreedWithGdprPolicy: true, agreedToLabourRegulations: true });
    expect((await api.get('/api/user/me/info')).status).toBe(401);
  });

  it('the general info says when both policies were agreed (the first time), for the read-only /policies view', async () => {
    const token = await login(api, await register(api));
    expect((await api.get('/api/user/me/info', { token })).json).toMatchObject({ policiesAgreedAt: null, supportSession: false });
    const agreedAt = api.clock.now.toISOString();
    const ok = await api.post('/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } });
    expect(ok.json.policiesAgreedAt).toBe(agreedAt);
    api.clock.now = new Date(api.clock.now.getTime() + 86_400_000);
    // Agreeing again (another tab) keeps the first date.
    await api.post('/api/user/me/update-policies', { token, json: { agreedWithGdprPolicy: true, agreedToLabourRegulations: true } });
    expect((await api.get('/api/user/me/info', { token })).json.policiesAgreedAt).toBe(agreedAt);
  });
});

describe('GET /user/me/details', () => {
  it('answers the defaults of spec §3 for an empty file', async () => {
    const { email, token } = await newWorker(api);
    const res = await api.get('/api/user/me/details', { token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      firstName: 'Anne',
      email,
      mobile: null,
      mainAddress: { street: null, country: 'BE' },
      secondaryAddress: { country: 'BE' },
      legalInformation: { nationality: 'B', birthCountry: 'BE', registryNumber: null, statute: null },
      generalInformation: { car: 'non', carLicense: 'non', suitColours: [], length: null },
      languages: { french: null },
      images: { idFront: false, idBack: false, drivingFront: false, drivingBack: false, picture1: false, picture2: false },
      status: 0,
      newAccount: true,
    });
    expect((await api.get('/api/user/me/details')).status).toBe(401);
  });

  it('reads back what the steps saved, typed', async () => {
    const w = await newWorker(api);
    await submitDetails(api, w, 'E');
    const res = await api.get('/api/user/me/details', { token: w.token });
    expect(res.json.legalInformation).toMatchObject({ statute: 'E', civilStatus: 1, childDependants: 1, iban: 'BE68539007547034', birthDate: '1990-05-15' });
    expect(res.json.legalInformation.registryNumber).toMatch(/^\d{11}$/);
    expect(res.json.generalInformation).toMatchObject({ length: 172, shoeSize: 39.5, suitColours: ['black', 'navy'], carLicense: 'B' });
    expect(res.json.languages).toMatchObject({ french: 4, dutch: 3, morrocan: 0 });
    expect(res.json.images).toMatchObject({ idFront: true, idBack: true, picture1: true, picture2: false });
    expect(res.json.status).toBe(1);
    expect((await api.get('/api/user/me/info', { token: w.token })).json).toMatchObject({ statute: 2, employeeDetailsStatus: 'pending review' });
  });
});

describe('POST /user/me/update-details/{step}', () => {
  it('needs the policies agreed first (403) and a session (401)', async () => {
    const token = await login(api, await register(api));
    const res = await api.post('/api/user/me/update-details/1', { token, form: stepForm(1, 'a@b.be') });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('policies_not_agreed');
    expect((await api.post('/api/user/me/update-details/1', { form: stepForm(1, 'a@b.be') })).status).toBe(401);
  });

  it('answers 422 with translated fields for invalid values (married rule, IBAN, zip, registry number)', async () => {
    const w = await newWorker(api);
    const legal = form({ legalInformation: legalInformation('1', { civilStatus: '2', iban: 'BE00 0000 0000 0000', registryNumber: '12345678901' }) });
    const res = await api.post('/api/user/me/update-details/2', { token: w.token, form: legal });
    expect(res.status).toBe(422);
    const paths = res.json.fields.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['legalInformation[iban]', 'legalInformation[registryNumber]']));
    const married = await api.post('/api/user/me/update-details/2', {
      token: w.token,
      form: form({ legalInformation: legalInformation('1', { civilStatus: '2' }) }),
    });
    expect(married.json.fields).toEqual(
      expect.arrayContaining([
        { path: 'legalInformation[spouseName]', message: 'Ce champ est obligatoire.' },
        { path: 'legalInformation[marriageDate]', message: 'Ce champ est obligatoire.' },
      ]),
    );
    const contact = form({
      firstName: '',
      lastName: 'X',
      mobile: '12',
      email: 'x',
      mainAddress: { street: 'a', number: '1', zip: '99', city: 'c', country: 'BE' },
    });
    const bad = await api.post('/api/user/me/update-details/1', { token: w.token, form: contact, headers: { 'Accept-Language': 'nl' } });
    expect(bad.status).toBe(422);
    expect(bad.json.fields).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Dit veld is verplicht.' },
        { path: 'mainAddress[zip]', message: 'Een Belgische postcode telt 4 cijfers (1000 tot 9999).' },
      ]),
    );
    const general = form({ generalInformation: { ...generalInformation(), length: '99' }, languages: languages() });
    expect((await api.post('/api/user/me/update-details/3', { token: w.token, form: general })).json.fields).toContainEqual({
      path: 'generalInformation[length]',
      message: 'Indiquez votre taille en centimètres (entre 100 et 250).',
    });
    // Nothing of a refused step is kept.
    expect((await api.get('/api/user/me/details', { token: w.token })).json.legalInformation.civilStatus).toBeNull();
  });

  it('answers 400 for unknown keys, broken bracket keys, repeated keys, files and bad steps; 415 for JSON', async () => {
    const w = await newWorker(api);
    const extra = stepForm(1, w.email);
    extra.append('isAdmin', 'true');
    expect((await api.post('/api/user/me/update-details/1', { token: w.token, form: extra })).status).toBe(400);
    const broken = stepForm(1, w.email);
    broken.append('mainAddress[zip', '1000');
    expect((await api.post('/api/user/me/update-details/1', { token: w.token, form: broken })).status).toBe(400);
    const twice = stepForm(1, w.email);
    twice.append('firstName', 'Again');
    expect((await api.post('/api/user/me/update-details/1', { token: w.token, form: twice })).status).toBe(400);
    const missing = stepForm(1, w.email);
    missing.delete('lastName');
    expect((await api.post('/api/user/me/update-details/1', { token: w.token, form: missing })).status).toBe(400);
    const proto = new FormData();
    proto.append('__proto__[polluted]', 'x');
    expect((await api.post('/api/user/me/update-details/4', { token: w.token, form: proto })).status).toBe(400);
    expect((await api.post('/api/user/me/update-details/6', { token: w.token, form: new FormData() })).status).toBe(400);
    expect((await api.post('/api/user/me/update-details/final', { token: w.token, form: new FormData() })).status).toBe(400);
    expect((await api.post('/api/user/me/update-details/1', { token: w.token, json: {} })).status).toBe(415);
  });

  it('step 2: the statute is chosen by a new account only; an existing account keeps its registry number', async () => {
    const w = await approvedWorker(api, { statute: '3' });
    expect((await api.get('/api/user/me/info', { token: w.token })).json.statute).toBe(3);
    const before = (await api.get('/api/user/me/details', { token: w.token })).json.legalInformation.registryNumber;
    const change = form({ legalInformation: legalInformation('1', { registryNumber: '', birthPlace: 'Gent' }) });
    const res = await api.post('/api/user/me/update-details/2', { token: w.token, form: change });
    expect(res.status, res.text).toBe(204);
    const after = await api.get('/api/user/me/details', { token: w.token });
    expect(after.json.legalInformation).toMatchObject({ registryNumber: before, birthPlace: 'Gent', statute: '3' });
    expect((await api.get('/api/user/me/info', { token: w.token })).json.statute).toBe(3);
  });

  it('step 5 refuses an incomplete file with the missing steps and images, then moves it to review (409 after)', async () => {
    const w = await newWorker(api);
    const early = await api.post('/api/user/me/update-details/5', { token: w.token, form: new FormData() });
    expect(early.status).toBe(422);
    expect(early.json.fields.map((f: { path: string }) => f.path)).toEqual([
      'contactInfo',
      'legal',
      'generalInfo',
      'images[idFront]',
      'images[idBack]',
      'images[picture1]',
    ]);
    await submitDetails(api, w);
    const locked = await api.post('/api/user/me/update-details/1', { token: w.token, form: stepForm(1, w.email) });
    expect(locked.status).toBe(409);
    expect(locked.json.code).toBe('details_under_review');
    expect((await api.post('/api/user/me/upload-file/picture2', { token: w.token, form: fileForm(PNG) })).status).toBe(409);
  });
});

describe('POST /user/me/upload-file/{kind}', () => {
  it('accepts JPEG and PNG by their bytes, whatever the name, and keeps the last one in the database, no file written', async () => {
    const w = await newWorker(api);
    const id = (await api.deps.db.query<{ id: string }>('SELECT id FROM workers WHERE email = $1', [w.email]))[0]!.id;
    expect(
      (await api.post('/api/user/me/upload-file/driving-front', { token: w.token, form: fileForm(SMALL_JPEG, 'scan.pdf', 'application/pdf') })).status,
    ).toBe(204);
    const stored = stripImageMetadata(SMALL_JPEG);
    expect(await api.deps.uploads.get(id, 'drivingFront')).toMatchObject({ bytes: stored, mediaType: 'image/jpeg', size: stored.length });
    expect(
      (await api.post('/api/user/me/upload-file/driving-front', { token: w.token, form: fileForm(new Uint8Array(signaturePng()), '../../evil.png') })).status,
    ).toBe(204);
    expect(await api.deps.uploads.get(id, 'drivingFront')).toMatchObject({ bytes: stripImageMetadata(signaturePng()), mediaType: 'image/png' });
    expect((await api.get('/api/user/me/details', { token: w.token })).json.images.drivingFront).toBe(true);
    expect(existsSync(api.config.uploadsDir) ? readdirSync(api.config.uploadsDir) : []).toEqual([]);
    expect(existsSync(`${api.config.uploadsDir}/../../evil.png`)).toBe(false);
  });

  it('refuses other bytes (415), over 10 MB (413), a missing or extra field (400), an unknown kind (400), no session (401)', async () => {
    const w = await newWorker(api);
    const gif = Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0, 0]);
    const wrong = await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(gif, 'photo.png', 'image/png') });
    expect(wrong.status).toBe(415);
    expect(wrong.json.code).toBe('unsupported_media_type');
    const nearly = Uint8Array.from([0xff, 0xd8, 0xfe]);
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(nearly, 'a.jpg', 'image/jpeg') })).status).toBe(415);
    const big = new Uint8Array(UPLOAD_MAX_BYTES + 1);
    big.set(JPEG);
    const tooBig = await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(big, 'big.jpg', 'image/jpeg') });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.code).toBe('payload_too_large');
    const huge = new Uint8Array(UPLOAD_MAX_BYTES + 200_000);
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(huge, 'big.jpg', 'image/jpeg') })).status).toBe(413);
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: new FormData() })).status).toBe(400);
    const extra = fileForm(PNG);
    extra.append('other', 'x');
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: extra })).status).toBe(400);
    const text = new FormData();
    text.append('upload', 'not a file');
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: text })).status).toBe(400);
    expect((await api.post('/api/user/me/upload-file/passport', { token: w.token, form: fileForm(PNG) })).status).toBe(400);
    expect((await api.post('/api/user/me/upload-file/id-front', { form: fileForm(PNG) })).status).toBe(401);
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, body: 'x', headers: { 'Content-Type': 'text/plain' } })).status).toBe(415);
    expect((await api.get('/api/user/me/details', { token: w.token })).json.images.idFront).toBe(false);
  });
});
