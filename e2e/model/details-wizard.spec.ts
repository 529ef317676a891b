/**
 * The details wizard machine's paths walked through the real UI in Chromium (docs/conventions.md, Tests): the model is built
 * exactly as tests/machines/details-wizard.paths.test.ts builds it (same fixtures module), reduced to the fewest
 * shortest paths that still walk every state and transition (`browserPaths`; checked when this file loads).
 *
 * Each path starts with a new account whose file is filled in through the API but not submitted, as the model's
 * load answers it (steps 1–3 saved, the ID card and a driving licence on file, and a picture for the complete
 * file), so the wizard opens where the model says (step 4, or the review: decision 123) and a step is valid as
 * loaded. The step list (`wizard.goTo`) is pressed in the wizard's navigation; the removal of the driving licence
 * on file is asked, confirmed or cancelled in its card (a failure injected on remove-uploaded-file). The UI is then made to match each event:
 * `wizard.next { valid, values, files }` types the step's probe field from `values` (mobile, IBAN, height: the
 * model's EDITED values are the invalid ones), chooses or removes the step's images to match `files` (an invalid
 * pictures step gets a GIF, refused in the browser), and presses Next (Retry after a failure). Success outcomes
 * come from the reference server; failures are injected with `page.route` by reading the path ahead: 500 on
 * GET details, 500 on update-details, 415 on an upload, 422 `details_incomplete` on the submit. A path that ends
 * in a busy state holds that request, so the busy state itself can be seen.
 *
 * After every step the page must show the state the model is in: the step's heading, the failure notice, the
 * kept values (the probe field shows the value the model holds for the step), the review, or home. Axe runs on
 * each kind of state once per worker. The submit ends on home with the session moved on (`session.detailsSubmitted`):
 * the details page is then closed to the worker (rule 4 of §5) without a reload.
 */
import { IMAGE_MESSAGE, STEP_IMAGES } from '#domain/details-images.ts';
import { IMAGE_FIELDS } from '#domain/enums.ts';
import type { Page } from '@playwright/test';
import type { SnapshotFrom } from 'xstate';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { signIn } from '../support/workers.ts';
import { expectToast } from '../support/toasts.ts';
import {
  STEP_HEADINGS,
  backButton,
  changeButton,
  errorSummary,
  expectStep,
  field,
  heading,
  imageFiles,
  imageInput,
  stepLink,
  submitButton,
  t,
  workerWithSavedFile,
} from '../support/details-wizard.ts';
import { m } from '../../src/paraglide/messages.js';
import { detailsWizardMachine } from '../../machines/details-wizard.machine.ts';
import { stepName, type LoadedDetails, type StepIndex, type UploadKind, type WizardEvent } from '../../machines/details-wizard.types.ts';
import { buildModel, pathName, shortestPaths } from '../../tests/machines/helpers/model.ts';
import { browserPaths, coverageProblems, routeOutcomes, type Outcome } from './browser-paths.ts';
import { MODEL_OPTIONS } from '../../tests/machines/fixtures/details-wizard.ts';

type Snap = SnapshotFrom<typeof detailsWizardMachine>;
type Step = { event: { type: string } & Record<string, unknown>; state: Snap };

// Load-time check: a subset that misses a state or a transition fails before any browser starts.
const browser = browserPaths(detailsWizardMachine, [{ input: undefined, paths: shortestPaths(buildModel(detailsWizardMachine, MODEL_OPTIONS)) }]);
const { paths } = browser;

// Failures injected on purpose are logged by the browser as failed requests.
test.use({ allowedConsoleErrors: [/status of (415|422|500)/] });

/** The field of each step that carries the model's values (step 4 has none). */
const PROBE: Partial<Record<StepIndex, { key: string; label: string }>> = {
  1: { key: 'mobile', label: t(m.details_contact_mobile) },
  2: { key: 'iban', label: t(m.details_legal_iban) },
  3: { key: 'length', label: t(m.details_general_length) },
};
const imageMessage = (kind: UploadKind) => m[IMAGE_MESSAGE[kind]];

/**
 * What each endpoint answers, in order, read from the whole path: the outcome of each invoke (its done or error
 * event), one request per file for a successful upload (the UI chooses exactly the event's files), and a held
 * request when the path ends while the invoke runs.
 */
function plan(steps: readonly Step[]) {
  const queues = { details: [] as Outcome[], save: [] as Outcome[], upload: [] as Outcome[], remove: [] as Outcome[] };
  let files = 0;
  for (const { event } of steps) {
    if (event.type === 'wizard.next' || event.type === 'wizard.goTo') files = (event.files as UploadKind[]).length;
    const outcome = /^xstate\.(done|error)\.actor\.(\w+)$/.exec(event.type);
    if (!outcome) continue;
    const result: Outcome = outcome[1] === 'done' ? 'ok' : 'fail';
    if (outcome[2] === 'loadDetails') queues.details.push(result);
    if (outcome[2] === 'saveStep' || outcome[2] === 'submitDetails') queues.save.push(result);
    if (outcome[2] === 'uploadFiles') queues.upload.push(...(result === 'ok' ? Array<Outcome>(files).fill('ok') : ['fail' as const]));
    if (outcome[2] === 'removeImage') queues.remove.push(result);
  }
  const last = steps.at(-1)!.state;
  if (last.matches('loading')) queues.details.push('hold');
  if (last.matches('saving') || last.matches('submitting')) queues.save.push('hold');
  if (last.matches('uploading')) queues.upload.push('hold');
  if (last.matches('removingImage')) queues.remove.push('hold');
  return queues;
}

async function injectOutcomes(page: Page, steps: readonly Step[]) {
  const queues = plan(steps);
  const internal = { status: 500, code: 'internal_error', message: 'x' };
  const refused = {
    status: 422,
    code: 'details_incomplete',
    message: t(m.apiError_details_incomplete),
    fields: [{ path: 'images[idFront]', message: t(m.validation_imageRequired) }],
  };
  await routeOutcomes(page, '**/api/user/me/details', queues.details, internal);
  // Step 5's save is the submit: its refusal is the server's 422 for an incomplete file.
  await routeOutcomes(page, '**/api/user/me/update-details/*', queues.save, (request) => (request.url().endsWith('/5') ? refused : internal));
  await routeOutcomes(page, '**/api/user/me/upload-file/*', queues.upload, {
    status: 415,
    code: 'unsupported_media_type',
    message: t(m.apiError_unsupported_media_type),
  });
  await routeOutcomes(page, '**/api/user/me/remove-uploaded-file', queues.remove, internal);
}

/** The file each path starts from: the one its first successful load answers (the model's HALFWAY or COMPLETE). */
function imagesOnFile(steps: readonly Step[]): string[] {
  const loaded = steps.find((step) => step.event.type === 'xstate.done.actor.loadDetails')?.event.output as LoadedDetails | undefined;
  const images = loaded?.details.images;
  return (Object.keys(IMAGE_FIELDS) as UploadKind[]).filter((kind) => (images ? images[IMAGE_FIELDS[kind]] : kind !== 'picture1'));
}

const forwardButton = (page: Page) => page.getByRole('button', { name: new RegExp(`^(${t(m.details_next)}|${t(m.details_saveAndReturn)})$`) });
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

/**
 * Makes the UI say what `wizard.next` (or a later step of the list) says, then presses Next (Retry when the step
 * shows a failure), or the step of the list.
 */
async function next(
  page: Page,
  event: Extract<WizardEvent, { type: 'wizard.next' | 'wizard.goTo' }>,
  before: Snap,
  files: Awaited<ReturnType<typeof imageFiles>>,
) {
  const step = before.context.step;
  const probe = PROBE[step];
  if (probe) await field(page, probe.label).fill(String(event.values[probe.key]));
  for (const kind of STEP_IMAGES[step]) {
    const input = imageInput(page, imageMessage(kind));
    const remove = page.getByRole('button', { name: `${t(m.details_image_remove)} ${t(imageMessage(kind))}` });
    if (event.files.includes(kind)) await input.setInputFiles(files.png);
    else if (await remove.isVisible()) await remove.click();
  }
  if (step === 4 && !event.valid) await imageInput(page, m.details_image_picture2).setInputFiles(files.gif);
  if (event.type === 'wizard.goTo') return stepLink(page, event.step).click();
  const failed = before.matches({ editing: 'saveFailed' }) || before.matches({ editing: 'uploadFailed' });
  await (failed ? page.getByRole('alert').getByRole('button', { name: t(m.details_retry) }) : forwardButton(page)).click();
}

const drivingCard = (page: Page) => page.getByRole('group', { name: new RegExp(`^${t(m.details_image_drivingFront)}`) }).first();

/**
 * Axe runs once per kind of screen over the whole suite (each run costs seconds): the kinds a path shows are
 * known from the model, and each kind is checked in the first path that shows it. Step 1 as loaded is checked by
 * the fixture on `page.goto`.
 */
function screenKind(state: Snap, event: Step['event']): string | null {
  const step = state.context.step;
  if (state.hasTag('busy') || state.matches('loading') || state.matches('submitted')) return null;
  if (state.matches('loadFailed')) return 'load failed';
  if (state.matches({ reviewing: 'submitFailed' })) return 'submit failed';
  if (state.matches('reviewing')) return 'review';
  if (state.matches({ editing: 'saveFailed' })) return `save failed, step ${step}`;
  if (state.matches({ editing: 'uploadFailed' })) return `upload failed, step ${step}`;
  if (state.matches({ editing: { removal: 'confirming' } })) return 'removal asked';
  if (state.matches({ editing: { removal: 'failed' } })) return 'removal failed';
  if (event.type === 'wizard.next' && !event.valid) return `invalid, step ${step}`;
  return step === 1 ? null : `step ${step}`;
}
const axeKinds = new Map<string, string>();
for (const path of paths)
  for (const { state, event } of path.steps as unknown as Step[]) {
    const kind = screenKind(state, event);
    if (kind && !axeKinds.has(kind)) axeKinds.set(kind, pathName(path));
  }
async function accessibleOnce(page: Page, state: Snap, event: Step['event'], path: string) {
  const kind = screenKind(state, event);
  if (!kind || axeKinds.get(kind) !== path) return;
  axeKinds.delete(kind); // a path that shows the kind twice checks it once
  await expectAccessible(page, `details wizard: ${kind}`);
}

/**
 * The page shows the state the model is in. A busy state is seen only where the path ends in it (its request is
 * held); elsewhere the answer has already come and the page moved on.
 */
async function expectState(page: Page, state: Snap, event: Step['event'], worker: { token: string }, last: boolean, path: string) {
  const step = state.context.step;
  const name = stepName(step);
  if (state.hasTag('busy') && !last) return;
  if (state.matches('loading')) {
    await expect(page.getByRole('status').filter({ hasText: t(m.details_loading) })).toBeVisible();
    return;
  }
  if (state.matches('loadFailed')) {
    await expect(alertWith(page, t(m.details_loadFailed))).toBeVisible();
    return accessibleOnce(page, state, event, path);
  }
  if (state.matches('submitted')) {
    await expect(page).toHaveURL(/\/home$/);
    await expect(heading(page)).toHaveText(t(m.home_title));
    // The session moved on (session.detailsSubmitted → info read again): the details page is closed now.
    await page
      .getByRole('navigation', { name: t(m.shell_mainNav) })
      .getByRole('link', { name: t(m.nav_employeeDetails) })
      .click();
    await expectToast(page, t(m.general_employeeDetailsAreBeingReviewed), 'warning');
    await expect(page).toHaveURL(/\/home$/);
    const info = await page.request.get('/api/user/me/info', { headers: { Authorization: `Bearer ${worker.token}` } });
    expect(((await info.json()) as { employeeDetailsStatus: string }).employeeDetailsStatus).toBe('pending review');
    return;
  }
  await expect(heading(page)).toHaveText(STEP_HEADINGS[step - 1]!);
  if (state.matches('submitting')) return expect(submitButton(page)).toHaveAttribute('aria-disabled', 'true');
  // Busy: the form's submit button (its name then says it is busy too), whether Next or the step list started the save.
  if (state.matches('saving')) return expect(page.locator('form button[type=submit]')).toHaveAttribute('aria-disabled', 'true');
  if (state.matches('uploading')) return expect(page.getByRole('progressbar')).toBeVisible();
  const question = page.getByRole('group', { name: t(m.details_image_confirmRemove, { label: t(m.details_image_drivingFront) }) });
  if (state.matches('removingImage'))
    return expect(question.getByRole('button', { name: t(m.details_image_confirmRemoveYes) })).toHaveAttribute('aria-disabled', 'true');
  if (state.matches({ editing: { removal: 'confirming' } })) {
    await expect(question.getByRole('button', { name: t(m.details_image_keep) })).toBeVisible();
    return accessibleOnce(page, state, event, path);
  }
  if (state.matches({ editing: { removal: 'failed' } })) {
    await expect(alertWith(page, t(m.details_image_removeFailed, { label: t(m.details_image_drivingFront) }))).toBeVisible();
    await expect(drivingCard(page).getByRole('status')).toHaveText(t(m.details_image_onFile)); // still on file
    return accessibleOnce(page, state, event, path);
  }
  if (step === 3 && state.matches({ editing: 'idle' })) {
    // The driving licence shows as on file exactly while the model holds it on file (the test's PNG is a bare header:
    // no thumbnail, by design, decision 121).
    await expect(drivingCard(page).getByRole('status')).toHaveText(state.context.details?.images.drivingFront ? t(m.details_image_onFile) : '');
  }
  if (state.matches({ reviewing: 'submitFailed' })) {
    await expect(alertWith(page, t(m.details_submitFailed))).toContainText(t(m.validation_imageRequired));
    return accessibleOnce(page, state, event, path);
  }
  if (state.matches({ reviewing: 'idle' })) {
    await expect(submitButton(page)).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    return accessibleOnce(page, state, event, path);
  }
  // Editing a step: no step advanced without its save; what the model keeps is on screen.
  const probe = PROBE[step];
  const kept = state.context.values[name];
  if (probe && kept) await expect(field(page, probe.label)).toHaveValue(String(kept[probe.key]));
  if (state.matches({ editing: 'saveFailed' })) {
    await expect(alertWith(page, t(m.details_saveFailed))).toBeVisible();
    return accessibleOnce(page, state, event, path);
  }
  if (state.matches({ editing: 'uploadFailed' })) {
    const alert = alertWith(page, t(m.details_uploadFailed));
    await expect(alert).toBeVisible();
    if (event.type === 'xstate.error.actor.uploadFiles') {
      // Which file, why, and the file still chosen.
      await expect(alert).toContainText(t(m.apiError_unsupported_media_type));
      await expect(page.getByText(t(m.details_image_chosen, { name: 'id-front.png' })).first()).toBeVisible();
    }
    return accessibleOnce(page, state, event, path);
  }
  await expect(page.getByRole('alert').filter({ hasText: new RegExp(`${t(m.details_saveFailed)}|${t(m.details_uploadFailed)}`) })).toHaveCount(0);
  if (event.type === 'wizard.next' && !event.valid) {
    await expectToast(page, t(m.details_formInvalid), 'warning');
    await expect(errorSummary(page)).toBeVisible();
    return accessibleOnce(page, state, event, path);
  }
  return accessibleOnce(page, state, event, path);
}

test(browser.title, () => {
  expect(coverageProblems(detailsWizardMachine, paths)).toEqual([]);
  expect(paths.length).toBeGreaterThan(0);
});

for (const path of paths) {
  test(pathName(path), async ({ page }) => {
    test.setTimeout(60_000);
    const steps = path.steps as unknown as Step[];
    const worker = await workerWithSavedFile(page.request, { images: imagesOnFile(steps) });
    const files = await imageFiles(page);
    await signIn(page, worker);
    await injectOutcomes(page, steps);
    for (const [index, { event, state }] of steps.entries()) {
      const before = steps[index - 1]?.state;
      switch (event.type) {
        case 'xstate.init':
          await page.goto('/employee-details');
          break;
        case 'wizard.next':
          await next(page, event as Extract<WizardEvent, { type: 'wizard.next' }>, before!, files);
          break;
        case 'wizard.goTo':
          // Forward, the step shown is made to say what the event says (as for Next); back, only the list is pressed.
          if ((event.step as number) > before!.context.step) await next(page, event as Extract<WizardEvent, { type: 'wizard.goTo' }>, before!, files);
          else await stepLink(page, event.step as number).click();
          break;
        case 'wizard.removeImage':
          await drivingCard(page)
            .getByRole('button', { name: `${t(m.details_image_removeOnFile)} ${t(m.details_image_drivingFront)}` })
            .click();
          break;
        case 'wizard.confirmRemoval':
          await drivingCard(page)
            .getByRole('button', { name: before!.matches({ editing: { removal: 'failed' } }) ? t(m.details_retry) : t(m.details_image_confirmRemoveYes) })
            .click();
          break;
        case 'wizard.cancelRemoval':
          await drivingCard(page)
            .getByRole('button', { name: t(m.details_image_keep) })
            .click();
          break;
        case 'wizard.back': {
          const probe = PROBE[before!.context.step];
          const values = event.values as Record<string, unknown> | undefined;
          if (probe && values) await field(page, probe.label).fill(String(values[probe.key]));
          await backButton(page).click();
          break;
        }
        case 'wizard.edit':
          await changeButton(page, event.step as number).click();
          break;
        case 'wizard.submit':
          await submitButton(page).click();
          break;
        case 'wizard.retry':
          await page
            .getByRole('alert')
            .getByRole('button', { name: t(m.details_retry) })
            .click();
          break;
        default:
        // xstate.done/error.actor.*: the injected (or real) answer already decided it.
      }
      await test.step(`${event.type} → ${JSON.stringify(state.value)} (step ${state.context.step})`, () =>
        expectState(page, state, event, worker, index === steps.length - 1, pathName(path)));
    }
    if (steps.at(-1)!.state.matches('editing')) await expectStep(page, steps.at(-1)!.state.context.step);
  });
}
