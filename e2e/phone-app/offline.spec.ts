/**
 * Without a network (docs/decisions/242-offline.md): the pages a worker opened show their last copy, marked "offline,
 * as of …", the planning with each mission's address and briefing; availabilities edited offline are refused in place
 * without losing anything, and saved once at the worker's next press when the network is back.
 */
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { keptRecords, serviceWorkerInControl } from '../support/phone-app.ts';
import { addMission, backoffice, createWorker, signIn, workerPath } from '../support/workers.ts';
import { m } from '../../src/paraglide/messages.js';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const fr = { locale: 'fr' } as const;
// The browser says so for every request it cannot send.
test.use({ allowedConsoleErrors: [/net::ERR_INTERNET_DISCONNECTED/] });

const dayFromToday = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(Date.now() + days * 86_400_000));
const offlineNote = (page: Page) => page.getByRole('main').getByText(/^Hors ligne · données de \d\d:\d\d$/);

test('offline, /home, /planning, /offers and /hours show their last copy, marked offline; the planning keeps addresses and briefings', async ({
  page,
  context,
}) => {
  // Eight page loads and the worker's install.
  test.slow();
  const worker = await createWorker(page.request);
  await addMission(page.request, worker.email, 2, {
    reference: 'NIGHT-1',
    location1: 'Quai des Péniches 5',
    location2: '1000 Bruxelles',
    briefing: 'Entrée par le quai',
  });
  const { mission } = await addMission(page.request, worker.email, -1, { reference: 'WORKED-1', start: '08:00', end: '16:00', hourlyWageCents: 1437 });
  await backoffice(page.request, 'POST', `${workerPath(worker.email)}/missions/${mission}/hours`, { start: '08:00', end: '15:30', breakMinutes: 30 }, 201);
  await backoffice(
    page.request,
    'POST',
    '/offers',
    {
      reference: 'OFFLINE-OFFER',
      job: 'waiter',
      shortLocation: 'Palais 5',
      location1: 'Avenue de Miramar',
      hourlyWageCents: 1550,
      briefing: 'Tenue noire.',
      places: 2,
      answerBy: new Date(Date.now() + 48 * 3_600_000).toISOString(),
      shifts: [{ date: dayFromToday(6), start: '18:00', end: '23:00' }],
      workers: [worker.email],
    },
    201,
  );
  await signIn(page, worker);

  // Online first: the pages the worker opens every day.
  const pages = {
    '/home': () => expect(page.getByRole('region', { name: m.homeSummary_planningTitle({}, fr) })).toContainText('NIGHT-1'),
    '/planning': async () => {
      await expect(page.getByText('Quai des Péniches 5, 1000 Bruxelles')).toBeVisible();
      await expect(page.getByText('Entrée par le quai')).toBeVisible();
    },
    '/offers': () => expect(page.getByRole('link', { name: 'Serveur / serveuse à Palais 5' })).toBeVisible(),
    '/hours': () => expect(page.locator(`li[data-mission="${mission}"]`)).toContainText('WORKED-1'),
  };
  for (const [path, shows] of Object.entries(pages)) {
    await page.goto(path);
    await shows();
    await expect(offlineNote(page)).toHaveCount(0);
  }
  await serviceWorkerInControl(page);
  await expect.poll(async () => (await keptRecords(page)).length).toBeGreaterThanOrEqual(8);

  await context.setOffline(true);
  for (const [path, shows] of Object.entries(pages)) {
    await page.goto(path);
    await shows();
    await expect(offlineNote(page)).toBeVisible();
  }
  // Back online: the copies are read again and the note goes.
  await context.setOffline(false);
  await expect(offlineNote(page)).toHaveCount(0);
  await expect(page.locator(`li[data-mission="${mission}"]`)).toContainText('WORKED-1');
});

test('availabilities edited offline: refused in place, nothing lost; saved once at the next press with the network back', async ({ page, context }) => {
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/availabilities?year=2027&month=5');
  const grid = page.getByRole('grid', { name: 'mai 2027 (05/2027)' });
  await expect(grid.getByRole('button', { name: 'lundi 3 mai 2027, aucune disponibilité' })).toBeVisible();
  await serviceWorkerInControl(page);
  await expect.poll(async () => (await keptRecords(page)).map((record) => record.key)).toContain('fr /api/user/me/availabilities/2027/5');

  await context.setOffline(true);
  await page.goto('/availabilities?year=2027&month=5');
  await expect(grid.getByRole('button', { name: 'lundi 3 mai 2027, aucune disponibilité' })).toBeVisible();
  await expect(offlineNote(page)).toBeVisible();

  const saves: Array<{ key: string | undefined; status: number | 'failed' }> = [];
  page.on('requestfinished', async (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/user/me/availabilities/2027/5'))
      saves.push({ key: request.headers()['idempotency-key'], status: (await request.response())!.status() });
  });
  page.on('requestfailed', (request) => {
    if (request.method() === 'POST') saves.push({ key: request.headers()['idempotency-key'], status: 'failed' });
  });
  await grid.getByRole('button', { name: 'lundi 3 mai 2027, aucune disponibilité' }).click();
  const dialog = page.getByRole('dialog', { name: 'lundi 3 mai 2027' });
  await dialog.getByRole('checkbox', { name: 'Soir' }).click();
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(m.error_offline({}, fr));
  await expect(dialog.getByRole('checkbox', { name: 'Soir' })).toBeChecked();

  await context.setOffline(false);
  await expect(dialog.getByRole('alert')).toHaveText(m.availability_saveFailed({}, fr));
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(grid.getByRole('button', { name: 'lundi 3 mai 2027, disponible : soir' })).toBeVisible();
  await expect(offlineNote(page)).toHaveCount(0);

  // One save reached the server, the same intent as the press made offline (its key); the server has the evening.
  await expect.poll(() => saves.length).toBe(2);
  expect(saves.map((save) => save.status)).toEqual(['failed', 204]);
  expect(saves[1]!.key).toBe(saves[0]!.key);
  const month = await (await page.request.get('/api/user/me/availabilities/2027/5', { headers: { Authorization: `Bearer ${worker.token}` } })).json();
  expect(month.weeks.flatMap((w: { days: { day: number }[] }) => w.days).find((d: { day: number }) => d.day === 3)).toEqual({
    day: 3,
    morning: false,
    afternoon: false,
    evening: true,
  });
});
