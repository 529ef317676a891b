/**
 * The worker's own data on their own phone (docs/decisions/241-kept-answers.md): a second visit paints the kept copy
 * before the network has answered anything, and the network's answer then replaces it in place; on a shared phone, a
 * second worker never sees the first one's data, and the browser keeps none of the first worker's answers.
 */
import { test, expect } from '../fixtures.ts';
import { expectToast } from '../support/toasts.ts';
import { cacheStorage, holdApi, keptOwnerOf, keptRecords, serviceWorkerInControl } from '../support/phone-app.ts';
import { addMission, backoffice, createWorker, signIn, workerPath, type Worker } from '../support/workers.ts';
import { m } from '../../src/paraglide/messages.js';
import type { Page } from '@playwright/test';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const fr = { locale: 'fr' } as const;
const planningPart = (page: Page) => page.getByRole('region', { name: m.homeSummary_planningTitle({}, fr) });

test('a second visit to /home paints the kept copy with no answer of the network yet; the fresh answer then replaces it', async ({ page }) => {
  const worker = await createWorker(page.request, { signature: 'validated' });
  const kept = await addMission(page.request, worker.email, 3, { reference: 'KEPT-1', shortLocation: 'Gare du Midi' });
  await signIn(page, worker);
  await page.goto('/home');
  await expect(planningPart(page).getByRole('listitem')).toContainText('KEPT-1');
  await serviceWorkerInControl(page);
  await expect.poll(async () => (await keptRecords(page)).map((record) => record.key)).toContain('fr /api/user/me/upcoming-planning');

  // Meanwhile the agency moves that mission to a far longer place and plans another; the worker comes back with a
  // network that answers nothing yet.
  const longPlace = 'Quai 12, entrée B, parking souterrain de la gare du Midi, niveau -2';
  await backoffice(page.request, 'POST', `${workerPath(worker.email)}/missions/${kept.mission}/change`, { shortLocation: longPlace });
  await addMission(page.request, worker.email, 4, { reference: 'FRESH-2' });
  const network = await holdApi(page);
  const answered: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.startsWith('/api/')) answered.push(response.url());
  });
  const document = await page.reload();
  expect(document!.fromServiceWorker()).toBe(true);
  await expect(planningPart(page).getByRole('listitem')).toHaveCount(1);
  await expect(planningPart(page).getByRole('listitem')).toContainText('KEPT-1');
  await expect(page.getByRole('button', { name: `${m.shell_userMenu({}, fr)} ${worker.firstName} ${worker.lastName}` })).toBeVisible();
  expect(answered).toEqual([]);
  expect(network.held()).toEqual(expect.arrayContaining(['/api/user/me/info', '/api/user/me/upcoming-planning']));
  // On a phone's width, where a longer place would wrap.
  await page.setViewportSize({ width: 390, height: 844 });
  const keptHeight = (await planningPart(page).getByRole('listitem').first().boundingBox())!.height;

  await network.release();
  await expect(planningPart(page).getByRole('listitem')).toHaveCount(2);
  await expect(planningPart(page).getByRole('listitem').nth(1)).toContainText('FRESH-2');
  // The new place, however long, takes the kept one's line: the row keeps its height (no layout shift on a phone).
  await expect(planningPart(page).getByRole('listitem').first()).toContainText(longPlace);
  expect((await planningPart(page).getByRole('listitem').first().boundingBox())!.height).toBe(keptHeight);
});

/** Signs in through the login form, as a worker does on their phone (remember-me is on by default). */
async function signInWithTheForm(page: Page, worker: Worker) {
  await page.goto('/login');
  await page.getByLabel(m.login_email({}, fr), { exact: true }).fill(worker.email);
  await page.getByLabel(m.login_password({}, fr), { exact: true }).fill(worker.password);
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/auth/login') && r.ok());
  await page.getByRole('button', { name: m.login_submit({}, fr) }).click();
  const { token } = (await (await signedIn).json()) as { token: string };
  await expect(page).toHaveURL(/\/home$/);
  return token;
}

const logOut = async (page: Page, worker: Worker) => {
  await page.getByRole('button', { name: `${m.shell_userMenu({}, fr)} ${worker.firstName} ${worker.lastName}` }).click();
  await page.getByRole('menuitem', { name: m.nav_logout({}, fr) }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The logout ends with a reload of /login, which then says so: until then a read of the page may meet the reload.
  await expectToast(page, m.auth_loggedOut({}, fr), 'success');
};

test("a shared phone: worker B never sees A's data, and the browser keeps none of A's answers", async ({ page }) => {
  const [a, b] = await Promise.all([createWorker(page.request), createWorker(page.request)]);
  await addMission(page.request, a.email, 2, { reference: 'ONLY-A', shortLocation: 'Chez A', briefing: 'Consigne de A' });
  await addMission(page.request, b.email, 2, { reference: 'ONLY-B' });

  const tokenA = await signInWithTheForm(page, a);
  await expect(planningPart(page)).toContainText('ONLY-A');
  await page
    .getByRole('link', { name: m.nav_planning({}, fr) })
    .first()
    .click();
  await expect(page.getByText('Consigne de A')).toBeVisible();
  await serviceWorkerInControl(page);
  await expect.poll(async () => (await keptRecords(page)).length).toBeGreaterThan(3);
  expect(new Set((await keptRecords(page)).map((record) => record.owner))).toEqual(new Set([keptOwnerOf(tokenA)]));

  await logOut(page, a);
  await expect.poll(() => keptRecords(page)).toEqual([]);

  const tokenB = await signInWithTheForm(page, b);
  await expect(planningPart(page)).toContainText('ONLY-B');
  await page
    .getByRole('link', { name: m.nav_planning({}, fr) })
    .first()
    .click();
  await expect(page.getByText('ONLY-B').first()).toBeVisible();
  // B's pages again, from B's own copies: nothing of A on screen, ever.
  await page.goto('/home');
  await expect(planningPart(page)).toContainText('ONLY-B');
  for (const text of ['ONLY-A', 'Chez A', 'Consigne de A', a.email]) await expect(page.locator('body')).not.toContainText(text);

  // What the browser holds: B's sealed copies only, and in Cache Storage the build's files and nothing of the API.
  await expect.poll(async () => (await keptRecords(page)).length).toBeGreaterThan(3);
  expect(new Set((await keptRecords(page)).map((record) => record.owner))).toEqual(new Set([keptOwnerOf(tokenB)]));
  const cached = await cacheStorage(page, ['ONLY-A', 'Chez A', 'Consigne de A', a.email, tokenA]);
  expect(cached.length).toBeGreaterThan(50);
  expect(cached.filter((entry) => new URL(entry.url).pathname.startsWith('/api/') || entry.found.length > 0)).toEqual([]);
});
