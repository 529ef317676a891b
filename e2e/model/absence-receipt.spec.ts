/**
 * The absence receipt's paths through the real UI in Chromium (docs/conventions.md, Tests): the model of
 * tests/machines/absence-receipt.paths.test.ts, its covering subset, walked on `/absence?mission=<id>`, which shows the
 * receipt of a report that stands (src/routes/absence.tsx). Each path has a mission of its own under the file's one
 * worker, and its report is made first through the API, as the portal would:
 *  - certificate due: a sickness report without its certificate, for a mission a week on;
 *  - no certificate needed: a transport report, the same;
 *  - the certificate in, the mission started: a sickness report sent with its certificate for a mission that began an
 *    hour ago, so that the server itself says it can no longer be withdrawn (and that the agency must be phoned);
 *  - past the deadline: the server cannot pass a deadline on demand (its clock is the real one, the deadline days
 *    away), so the page's reads of the worker's reports come from the server with this report's certificate status
 *    set to `late` by page.route (a controlled answer); its withdrawal goes to the server.
 * Every certificate upload and withdrawal the path makes is held (e2e/support/held-network.ts) until the step of the
 * path that ends it: a success goes on to the reference server, a failure is the fixture's error; a path that ends
 * while one is under way shows it busy. A certificate is a real PNG chosen through the file chooser and prepared by
 * the browser's image worker. After each step the receipt must show both parts of the state the path planned.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import type { EventObject, SnapshotFrom } from 'xstate';
import type { AbsenceReport } from '#domain/api-schema.ts';
import { absenceReceiptMachine } from '../../machines/absence-receipt.machine.ts';
import { PNG } from '../../tests/fixtures/worker-data.ts';
import { ABSENCE_RECEIPT_INPUTS } from '../../tests/machines/fixtures/absence-report.ts';
import { MODELS } from '../../tests/machines/fixtures/models.ts';
import { pathTitle } from '../../tests/machines/helpers/expectations.ts';
import { m } from '../../src/paraglide/messages.js';
import { test, expect, accessibleOncePerState } from '../fixtures.ts';
import { HeldNetwork } from '../support/held-network.ts';
import { addMission, workerPerFile, signIn, type Worker } from '../support/workers.ts';
import { browserPaths, coverageProblems, invokeEnds, statusOf, stepExecutors } from './browser-paths.ts';

type Snap = SnapshotFrom<typeof absenceReceiptMachine>;
type Kind = 'due' | 'late' | 'notNeeded' | 'started';
const fr = { locale: 'fr' } as const;
const model = MODELS['absence-receipt'];
const { paths, title } = browserPaths(absenceReceiptMachine, model.runs(), {
  name: (path, input) => `${ABSENCE_RECEIPT_INPUTS.find((i) => i.input === input)?.label}: ${pathTitle(model.expected, path as never, input)}`,
});
// The injected failures (500, 409) are logged by the browser.
test.use({ allowedConsoleErrors: [/status of (409|500)/] });

const sharedWorker = workerPerFile();

/** The receipt the path starts from, by its input's certificate status (tests/machines/fixtures/absence-report.ts). */
const kindOf = (report: AbsenceReport): Kind =>
  (({ due: 'due', late: 'late', 'not-needed': 'notNeeded', received: 'started' }) as const)[report.certificate.status];

/** A mission that began an hour ago and ends in three (Brussels wall-clock; one past midnight ends the next day). */
async function startedMission(request: APIRequestContext, worker: Worker, reference: string) {
  const at = new Date(Date.now() - 3_600_000);
  const time = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' }).format(d);
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(at);
  return addMission(request, worker.email, 0, { reference, date, start: time(at), end: time(new Date(at.getTime() + 4 * 3_600_000)) });
}

/** The path's mission and its report, made through the API as the portal would; the report as the server answered it. */
async function reportOnServer(request: APIRequestContext, worker: Worker, kind: Kind, index: number, input: AbsenceReport) {
  const reference = `RECU-${index + 1}`;
  const { mission } = kind === 'started' ? await startedMission(request, worker, reference) : await addMission(request, worker.email, 7 + index, { reference });
  const made = await request.post('/api/user/me/absences', {
    headers: { Authorization: `Bearer ${worker.token}` },
    multipart: {
      mission,
      reason: input.reason,
      message: input.message,
      ...(kind === 'started' ? { certificate: { name: 'certificat.png', mimeType: 'image/png', buffer: Buffer.from(PNG) } } : {}),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const report = (await made.json()) as AbsenceReport;
  // The server's receipt is the one the path starts from (a late one is made late by the reads below).
  expect([report.certificate.status, report.withdrawable]).toEqual([kind === 'late' ? 'due' : input.certificate.status, input.withdrawable]);
  return { mission, report };
}

/** The page's reads of the worker's reports (the list, or this one) with this report's certificate past its deadline. */
async function readAsLate(page: Page, reportId: string) {
  const late = (r: AbsenceReport): AbsenceReport => (r.id === reportId ? { ...r, certificate: { ...r.certificate, status: 'late' } } : r);
  await page.route(
    (url) => url.pathname === '/api/user/me/absences' || url.pathname === `/api/user/me/absences/${reportId}`,
    async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const body = (await response.json()) as AbsenceReport | AbsenceReport[];
      return route.fulfill({ response, json: Array.isArray(body) ? body.map(late) : late(body) });
    },
  );
}

/** How many requests the page sent to a path (the calls the path planned, none twice). */
function counted(page: Page, path: string) {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) sent += 1;
  });
  return () => sent;
}

/** The calls of an invoke the path makes: the ones it ends, and one more when it ends with the call under way. */
const callsOf = (path: { steps: ReadonlyArray<{ event: EventObject }>; state: Snap }, invoke: string, underWay: boolean) =>
  invokeEnds(path, invoke).length + (underWay ? 1 : 0);

/** A message with one placeholder as a pattern (the day or date the server decided, whatever it is). */
function shaped(message: (params: Record<string, string>, options: typeof fr) => string, param: string): RegExp {
  const [before, after] = message({ [param]: '\u0000' }, fr).split('\u0000') as [string, string];
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escape(before)}.+${escape(after)}$`);
}
const CERTIFICATE_LINE = {
  due: shaped(m.absence_certificateDue as never, 'day'),
  received: shaped(m.absence_certificateReceived as never, 'date'),
  late: m.absence_certificateLate({}, fr),
  notNeeded: m.absence_certificateNotNeeded({}, fr),
} as const;

/** Axe on a state of the machine the first time this file's run reaches it (each path runs the page's own check on opening). */
const accessibleOnce = accessibleOncePerState();

test(title, () => {
  expect(coverageProblems(absenceReceiptMachine, paths)).toEqual([]);
});

for (const [index, path] of paths.entries()) {
  test(path.name, async ({ page }) => {
    const kind = kindOf(path.input.report);
    const worker = await sharedWorker(page.request);
    const { mission, report } = await reportOnServer(page.request, worker, kind, index, path.input.report);
    if (kind === 'late') await readAsLate(page, report.id);
    const endpoints = {
      upload: { method: 'POST', path: `/api/user/me/absences/${report.id}/certificate` },
      withdraw: { method: 'POST', path: `/api/user/me/absences/${report.id}/withdraw` },
    } as const;
    const held = new HeldNetwork(page, endpoints);
    await held.install();
    held.arm('upload', { every: true });
    held.arm('withdraw', { every: true });
    const uploads = counted(page, endpoints.upload.path);
    const withdrawals = counted(page, endpoints.withdraw.path);
    await signIn(page, worker);

    const receipt = page.getByRole('region', { name: m.absence_receiptTitle({}, fr) });
    const button = (name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
    const busy = (name: string) => page.getByRole('button', { name: new RegExp(`^${name}`) });
    const pickerButton = button(new RegExp(`^(${m.absence_certificateChoose({}, fr)}|${m.absence_certificateReplace({}, fr)})$`));
    const ready = page.getByText(/ : prêt à envoyer \(/);
    /** The certificate as the worker chooses it: a real photo, through the file chooser, prepared in the browser. */
    const choosePhoto = async () => {
      const chooser = page.waitForEvent('filechooser');
      await pickerButton.click();
      await (await chooser).setFiles({ name: 'certificat.png', mimeType: 'image/png', buffer: Buffer.from(PNG) });
    };
    const fail = (key: keyof typeof endpoints, error: unknown) => {
      const { code, message } = error as { code: string; message: string };
      return held.fail(key, statusOf(code), code, message);
    };
    let current: Snap | undefined;

    const { events, lastEvent } = stepExecutors({
      'xstate.init': async () => void (await page.goto(`/absence?mission=${mission}`)),
      'absence.chooseFile': choosePhoto,
      // The picker prepared the photo the worker chose.
      'certificate.ready': async () => {
        await choosePhoto();
        await expect(ready).toBeVisible({ timeout: 15_000 });
      },
      // Remove shows only once a file is there: with none yet, the photo is chosen and prepared first.
      'absence.removeFile': async () => {
        if (!current?.context.certificate) {
          await choosePhoto();
          await expect(ready).toBeVisible({ timeout: 15_000 });
        }
        await button(m.absence_certificateRemove({}, fr)).click();
      },
      'absence.sendCertificate': async () => button(m.absence_sendCertificate({}, fr)).click(),
      'absence.withdraw': async () => button(m.absence_withdraw({}, fr)).click(),
      'absence.confirm': async () => button(m.absence_withdrawConfirm({}, fr)).click(),
      'absence.cancel': async () => button(m.absence_withdrawKeep({}, fr)).click(),
      'absence.retry': async () => button(m.absence_retry({}, fr)).click(),
      'xstate.done.actor.uploadCertificate': async () => held.pass('upload'),
      'xstate.error.actor.uploadCertificate': async ({ event }) => fail('upload', (event as EventObject & { error: unknown }).error),
      'xstate.done.actor.withdrawReport': async () => held.pass('withdraw'),
      'xstate.error.actor.withdrawReport': async ({ event }) => fail('withdraw', (event as EventObject & { error: unknown }).error),
    });

    await path.test({
      events,
      states: {
        '*': async (state: Snap) => {
          current = state;
          if (state.matches('withdrawn')) {
            await expect(page.getByRole('heading', { name: m.absence_withdrawnTitle({}, fr), exact: true })).toBeVisible();
            await expect(page.getByText(m.absence_withdrawnText({}, fr))).toBeVisible();
            return expect(button(m.absence_reportAgain({}, fr))).toBeVisible();
          }
          await expect(page.getByRole('heading', { name: m.absence_receiptTitle({}, fr), exact: true })).toBeVisible();
          await certificatePart(state);
          await withdrawalPart(state);
          // The phone notice is the server's: only the mission under way is close enough (the others are a week on).
          await expect(receipt.getByRole('alert').filter({ hasText: m.absence_phoneTitle({}, fr) })).toHaveCount(kind === 'started' ? 1 : 0);
        },
      },
    } as never);

    /** The certificate's line, its picker while it is due, the upload's failure, and Send while a certificate is ready. */
    async function certificatePart(state: Snap) {
      const due = state.matches({ standing: { certificate: 'due' } });
      const uploading = state.matches({ standing: { certificate: { due: 'uploading' } } });
      const uploadFailed = state.matches({ standing: { certificate: { due: 'uploadFailed' } } });
      const withdrawing = state.matches({ standing: { withdrawal: 'withdrawing' } });
      const line = due
        ? CERTIFICATE_LINE.due
        : state.matches({ standing: { certificate: 'received' } })
          ? CERTIFICATE_LINE.received
          : state.matches({ standing: { certificate: 'late' } })
            ? CERTIFICATE_LINE.late
            : CERTIFICATE_LINE.notNeeded;
      const term = page.getByRole('term').filter({ hasText: m.absence_certificateTitle({}, fr) });
      await expect(receipt.locator('dl > div').filter({ has: term }).getByRole('definition')).toHaveText(line);
      await expect(pickerButton).toHaveCount(due ? 1 : 0);
      await expect(page.getByText(m.absence_uploadFailed({}, fr))).toHaveCount(uploadFailed ? 1 : 0);
      const send = page.getByRole('button', { name: new RegExp(`^${m.absence_sendCertificate({}, fr)}`) });
      if (uploading) {
        await expect(send).toHaveAttribute('aria-disabled', 'true');
        await expect(pickerButton).toBeDisabled();
        return;
      }
      // (A file just chosen is still being prepared: whether it is ready is the picker's, checked once it says so.)
      if (!due || lastEvent().type === 'absence.chooseFile') return;
      const certificate = state.context.certificate !== null;
      await expect(ready).toHaveCount(certificate ? 1 : 0);
      // Send while a certificate is ready, but not while the report is being withdrawn (the two never run at once).
      await expect(send).toHaveCount(certificate && !withdrawing ? 1 : 0);
      if (certificate && !withdrawing) await expect(send).not.toHaveAttribute('aria-disabled');
      if (uploadFailed) await accessibleOnce(page, 'the receipt, its certificate not arrived');
    }

    /** Withdraw while the server allows it and no certificate is being sent; the question; the call under way; its failure. */
    async function withdrawalPart(state: Snap) {
      const question = page.getByText(m.absence_withdrawQuestion({}, fr), { exact: true });
      const failedText = state.context.error === 'absence_mission_started' ? m.absence_withdrawStarted({}, fr) : m.absence_withdrawFailed({}, fr);
      const confirm = busy(m.absence_withdrawConfirm({}, fr));
      if (state.matches({ standing: { withdrawal: 'idle' } })) {
        await expect(question).toHaveCount(0);
        const uploading = state.matches({ standing: { certificate: { due: 'uploading' } } });
        return expect(button(m.absence_withdraw({}, fr))).toHaveCount(state.context.report.withdrawable && !uploading ? 1 : 0);
      }
      await expect(button(m.absence_withdraw({}, fr))).toHaveCount(0);
      if (state.matches({ standing: { withdrawal: 'confirming' } })) {
        await expect(question).toBeVisible();
        await expect(confirm).not.toHaveAttribute('aria-disabled');
        return accessibleOnce(page, 'the receipt, asking to withdraw');
      }
      if (state.matches({ standing: { withdrawal: 'withdrawing' } })) {
        await expect(question).toBeVisible();
        await expect(confirm).toHaveAttribute('aria-disabled', 'true');
        return expect(button(m.absence_withdrawKeep({}, fr))).toBeDisabled();
      }
      await expect(page.getByRole('alert').filter({ hasText: failedText })).toBeVisible();
      await expect(button(m.absence_retry({}, fr))).toHaveCount(state.context.error === 'absence_mission_started' ? 0 : 1);
      return accessibleOnce(page, 'the receipt, its withdrawal failed');
    }

    // Each call the path planned, and none twice: the ones it ended, and the one still under way where it ends.
    const planned = {
      uploads: callsOf(path, 'uploadCertificate', path.state.matches({ standing: { certificate: { due: 'uploading' } } })),
      withdrawals: callsOf(path, 'withdrawReport', path.state.matches({ standing: { withdrawal: 'withdrawing' } })),
    };
    await expect.poll(() => ({ uploads: uploads(), withdrawals: withdrawals() }), { message: 'every call the path planned, none twice' }).toEqual(planned);
  });
}
