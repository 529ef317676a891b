/**
 * The details wizard as a worker drives it (labels from the messages, in French), and workers whose file is
 * already filled in through the API (saved steps 1–3 and the required images, not submitted) for the tests that
 * start further along.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { m } from '../../src/paraglide/messages.js';
import { PNG, stepEntries } from '../../tests/fixtures/worker-data.ts';
import { createWorker, type Worker } from './workers.ts';

export const fr = { locale: 'fr' } as const;
type Message = (inputs: never, options: { locale: 'fr' | 'nl' }) => string;
/** A message in French (the language of the test workers). */
export const t = (message: Message, inputs: Record<string, unknown> = {}) => message(inputs as never, fr);

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const STEP_HEADINGS = [m.details_step_contactInfo, m.details_step_legal, m.details_step_generalInfo, m.details_step_pictures, m.details_step_final].map(
  (msg) => t(msg),
);
export const expectStep = (page: Page, step: number) => expect(heading(page)).toHaveText(STEP_HEADINGS[step - 1]!);

/** A step of the step list the worker can go to (a button of the wizard's navigation). */
export const stepLink = (page: Page, step: number) =>
  page.getByRole('navigation', { name: t(m.details_steps) }).getByRole('button', { name: new RegExp(`^${literally(STEP_HEADINGS[step - 1]!)}`) });
export const nextButton = (page: Page) => page.getByRole('button', { name: t(m.details_next), exact: true });
export const continueButton = (page: Page) => page.getByRole('button', { name: t(m.details_saveAndReturn), exact: true });
export const backButton = (page: Page) => page.getByRole('button', { name: t(m.details_back), exact: true });
export const retryButton = (page: Page) => page.getByRole('alert').getByRole('button', { name: t(m.details_retry) });
export const submitButton = (page: Page) => page.getByRole('button', { name: t(m.details_review_submit) });
export const changeButton = (page: Page, step: number) =>
  page.getByRole('button', { name: `${t(m.details_review_change)} ${t(m.details_review_changeHidden, { step: STEP_HEADINGS[step - 1] })}` });
export const errorSummary = (page: Page) => page.getByRole('alert').filter({ has: page.getByRole('heading', { name: t(m.ui_errorSummaryTitle) }) });

/** A field by its label (exact), within a group (a fieldset's legend) when given. */
export function field(page: Page, label: string, group?: string): Locator {
  const scope = group ? page.getByRole('group', { name: group, exact: true }) : page;
  return scope.getByLabel(label, { exact: true });
}
export const mainAddress = (page: Page, part: Message) => field(page, t(part), t(m.details_mainAddress));
/** An image's picker: a group named by the image's label (and "(optional)" where it is). */
/** `text` as a regular expression that matches it literally. */
export const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
export const imagePicker = (page: Page, label: Message) =>
  page.getByRole('group', { name: new RegExp(`^${literally(t(label))}( ${literally(t(m.ui_optional))})?$`) });
/** The picker's file input: never shown nor focused (its button opens it), but Playwright can give it files. */
export const imageInput = (page: Page, label: Message) => imagePicker(page, label).locator('input[type=file]');
/** The picker's button: "Prendre ou choisir une photo", or "Remplacer" once an image is chosen or on file. */
export const imageButton = (page: Page, label: Message) =>
  page.getByRole('button', { name: new RegExp(`^(${literally(t(m.details_image_choose))}|${literally(t(m.details_image_replace))}) ${literally(t(label))}$`) });

/**
 * Real images, drawn and encoded by the browser (a PNG, a JPEG and a WebP) and a GIF name (refused in the browser), in the
 * test's own output folder (test-results/, emptied by Playwright at each run, so nothing is left in the system's
 * temporary folder).
 */
export async function imageFiles(page: Page) {
  const dir = test.info().outputPath('images');
  await mkdir(dir, { recursive: true });
  const encoded = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 48;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#0a57a4';
    g.fillRect(0, 0, 64, 48);
    g.fillStyle = '#ffbf47';
    g.fillRect(16, 12, 32, 24);
    return { png: canvas.toDataURL('image/png'), jpeg: canvas.toDataURL('image/jpeg', 0.9), webp: canvas.toDataURL('image/webp', 0.9) };
  });
  const save = async (name: string, data: Buffer | string) => {
    const path = join(dir, name);
    await writeFile(path, data);
    return path;
  };
  const bytes = (url: string) => Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
  return {
    png: await save('id-front.png', bytes(encoded.png)),
    jpeg: await save('id-back.jpeg', bytes(encoded.jpeg)),
    photo: await save('photo.jpg', bytes(encoded.jpeg)),
    webp: await save('scan.webp', bytes(encoded.webp)),
    gif: await save('animation.gif', Buffer.from('GIF89a')),
  };
}

/**
 * A new account (policies agreed) whose file is filled in but not submitted: steps 1–3 saved (or `steps`), ID card
 * and a picture on file (unless `images: false`, or the kinds `images` lists). With the defaults every step is
 * complete: the wizard opens at the review (decision 123).
 */
export async function workerWithSavedFile(
  request: APIRequestContext,
  options: { images?: boolean | readonly string[]; steps?: readonly number[] } = {},
): Promise<Worker> {
  const worker = await createWorker(request, { stage: 'policiesAgreed' });
  const headers = { Authorization: `Bearer ${worker.token}` };
  for (const step of options.steps ?? [1, 2, 3]) {
    const form = new FormData();
    for (const [key, value] of stepEntries(step, worker.email)) form.append(key, value);
    expect((await request.post(`/api/user/me/update-details/${step}`, { headers, multipart: form })).status()).toBe(204);
  }
  for (const kind of options.images === false ? [] : Array.isArray(options.images) ? options.images : ['id-front', 'id-back', 'picture1']) {
    const upload = { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(PNG) };
    expect((await request.post(`/api/user/me/upload-file/${kind}`, { headers, multipart: { upload } })).status()).toBe(204);
  }
  return worker;
}

/** The file status the server holds for a worker. */
export async function detailsStatus(request: APIRequestContext, worker: Worker): Promise<string | undefined> {
  const info = await request.get('/api/user/me/info', { headers: { Authorization: `Bearer ${worker.token}` } });
  return ((await info.json()) as { employeeDetailsStatus?: string }).employeeDetailsStatus;
}
