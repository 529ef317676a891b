/**
 * The absence report's paths through the real UI in Chromium (docs/conventions.md, Tests; decision 232): the model of
 * tests/machines/absence-report.paths.test.ts, its covering subset. Each path has a mission of its own under the
 * file's one worker; a reopened report is made first through the API as the portal would (a withdrawn one is
 * withdrawn on its receipt, the only way the route shows one).
 * The report goes on to the reference server when the path says it is stored; a failure is answered with the
 * fixture's error. A certificate is a real PNG prepared by the browser's image worker. After each step the page must
 * show the state the path planned.
 */
import type { APIRequestContext, Page, Route } from '@playwright/test';
import type { EventObject } from 'xstate';
import { absenceReportMachine } from '../../machines/absence-report.machine.ts';
import { certificatePickerMachine } from '../../machines/certificate-picker.machine.ts';
import type { AbsenceReportInput } from '../../machines/absence-report.types.ts';
import { PNG } from '../../tests/fixtures/worker-data.ts';
import { ABSENCE_REPORT_INPUTS } from '../../tests/machines/fixtures/absence-report.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { addMission, workerPerFile, signIn, type Worker } from '../support/workers.ts';
import { browserPaths, coverageProblems, failureOf, invokeEnds, stepExecutors, type Answer } from './browser-paths.ts';

const fr = { locale: 'fr' } as const;
const { paths, title } = browserPaths(absenceReportMachine, MODELS['absence-report'].runs(), {
  name: (path, input) =>
    `${ABSENCE_REPORT_INPUTS.find((i) => i.input === input)?.label ?? 'a report'}: ${pathTitle(MODELS['absence-report'].expected, path as never, input)}`,
});
test.use({ allowedConsoleErrors: [/status of (409|500)/] });

const sharedWorker = workerPerFile();
/** Each path's mission, on a day of its own (a week on: no phone notice, the withdrawal still possible). */
const dayOf = (pathIndex: number) => 7 + pathIndex;

/**
 * The report the input reopens, made through the API as the portal would (its certificate due). The route reopens
 * only a standing report (the planning links no withdrawn one): a withdrawn one is withdrawn on its receipt first,
 * as the worker would (`reopen`).
 */
async function reportOnServer(request: APIRequestContext, worker: Worker, mission: string, input: AbsenceReportInput) {
  if (!input.report) return;
  const made = await request.post('/api/user/me/absences', {
    headers: { Authorization: `Bearer ${worker.token}` },
    multipart: { mission, reason: input.report.reason, message: input.report.message },
  });
  expect(made.status(), await made.text()).toBe(201);
}

/** The reports sent (POST only: the page's read of the worker's reports is the same URL), answered in the path's order. */
async function answerSends(page: Page, answers: readonly Answer[]) {
  const left = [...answers];
  await page.route('**/api/user/me/absences', async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const next = left.shift() ?? { server: true };
    if ('server' in next) return route.fallback();
    return route.fulfill({ status: next.status, json: next.json });
  });
  return { left: () => left.length };
}

/** What the path's sends end in, read ahead: stored goes to the server, a failure is the fixture's error. */
const plannedSends = (path: { steps: ReadonlyArray<{ event: EventObject }> }) =>
  invokeEnds(path, 'sendReport').map((end): Answer => (end.ok ? { server: true } : failureOf(end.error)));

test(title, () => {
  expect(coverageProblems(absenceReportMachine, paths)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const { mission } = await addMission(page.request, worker.email, dayOf(index), { reference: `ABSENCE-${index + 1}` });
    await reportOnServer(page.request, worker, mission, path.input);
    const sends = await answerSends(page, plannedSends(path));
    await signIn(page, worker);

    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const ready = page.getByText(/ : prêt à envoyer \(/);
    /** The certificate as the worker chooses it: a real photo, through the file chooser, prepared in the browser. */
    const choosePhoto = async () => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: m.absence_certificateChoose({}, fr) }).click();
      await (await chooser).setFiles({ name: 'certificat.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
    };

    const withdrawOnReceipt = async () => {
      await button(m.absence_withdraw({}, fr)).click();
      await button(m.absence_withdrawConfirm({}, fr)).click();
    };

    const { events, lastEvent } = stepExecutors({
      'xstate.init': async () => {
        await page.goto(`/absence?mission=${mission}`);
        if (path.input.report?.status === 'withdrawn') await withdrawOnReceipt();
      },
      'absence.chooseReason': async ({ event }) =>
        page
          .getByRole('radio', {
            name:
              (event as EventObject & { reason: 'sick' | 'transport' }).reason === 'sick' ? m.absence_reason_sick({}, fr) : m.absence_reason_transport({}, fr),
          })
          .check(),
      'absence.editMessage': async ({ event }) =>
        page.getByRole('textbox', { name: new RegExp(`^${m.absence_messageLabel({}, fr)}`) }).fill((event as EventObject & { message: string }).message),
      'absence.next': async () => button(m.absence_next({}, fr)).click(),
      'absence.back': async () => button(m.absence_back({}, fr)).click(),
      'absence.later': async () => button(m.absence_certificateLater({}, fr)).click(),
      'absence.send': async () => button(m.absence_send({}, fr)).click(),
      'absence.retry': async () => button(m.absence_retry({}, fr)).click(),
      'absence.reportAgain': async () => button(m.absence_reportAgain({}, fr)).click(),
      'absence.chooseFile': choosePhoto,
      // The picker prepared the photo the worker chose.
      'certificate.ready': async () => {
        await choosePhoto();
        await expect(ready).toBeVisible({ timeout: 15_000 });
      },
      // Remove shows only once a file is there (nothing to remove before): the photo is chosen, prepared, then removed.
      'absence.removeFile': async () => {
        await choosePhoto();
        await expect(ready).toBeVisible({ timeout: 15_000 });
        await button(m.absence_certificateRemove({}, fr)).click();
      },
      // The receipt ends when the worker withdraws the report there (through to the server).
      'xstate.done.actor.receipt': withdrawOnReceipt,
    });

    const heading = (name: string) => page.getByRole('heading', { name, exact: true });
    await path.test({
      events,
      states: {
        '*': async (state: { value: unknown; context: { reason: string | null; message: string; certificate: unknown; error: string | null } }) => {
          const value = JSON.stringify(state.value);
          if (value === '"sending"' || value === '"start"') return; // transient: the next state is checked
          const { reason, certificate } = state.context;
          if (value.startsWith('{"reason"')) {
            await expect(heading(m.absence_reasonLegend({}, fr))).toBeVisible();
            await expect(page.getByText(m.absence_reasonMissing({}, fr))).toHaveCount(value === '{"reason":"incomplete"}' ? 1 : 0);
            for (const [key, label] of [
              ['sick', m.absence_reason_sick({}, fr)],
              ['transport', m.absence_reason_transport({}, fr)],
            ] as const)
              await expect(page.getByRole('radio', { name: label })).toBeChecked({ checked: reason === key });
            await expect(page.getByRole('textbox', { name: new RegExp(`^${m.absence_messageLabel({}, fr)}`) })).toHaveValue(state.context.message);
            return;
          }
          if (value === '"certificate"') {
            await expect(heading(m.absence_certificateTitle({}, fr))).toBeVisible();
            // (A file just chosen is still being prepared: whether it is ready is the picker's, checked once it says so.)
            if (lastEvent().type === 'absence.chooseFile') return;
            await expect(ready).toHaveCount(certificate ? 1 : 0);
            await expect(button(m.absence_next({}, fr))).toHaveCount(certificate ? 1 : 0);
            return expectAccessible(page, `the certificate step, ${certificate ? 'a photo ready' : 'nothing chosen'}`);
          }
          if (value === '"confirming"') {
            await expect(heading(m.absence_confirmTitle({}, fr))).toBeVisible();
            await expect(page.getByRole('region', { name: 'Mission' })).toContainText(`ABSENCE-${index + 1}`);
            if (reason === 'sick')
              await expect(page.getByText(certificate ? 'certificat.png' : m.absence_certificateToFollow({}, fr), { exact: true })).toBeVisible();
            return;
          }
          if (value === '"failed"') {
            await expect(heading(m.absence_failedTitle({}, fr))).toBeVisible();
            return expect(button(m.absence_retry({}, fr))).toHaveCount(state.context.error === 'absence_already_reported' ? 0 : 1);
          }
          if (value === '"sent"') {
            await expect(heading(m.absence_receiptTitle({}, fr))).toBeVisible();
            return expect(button(m.absence_withdraw({}, fr))).toBeVisible();
          }
          if (value === '"withdrawn"') {
            await expect(heading(m.absence_withdrawnTitle({}, fr))).toBeVisible();
            await expect(button(m.absence_reportAgain({}, fr))).toBeVisible();
            return expectAccessible(page, 'the report withdrawn');
          }
          throw new Error(`no check for ${value}`);
        },
      },
    } as never);
    // (A path may end in a transient state: its last call is then still on its way.)
    await expect.poll(() => sends.left(), { message: 'every answer the path planned was used' }).toBe(0);
  });
}

/**
 * The certificate picker's paths (tests/machines/certificate-picker.paths.test.ts), walked at the report's certificate
 * step, where the browser reaches it: nothing chosen yet, or the certificate chosen before (back from the summary).
 * A file is a real PNG prepared by the image worker, or a text file (not a certificate: refused, its reason said).
 */
const picker = browserPaths(certificatePickerMachine, MODELS['certificate-picker'].runs(), {
  name: (path, input) =>
    `the certificate picker, ${input.certificate ? 'a certificate chosen before' : 'nothing chosen yet'}: ${pathTitle(MODELS['certificate-picker'].expected, path as never, input)}`,
});

test(`the certificate picker: ${picker.title}`, () => {
  expect(coverageProblems(certificatePickerMachine, picker.paths)).toEqual([]);
});

for (const [index, path] of picker.paths.entries()) {
  test(path.name, async ({ page }) => {
    const worker = await sharedWorker(page.request);
    const { mission } = await addMission(page.request, worker.email, dayOf(paths.length + index), { reference: `CERTIFICAT-${index + 1}` });
    await signIn(page, worker);
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    const ready = page.getByText(/ : prêt à envoyer \(/);
    const refusal = page.getByText(m.absence_certificateRefused({ reason: m.absence_certificateType({}, fr) }, fr));
    const choose = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: new RegExp(`^(${m.absence_certificateChoose({}, fr)}|${m.absence_certificateReplace({}, fr)})$`) }).click();
      await (await chooser).setFiles(file);
    };
    const photo = { name: 'certificat.png', mimeType: 'image/png', buffer: Buffer.from(PNG) };
    const { events } = stepExecutors({
      'xstate.init': async () => {
        await page.goto(`/absence?mission=${mission}`);
        await page.getByRole('radio', { name: m.absence_reason_sick({}, fr) }).check();
        await button(m.absence_next({}, fr)).click();
        if (!path.input.certificate) return;
        // The certificate chosen before: chosen, on to the summary, and back.
        await choose(photo);
        await expect(ready).toBeVisible({ timeout: 15_000 });
        await button(m.absence_next({}, fr)).click();
        await expect(page.getByRole('heading', { name: m.absence_confirmTitle({}, fr) })).toBeVisible();
        await button(m.absence_back({}, fr)).click();
      },
      'certificate.choose': async () =>
        choose(outcomeOf(path) === 'ok' ? photo : { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('pas un certificat') }),
      'certificate.remove': async () => button(m.absence_certificateRemove({}, fr)).click(),
    });
    await path.test({
      events,
      states: {
        '*': async (state: { value: unknown }) => {
          const value = state.value as string;
          if (value === 'start' || value === 'preparing') return; // transient: the next state is checked
          await expect(page.getByRole('heading', { name: m.absence_certificateTitle({}, fr), exact: true })).toBeVisible();
          await expect(ready).toHaveCount(value === 'chosen' ? 1 : 0);
          await expect(page.getByRole('img', { name: m.absence_certificatePreview({}, fr) })).toHaveCount(value === 'chosen' ? 1 : 0);
          await expect(refusal).toHaveCount(value === 'refused' ? 1 : 0);
          await expect(button(m.absence_certificateRemove({}, fr))).toHaveCount(value === 'empty' ? 0 : 1);
          await expect(button(m.absence_next({}, fr))).toHaveCount(value === 'chosen' ? 1 : 0);
          if (value === 'refused') await expectAccessible(page, 'the certificate refused');
        },
      },
    } as never);
  });
}

/** Whether the path's file is prepared (a photo) or refused (not a certificate). */
const outcomeOf = (path: { steps: ReadonlyArray<{ event: EventObject }> }) => (invokeEnds(path, 'prepareCertificate')[0]?.ok ? 'ok' : 'fail');
