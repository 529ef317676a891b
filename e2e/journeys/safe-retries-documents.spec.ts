/**
 * A lost answer is never a false failure (docs/decisions/210-safe-retries.md), on the screens of an approved worker:
 * the first request of each mutating call reaches the server and its answer is dropped (a phone losing the network
 * at that moment); the worker retries; the retry is answered from the server's kept answer (not done again), the
 * page ends in the true state, and the server holds exactly one effect, read back through the API.
 * Cheap on purpose: workers made through the API, pages opened directly, the calls of one worker in one test.
 */
import { test, expect } from '../fixtures.ts';
import { loseThenRetry } from '../support/held-network.ts';
import { drawWithMouse } from '../support/signature-pad.ts';
import { expectToast } from '../support/toasts.ts';
import { addMission, createWorker, signIn } from '../support/workers.ts';
import { m } from '../../src/paraglide/messages.js';

const fr = { locale: 'fr' } as const;
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const exact = (name: string) => ({ name, exact: true });

// The dropped answer is a reset connection: the browser logs the failed request.
test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

test('signing: the retry of a signing whose answer was lost reports it sent, and the mission is requested once', async ({ page }) => {
  const worker = await createWorker(page.request, { signature: 'validated' });
  const mission = await addMission(page.request, worker.email, -2, { reference: 'RETRY-SIGN' });
  await signIn(page, worker);
  await page.goto('/digital-signing');
  await page.getByRole('checkbox', { name: /RETRY-SIGN/ }).click();
  await page.getByRole('button', exact(m.signing_signButton({}, fr))).click();
  const confirm = page.getByRole('dialog', { name: m.signing_confirmTitle({}, fr) });
  const sign = confirm.getByRole('button', exact(m.signing_confirmButton({}, fr)));

  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/documents/mark-for-signing' },
    {
      act: async () => {
        await sign.click();
        // What the worker sees of the lost answer: the request did not come back, the selection is kept to retry.
        await expect(confirm.getByText(m.signing_submitFailed({}, fr))).toBeVisible();
      },
      retry: () => sign.click(),
    },
  );
  await expect(confirm).toBeHidden();
  await expect(page.getByText(m.signing_sent({}, fr))).toBeVisible();
  await expect(page.getByText(m.signing_nothingToSign({}, fr))).toBeVisible();
  // One request on the server: the mission is no longer to sign, and asking again is refused.
  expect(await (await page.request.get('/api/user/me/documents/documents-to-sign', bearer(worker.token))).json()).toEqual([]);
  expect(
    (
      await page.request.post('/api/user/me/documents/mark-for-signing', { ...bearer(worker.token), data: [{ mission: mission.mission, comment: '' }] })
    ).status(),
  ).toBe(404);
});

test('availability, signature and calendar feed: each retry after a lost answer ends in the true state, done once', async ({ page }) => {
  const worker = await createWorker(page.request);
  await signIn(page, worker);

  // Availability: one day saved.
  await page.goto('/availabilities?year=2027&month=5');
  const grid = page.getByRole('grid', { name: 'mai 2027 (05/2027)' });
  await grid.getByRole('button', { name: 'lundi 3 mai 2027, aucune disponibilité' }).click();
  const day = page.getByRole('dialog', { name: 'lundi 3 mai 2027' });
  await day.getByRole('checkbox', { name: 'Matin' }).click();
  const save = day.getByRole('button', exact(m.availability_save({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/availabilities/2027/5' },
    {
      act: async () => {
        await save.click();
        await expect(day.getByText(m.availability_saveFailed({}, fr))).toBeVisible();
      },
      retry: () => save.click(),
    },
  );
  await expect(day).toHaveCount(0);
  await expect(grid.getByRole('button', { name: 'lundi 3 mai 2027, disponible : matin' })).toBeVisible();
  const month = await (await page.request.get('/api/user/me/availabilities/2027/5', bearer(worker.token))).json();
  const set = month.weeks
    .flatMap((w: { days: { day: number; morning: boolean; afternoon: boolean; evening: boolean }[] }) => w.days)
    .filter((d: { morning: boolean; afternoon: boolean; evening: boolean }) => d.morning || d.afternoon || d.evening);
  expect(set).toEqual([{ day: 3, morning: true, afternoon: false, evening: false }]);

  // Signature: drawn and saved, pending review.
  await page.goto('/user/manage-signature');
  await page.getByRole('button', exact(m.signature_createButton({}, fr))).click();
  const drawing = page.getByRole('dialog', { name: m.signature_dialogTitle({}, fr) });
  await drawWithMouse(page);
  const keep = drawing.getByRole('button', exact(m.signature_save({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/update-signature' },
    {
      act: async () => {
        await keep.click();
        await expect(drawing.getByText(m.signature_saveFailed({}, fr))).toBeVisible();
      },
      retry: () => keep.click(),
    },
  );
  await expectToast(page, m.signature_signatureUpdated({}, fr), 'success');
  await expect(page.locator('[data-signature-status="pendingReview"]')).toBeVisible();
  expect((await (await page.request.get('/api/user/me/signature', bearer(worker.token))).json()).status).toBe(1);

  // Calendar feed: created, renewed, stopped; the address shown is the one that works.
  await page.goto('/planning');
  const panel = page.getByRole('region', { name: m.calendarFeed_title({}, fr) });
  const feed = { method: 'POST', path: '/api/user/me/calendar-feed' } as const;
  const add = panel.getByRole('button', exact(m.calendarFeed_add({}, fr)));
  await loseThenRetry(page, feed, {
    act: async () => {
      await add.click();
      await expect(panel.getByText(m.calendarFeed_createFailed({}, fr))).toBeVisible();
    },
    retry: () => add.click(),
  });
  const address = panel.getByRole('textbox', { name: m.calendarFeed_addressLabel({}, fr) });
  const first = await address.inputValue();
  expect((await fetch(first)).status).toBe(200);

  await panel.getByRole('button', exact(m.calendarFeed_renew({}, fr))).click();
  const yesRenew = panel.getByRole('button', exact(m.calendarFeed_confirmRenewButton({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: `${feed.path}/renew` },
    {
      act: async () => {
        await yesRenew.click();
        await expect(panel.getByText(m.calendarFeed_renewFailed({}, fr))).toBeVisible();
      },
      retry: async () => {
        await panel.getByRole('button', exact(m.calendarFeed_renew({}, fr))).click();
        await yesRenew.click();
      },
    },
  );
  // The answer came back; the panel shows the new address once it has taken it in.
  await expect(address).not.toHaveValue(first);
  const renewed = await address.inputValue();
  expect((await fetch(renewed)).status).toBe(200);
  expect((await fetch(first)).status).toBe(404);

  await panel.getByRole('button', exact(m.calendarFeed_stop({}, fr))).click();
  const yesStop = panel.getByRole('button', exact(m.calendarFeed_confirmStopButton({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: `${feed.path}/revoke` },
    {
      act: async () => {
        await yesStop.click();
        await expect(panel.getByText(m.calendarFeed_revokeFailed({}, fr))).toBeVisible();
      },
      retry: async () => {
        await panel.getByRole('button', exact(m.calendarFeed_stop({}, fr))).click();
        await yesStop.click();
      },
    },
  );
  await expectToast(page, m.calendarFeed_stopped({}, fr), 'success');
  expect((await (await page.request.get('/api/user/me/calendar-feed', bearer(worker.token))).json()).active).toBe(false);
  expect((await fetch(renewed)).status).toBe(404);
});
