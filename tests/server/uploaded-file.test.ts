// Tag user: the images of the details file. What a client posts straight to the API (skipping the portal's own
// preparation) is stored without its metadata, GPS included, and the worker reads back only their own images:
// GET /user/me/uploaded-file/{kind} (decision 120).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jpegOrientation } from '#domain/image-bytes.ts';
import { cameraJpeg, leaks, pngWithMetadata, SMALL_JPEG } from '../fixtures/camera-exif.ts';
import { signaturePng } from '../fixtures/worker-data.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { fileForm, newWorker, submitDetails } from './helpers/workers.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

let api: TestServer;
beforeAll(async () => {
  api = await startServer();
});
afterAll(() => api.close());

const bytes = (b: Buffer) => new Uint8Array(b) as Uint8Array<ArrayBuffer>;

describe('an image posted with the camera’s metadata', () => {
  it('a JPEG with GPS EXIF, XMP and a comment is stored without any of it, upright, its pixels untouched', async () => {
    const w = await newWorker(api);
    const photo = cameraJpeg(6);
    expect(leaks(photo)).toEqual(expect.arrayContaining(['GPSLatitude', 'GPS position']));
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(bytes(photo), 'IMG_0042.jpg', 'image/jpeg') })).status).toBe(
      204,
    );

    const stored = await api.get('/api/user/me/uploaded-file/id-front', { token: w.token });
    expect(stored.status).toBe(200);
    expect(stored.operationId).toBe('getUploadedFile');
    expect(stored.headers.get('content-type')).toBe('image/jpeg');
    expect(stored.headers.get('cache-control')).toBe('no-store');
    expect(leaks(stored.bytes)).toEqual([]);
    expect(jpegOrientation(stored.bytes)).toBe(6);
    // The coding segments (tables, frame, scan) are the original's, byte for byte.
    expect(Buffer.from(stored.bytes).includes(SMALL_JPEG.subarray(SMALL_JPEG.indexOf(Buffer.from([0xff, 0xdb]))))).toBe(true);
  });

  it('a PNG with text and eXIf chunks is stored without them', async () => {
    const w = await newWorker(api);
    expect((await api.post('/api/user/me/upload-file/picture2', { token: w.token, form: fileForm(bytes(pngWithMetadata())) })).status).toBe(204);
    const stored = await api.get('/api/user/me/uploaded-file/picture2', { token: w.token });
    expect(stored.headers.get('content-type')).toBe('image/png');
    expect(leaks(stored.bytes)).toEqual([]);
    expect(Buffer.from(stored.bytes).equals(signaturePng())).toBe(true);
  });
});

describe('GET /user/me/uploaded-file/{kind}', () => {
  it('answers the worker’s own image, the latest of that kind; 404 when none; never another worker’s', async () => {
    const anne = await newWorker(api);
    const other = await newWorker(api);
    expect((await api.get('/api/user/me/uploaded-file/driving-back', { token: anne.token })).status).toBe(404);
    await api.post('/api/user/me/upload-file/driving-back', { token: anne.token, form: fileForm(bytes(SMALL_JPEG), 'a.jpg', 'image/jpeg') });
    await api.post('/api/user/me/upload-file/driving-back', { token: anne.token, form: fileForm(bytes(signaturePng())) });
    const latest = await api.get('/api/user/me/uploaded-file/driving-back', { token: anne.token });
    expect(latest.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(latest.bytes).equals(signaturePng())).toBe(true);
    // The other worker has none of that kind: the path names a kind, never a worker.
    const notHers = await api.get('/api/user/me/uploaded-file/driving-back', { token: other.token });
    expect(notHers.status).toBe(404);
    expect(notHers.json.code).toBe('not_found');
  });

  it('needs a session and a known kind', async () => {
    const w = await newWorker(api);
    expect((await api.get('/api/user/me/uploaded-file/id-front')).status).toBe(401);
    expect((await api.get('/api/user/me/uploaded-file/passport', { token: w.token })).status).toBe(400);
    expect((await api.get('/api/user/me/uploaded-file/..%2F..%2Fetc%2Fpasswd', { token: w.token })).status).toBe(400);
  });
});

describe('POST /user/me/remove-uploaded-file ("remove" for an optional image on file)', () => {
  const remove = (token: string | undefined, kind: unknown) => api.post('/api/user/me/remove-uploaded-file', { ...(token ? { token } : {}), json: { kind } });
  const upload = (token: string, kind: string) =>
    api.post(`/api/user/me/upload-file/${kind}`, { token, form: fileForm(bytes(SMALL_JPEG), 'a.jpg', 'image/jpeg') });

  it('removes the worker’s own optional image (204), which is then gone; 404 when there is none', async () => {
    const w = await newWorker(api);
    for (const kind of ['driving-front', 'driving-back', 'picture1', 'picture2']) {
      expect((await upload(w.token, kind)).status).toBe(204);
      const removed = await remove(w.token, kind);
      expect([removed.status, removed.operationId]).toEqual([204, 'removeUploadedFile']);
      expect((await api.get(`/api/user/me/uploaded-file/${kind}`, { token: w.token })).status).toBe(404);
      const again = await remove(w.token, kind);
      expect([again.status, again.json.code]).toEqual([404, 'not_found']);
    }
    const details = await api.get('/api/user/me/details', { token: w.token });
    expect(details.json.images).toMatchObject({ drivingFront: false, drivingBack: false, picture1: false, picture2: false });
  });

  it('never the ID card (400, kept on file), never another worker’s image, never without a session', async () => {
    const anne = await newWorker(api);
    const bob = await newWorker(api);
    await upload(anne.token, 'id-front');
    await upload(anne.token, 'driving-back');
    const refused = await remove(anne.token, 'id-front');
    expect([refused.status, refused.json.code]).toEqual([400, 'bad_request']);
    expect((await api.get('/api/user/me/uploaded-file/id-front', { token: anne.token })).status).toBe(200);
    // Bob has no driving licence: the body names a kind, never a worker; Anne's stays.
    expect((await remove(bob.token, 'driving-back')).status).toBe(404);
    expect((await api.get('/api/user/me/uploaded-file/driving-back', { token: anne.token })).status).toBe(200);
    expect((await remove(undefined, 'driving-back')).status).toBe(401);
    expect((await remove(anne.token, 'passport')).json.code).toBe('validation_failed'); // not a kind at all (422)
    expect((await api.post('/api/user/me/remove-uploaded-file', { token: anne.token, json: { kind: 'driving-back', worker: 'x' } })).status).toBe(400);
  });

  it('refused while the file is under review (409), like an upload', async () => {
    const w = await newWorker(api);
    await upload(w.token, 'driving-front');
    await submitDetails(api, w);
    const refused = await remove(w.token, 'driving-front');
    expect([refused.status, refused.json.code]).toEqual([409, 'details_under_review']);
    expect((await api.get('/api/user/me/uploaded-file/driving-front', { token: w.token })).status).toBe(200);
  });
});
