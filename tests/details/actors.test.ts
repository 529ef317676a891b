/**
 * The details wizard's actors: what a step sends (multipart in the contract's shape, nested keys in brackets),
 * the upload with progress over XMLHttpRequest and the same error catalogue as every other call, the store of
 * chosen images (checks, previews revoked, upload states), and the upload actor (one file at a time, a file
 * that already arrived is not sent again).
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createApi } from '../../src/api/client.ts';
import { ApiRequestError, type ApiNotice } from '../../src/api/errors.ts';
import { createDetailsWizard, stepBody } from '../../src/actors/details.ts';
import { createChosenImages } from '../../src/actors/details-files.ts';
import type { PrepareOutcome } from '../../src/actors/image-prepare-core.ts';
import { uploadImage } from '../../src/actors/details-uploader.ts';
import { V } from '#domain/validation-keys.ts';
import { DETAILS_RESPONSE } from './details-data.ts';
import { formInput, valuesToSend, formPathOf } from '#domain/details-values.ts';
import { contactInfo as contactInfoStep } from '#domain/details-steps/contact-info.ts';
import { legal as legalStep } from '#domain/details-steps/legal.ts';
import { generalInfo as generalInfoStep } from '#domain/details-steps/general-info.ts';

const entries = (body: FormData): Array<[string, string]> => [...body.entries()].map(([k, v]) => [k, String(v)]);

describe('stepBody: what update-details/{step} receives', () => {
  it('step 1 as it is, addresses in brackets', () => {
    const body = stepBody(1, { firstName: 'Anne', mainAddress: { zip: '1000', country: 'BE' }, secondaryAddress: { zip: '' } });
    expect(entries(body)).toEqual([
      ['firstName', 'Anne'],
      ['mainAddress[zip]', '1000'],
      ['mainAddress[country]', 'BE'],
      ['secondaryAddress[zip]', ''],
    ]);
  });
  it('step 2 under legalInformation; an empty statute and missing fields are not sent', () => {
    expect(entries(stepBody(2, { statute: '', sex: 'f', registryNumber: undefined }))).toEqual([['legalInformation[sex]', 'f']]);
    expect(entries(stepBody(2, { statute: 'E', sex: 'f' }))).toEqual([
      ['legalInformation[statute]', 'E'],
      ['legalInformation[sex]', 'f'],
    ]);
  });
  it('step 3 under generalInformation, the language levels beside it, suit colours repeated', () => {
    expect(entries(stepBody(3, { looks: 'black', suitColours: ['black', 'navy'], languages: { dutch: '4' } }))).toEqual([
      ['generalInformation[looks]', 'black'],
      ['generalInformation[suitColours][]', 'black'],
      ['generalInformation[suitColours][]', 'navy'],
      ['languages[dutch]', '4'],
    ]);
  });
  it('steps 4 and 5 carry no fields', () => {
    expect(entries(stepBody(4, { anything: 'x' }))).toEqual([]);
    expect(entries(stepBody(5, {}))).toEqual([]);
  });
  it('every key a step sends comes back to its own form field (422 paths)', () => {
    const legal = formInput(legalStep, DETAILS_RESPONSE);
    for (const [key] of entries(stepBody(2, legal))) expect(formPathOf(legalStep, key)).toEqual([key.slice('legalInformation['.length, -1)]);
    const general = { ...formInput(generalInfoStep, DETAILS_RESPONSE), suitColours: ['navy'] };
    const paths = entries(stepBody(3, general)).map(([key]) => formPathOf(generalInfoStep, key)?.join('.'));
    expect(paths).toContain('length');
    expect(paths).toContain('languages.dutch');
    expect(paths).toContain('suitColours');
    expect(formPathOf(contactInfoStep, 'mainAddress[zip]')).toEqual(['mainAddress', 'zip']);
    expect(formPathOf(legalStep, 'images[idFront]')).toBeNull();
    expect(formPathOf(legalStep, 'mainAddress[zip]')).toBeNull();
  });
  it('hidden fields are not sent: spouse fields unless married, statute and registry number for an existing account, skirt unless f', () => {
    const legal = { ...formInput(legalStep, DETAILS_RESPONSE), civilStatus: '1', spouseName: 'Jan' };
    expect(valuesToSend(legalStep, legal, { newAccount: true, gender: '' }).spouseName).toBe('');
    expect(valuesToSend(legalStep, { ...legal, civilStatus: '2' }, { newAccount: true, gender: '' }).spouseName).toBe('Jan');
    expect(valuesToSend(legalStep, legal, { newAccount: false, gender: '' })).not.toHaveProperty('statute');
    expect(valuesToSend(legalStep, legal, { newAccount: false, gender: '' })).not.toHaveProperty('registryNumber');
    const general = { ...formInput(generalInfoStep, DETAILS_RESPONSE), skirtSize: '38', car: 'non', carPlate: '1-ABC-123' };
    expect(valuesToSend(generalInfoStep, general, { newAccount: true, gender: 'm' })).toMatchObject({ skirtSize: '', carPlate: '' });
    expect(valuesToSend(generalInfoStep, { ...general, car: 'oui' }, { newAccount: true, gender: 'f' })).toMatchObject({
      skirtSize: '38',
      carPlate: '1-ABC-123',
    });
  });
});

/** A scripted XMLHttpRequest: records what is sent, then plays the given answer with progress events. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  aborted = false;
  constructor(private readonly answer: { status: number; body?: string; statusText?: string } | 'network') {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  send(body: FormData) {
    this.body = body;
    queueMicrotask(() => {
      if (this.aborted) return;
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      if (this.answer === 'network') return this.onerror?.();
      this.status = this.answer.status;
      this.statusText = this.answer.statusText ?? '';
      this.responseText = this.answer.body ?? '';
      this.onload?.();
    });
  }
}

function setup() {
  const notices: ApiNotice[] = [];
  const onUnauthorized = vi.fn();
  const api = createApi({
    baseUrl: 'http://portal.test/api',
    fetch: () => Promise.reject(new Error('no fetch here')),
    getToken: () => 'tok-123',
    getLocale: () => 'nl',
    onUnauthorized,
    notify: (n) => notices.push(n),
  });
  return { api, notices, onUnauthorized };
}
const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'front.png', { type: 'image/png' });

describe('uploadImage: progress and the error catalogue of every call', () => {
  it('posts the file as `upload` with the token and language, and reports progress', async () => {
    const { api, notices } = setup();
    const progress: number[] = [];
    await uploadImage(api.transport, 'id-front', png(), { onProgress: (f) => progress.push(f), createXhr: () => new FakeXhr({ status: 204 }) as never });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url]).toEqual(['POST', 'http://portal.test/api/user/me/upload-file/id-front']);
    expect(xhr.headers).toEqual({ Authorization: 'Bearer tok-123', 'Accept-Language': 'nl', 'Idempotency-Key': expect.stringMatching(/^"[\w-]{22}"$/) });
    expect((xhr.body!.get('upload') as File).name).toBe('front.png');
    expect(progress).toEqual([0.5, 1]);
    expect(notices).toEqual([]);
  });

  it('a refused type (415) rejects with the server code and shows its message', async () => {
    const { api, notices } = setup();
    const body = JSON.stringify({ code: 'unsupported_media_type', message: 'Dit bestandstype wordt niet aanvaard.' });
    const error = await uploadImage(api.transport, 'id-back', png(), { createXhr: () => new FakeXhr({ status: 415, body }) as never }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 415, code: 'unsupported_media_type', kind: 'client' });
    expect(notices).toEqual([{ type: 'danger', text: 'Dit bestandstype wordt niet aanvaard.' }]);
  });

  it('413, 5xx, 401 and a lost connection follow the same rows', async () => {
    const { api, notices, onUnauthorized } = setup();
    const run = (answer: ConstructorParameters<typeof FakeXhr>[0]) =>
      uploadImage(api.transport, 'picture1', png(), { createXhr: () => new FakeXhr(answer) as never }).catch((e: unknown) => e);
    expect(await run({ status: 413, body: JSON.stringify({ code: 'payload_too_large', message: 'Te groot.' }) })).toMatchObject({ code: 'payload_too_large' });
    expect(await run({ status: 500, body: '<html>' })).toMatchObject({ status: 500, kind: 'server' });
    expect(await run({ status: 401, body: '' })).toMatchObject({ status: 401 });
    expect(await run('network')).toMatchObject({ status: 0, code: 'network_error' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(notices).toEqual([
      { type: 'danger', text: 'Te groot.' },
      { type: 'danger', key: 'error_generic' },
      { type: 'danger', key: 'error_unauthorized' },
      { type: 'danger', key: 'error_generic' },
    ]);
  });

  it('the same image sent again after a lost answer carries the same key; after a success, or another image, a new one', async () => {
    const { api } = setup();
    const keyOf = () => FakeXhr.last.headers['Idempotency-Key'];
    const send = (file: File, answer: ConstructorParameters<typeof FakeXhr>[0]) =>
      uploadImage(api.transport, 'id-front', file, { createXhr: () => new FakeXhr(answer) as never }).catch(() => undefined);
    const image = png();
    await send(image, 'network');
    const first = keyOf();
    await send(image, { status: 204 });
    expect(keyOf()).toBe(first);
    await send(image, { status: 204 });
    expect(keyOf()).not.toBe(first);
    const second = keyOf();
    await send(png(), 'network');
    expect(keyOf()).not.toBe(second);
  });

  it('a cancelled upload is no failure to report', async () => {
    const { api, notices } = setup();
    const controller = new AbortController();
    const pending = uploadImage(api.transport, 'picture1', png(), { signal: controller.signal, createXhr: () => new FakeXhr({ status: 204 }) as never });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(notices).toEqual([]);
  });
});

describe('the chosen images', () => {
  const urls = () => {
    let n = 0;
    const revoked: string[] = [];
    return { api: { createObjectURL: () => `blob:${++n}`, revokeObjectURL: (u: string) => revoked.push(u) }, revoked };
  };
  /** A preparer the test answers by hand (the real one needs a browser: e2e/journeys/details-photos.spec.ts). */
  const preparer = () => {
    const calls: Array<{ file: File; answer: (outcome: PrepareOutcome) => void }> = [];
    const prepare = (file: File) => new Promise<PrepareOutcome>((answer) => calls.push({ file, answer }));
    const ok = (size = 300): PrepareOutcome => ({ ok: true, blob: new Blob([new Uint8Array(size)], { type: 'image/jpeg' }), width: 2000, height: 1500 });
    return { prepare, calls, ok };
  };
  // One turn of the event loop: the answered preparations' promise chains have run (no time passes, nothing is
  // awaited by the clock), so "not ready yet" is checked after everything already answered has had its effect.
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('checks a choice at once: a refused one keeps no file and says why', () => {
    const store = createChosenImages({ urls: urls().api, prepare: preparer().prepare });
    expect(store.choose('id-front', new File(['GIF89a'], 'scan.gif', { type: 'image/gif' }))).toBe(V.fileType);
    expect(store.get('id-front')).toEqual({ refused: { name: 'scan.gif', reason: V.fileType } });
    expect(store.toUpload(['id-front'])).toEqual([]);
  });

  it('prepares a choice: the prepared JPEG is what will be sent, named .jpg, and previewed', async () => {
    const { prepare, calls, ok } = preparer();
    const store = createChosenImages({ urls: urls().api, prepare });
    const photo = new File(['raw'], 'IMG_0042.HEIC', { type: 'image/heic' });
    expect(store.choose('id-front', photo)).toBeNull();
    expect(store.get('id-front').image).toMatchObject({ file: photo, prepared: null, previewUrl: null, status: 'preparing' });
    expect(store.toUpload(['id-front'])).toEqual(['id-front']);
    let ready = false;
    void store.ready('id-front').then(() => (ready = true));
    await settle();
    expect(ready).toBe(false);
    calls[0]!.answer(ok(300));
    await settle();
    expect(ready).toBe(true);
    const image = store.get('id-front').image!;
    expect(image).toMatchObject({ status: 'chosen', previewUrl: 'blob:1' });
    expect([image.prepared?.name, image.prepared?.type, image.prepared?.size]).toEqual(['IMG_0042.jpg', 'image/jpeg', 300]);
  });

  it("refuses a choice the browser cannot prepare, with the reason in the worker's words", async () => {
    const { prepare, calls } = preparer();
    const store = createChosenImages({ urls: urls().api, prepare });
    store.choose('id-front', png());
    store.choose('id-back', png());
    store.choose('picture1', png());
    calls[0]!.answer({ ok: false, reason: 'unreadable' });
    calls[1]!.answer({ ok: false, reason: 'heic' });
    calls[2]!.answer({ ok: false, reason: 'tooLarge' });
    await settle();
    expect(store.get('id-front')).toEqual({ refused: { name: 'front.png', reason: V.imageUnreadable } });
    expect(store.get('id-back').refused?.reason).toBe(V.imageHeic);
    expect(store.get('picture1').refused?.reason).toBe(V.imageTooLarge);
    expect(store.toUpload(['id-front', 'id-back', 'picture1'])).toEqual([]);
  });

  it('keeps only the latest choice: an earlier one finishing late is dropped', async () => {
    const { prepare, calls, ok } = preparer();
    const { api, revoked } = urls();
    const store = createChosenImages({ urls: api, prepare });
    store.choose('id-front', png());
    const second = new File(['b'], 'second.jpg', { type: 'image/jpeg' });
    store.choose('id-front', second);
    let ready = false;
    void store.ready('id-front').then(() => (ready = true));
    calls[0]!.answer(ok(100));
    await settle();
    expect(ready).toBe(false);
    expect(store.get('id-front').image).toMatchObject({ file: second, status: 'preparing' });
    calls[1]!.answer(ok(200));
    await settle();
    expect(ready).toBe(true);
    expect(store.get('id-front').image?.prepared?.size).toBe(200);
    expect(revoked).toEqual([]);
  });

  it('revokes the preview when replaced, removed or closed; closing ends the preparer', async () => {
    const { prepare, calls, ok } = preparer();
    const { api, revoked } = urls();
    const onDispose = vi.fn();
    const store = createChosenImages({ urls: api, prepare, onDispose });
    store.choose('id-front', png());
    calls[0]!.answer(ok());
    await settle();
    store.choose('id-front', png());
    expect(revoked).toEqual(['blob:1']);
    calls[1]!.answer(ok());
    store.choose('id-back', png());
    calls[2]!.answer(ok());
    await settle();
    store.remove('id-front');
    store.dispose();
    expect(revoked).toEqual(['blob:1', 'blob:2', 'blob:3']);
    expect(onDispose).toHaveBeenCalledTimes(1);
  });

  it('shows an image on file: read once per visit, as an object URL the view releases; never a broken one', async () => {
    const { api, revoked } = urls();
    const loaded: string[] = [];
    const loadOnFile = async (kind: string) => (loaded.push(kind), new Blob([kind], { type: 'image/jpeg' }));
    const decode = (blob: Blob) => (blob.size === 'id-back'.length ? Promise.reject(new Error('broken')) : Promise.resolve());
    const store = createChosenImages({ urls: api, prepare: preparer().prepare, loadOnFile, decode });
    const shown: string[] = [];
    const release = store.showOnFile('id-front', (url) => shown.push(url));
    await settle();
    expect(shown).toEqual(['blob:1']);
    release();
    expect(revoked).toEqual(['blob:1']);
    store.showOnFile('id-front', (url) => shown.push(url));
    store.showOnFile('id-back', (url) => shown.push(url));
    await settle();
    expect(shown).toEqual(['blob:1', 'blob:2']);
    expect(loaded).toEqual(['id-front', 'id-back']);
    // Released before it arrived: no URL is made.
    store.showOnFile('driving-front', (url) => shown.push(url))();
    await settle();
    expect(shown).toEqual(['blob:1', 'blob:2']);
  });

  it('reads an image on file again after a failed read; an upload of this visit is shown without a read', async () => {
    let fail = true;
    const loaded: string[] = [];
    const loadOnFile = async (kind: string) => {
      loaded.push(kind);
      if (fail) throw new Error('offline');
      return new Blob(['x']);
    };
    const { prepare, calls, ok } = preparer();
    const store = createChosenImages({ urls: urls().api, prepare, loadOnFile, decode: () => Promise.resolve() });
    const shown: string[] = [];
    store.showOnFile('picture1', (url) => shown.push(url));
    await settle();
    fail = false;
    store.showOnFile('picture1', (url) => shown.push(url));
    await settle();
    expect([loaded, shown]).toEqual([['picture1', 'picture1'], ['blob:1']]);
    store.choose('picture2', png());
    calls[0]!.answer(ok());
    await settle();
    store.uploaded('picture2');
    store.showOnFile('picture2', (url) => shown.push(url));
    await settle();
    expect(loaded).toEqual(['picture1', 'picture1']);
    expect(shown).toHaveLength(2);
  });
});

describe('the upload actor', () => {
  const prepared = (file: File): Promise<PrepareOutcome> =>
    Promise.resolve(
      file.name.startsWith('broken')
        ? { ok: false, reason: 'unreadable' }
        : { ok: true, blob: new Blob(['jpeg'], { type: 'image/jpeg' }), width: 10, height: 10 },
    );
  const uploadActor = (images: ReturnType<typeof createChosenImages>, upload: unknown) => {
    const { logic } = createDetailsWizard({
      api: setup().api,
      notify: () => {},
      navigate: () => {},
      onSubmitted: () => {},
      completedSteps: () => [],
      images,
      upload: upload as never,
    });
    const uploadFiles = logic.implementations.actors.uploadFiles as unknown as Parameters<typeof createActor>[0];
    return (kinds: string[]) => toPromise(createActor(uploadFiles, { input: { step: 2, kinds } } as never).start());
  };

  it('uploads the prepared files one by one, skips what already arrived, and marks a refusal on its file', async () => {
    const images = createChosenImages({ urls: {}, prepare: prepared });
    images.choose('id-front', png());
    images.choose('id-back', png());
    const sent: Array<[string, string, string]> = [];
    let refuse = true;
    const upload = vi.fn(async (_t: unknown, kind: string, file: File, options: { onProgress?: (f: number) => void }) => {
      sent.push([kind, file.name, file.type]);
      options.onProgress?.(0.4);
      if (kind === 'id-back' && refuse) throw new ApiRequestError(415, 'unsupported_media_type', 'Pas une image.', 'client');
    });
    const run = uploadActor(images, upload);
    await expect(run(['id-front', 'id-back'])).rejects.toMatchObject({ code: 'unsupported_media_type' });
    expect(images.get('id-front').image?.status).toBe('uploaded');
    expect(images.get('id-back').image).toMatchObject({ status: 'failed', failure: 'Pas une image.', progress: 0.4 });
    refuse = false;
    await run(['id-front', 'id-back']);
    expect(sent).toEqual([
      ['id-front', 'front.jpg', 'image/jpeg'],
      ['id-back', 'front.jpg', 'image/jpeg'],
      ['id-back', 'front.jpg', 'image/jpeg'],
    ]);
    expect(images.toUpload(['id-front', 'id-back'])).toEqual([]);
  });

  it('waits for a choice still being prepared; one that cannot be prepared stops the step, nothing sent', async () => {
    const images = createChosenImages({ urls: {}, prepare: prepared });
    const upload = vi.fn(async () => undefined);
    const run = uploadActor(images, upload);
    images.choose('id-front', png());
    await run(['id-front']);
    expect(upload).toHaveBeenCalledTimes(1);
    images.choose('id-back', new File(['x'], 'broken.jpg', { type: 'image/jpeg' }));
    await expect(run(['id-back'])).rejects.toThrow(/could not be prepared/);
    expect(upload).toHaveBeenCalledTimes(1);
    expect(images.get('id-back').refused?.reason).toBe(V.imageUnreadable);
  });
});
