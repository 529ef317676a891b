// Tag user: the images of the details file. What a client posts straight to the API (skipping the portal's own
// preparation) is stored without its metadata, GPS included, and the worker reads back only their own images:
// GET /user/me/uploaded-file/{kind} (decision 120).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jpegOrientation } from '../../src/domain/image-bytes.ts';
import { cameraJpeg, leaks, pngWithMetadata, SMALL_JPEG } from '../fixtures/camera-exif.ts';
import { signaturePng } from '../fixtures/worker-data.ts';
import { startServer, type TestServer } from './helpers/harness.ts';
import { fileForm, newWorker } from './helpers/workers.ts';

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
    expect((await api.post('/api/user/me/upload-file/id-front', { token: w.token, form: fileForm(bytes(photo), 'IMG_0042.jpg', 'image/jpeg') })).status).toBe(204);

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
