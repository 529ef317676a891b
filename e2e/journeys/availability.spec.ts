/**
 * Availabilities as a worker uses them (§2.13): a month set in the month editor survives a reload; one day edited
 * with the keyboard only; months across years, Back and the "go to" form; the month on a 320 px phone; today and
 * the month editor's Save on a 390 px phone (docs/decisions/138-availability-today-past-and-shortcuts.md).
 */
import { test, expect, expectAccessible } from '../fixtures.ts';
import { createWorker, signIn } from '../support/workers.ts';

test('set a month in the editor, save, reload: the choices are kept (and the server has them)', async ({ page }) => {
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/availabilities?year=2027&month=3');
  const grid = page.getByRole('grid', { name: 'mars 2027 (03/2027)' });
  await expect(grid.getByRole('button', { name: 'lundi 1 mars 2027, aucune disponibilité' })).toBeVisible();

  await page.getByRole('button', { name: 'Modifier tout le mois' }).click();
  const editor = page.getByRole('dialog', { name: 'Disponibilités de mars 2027 (03/2027)' });
  await expect(editor.getByRole('checkbox')).toHaveCount(93);
  await expectAccessible(page, 'the month editor');
  await editor.getByRole('checkbox', { name: 'Matin, lundi 1 mars 2027' }).click();
  await editor.getByRole('checkbox', { name: 'Après-midi, lundi 15 mars 2027' }).click();
  await editor.getByRole('checkbox', { name: 'Soir, lundi 15 mars 2027' }).click();
  await editor.getByRole('checkbox', { name: 'Soir, mercredi 31 mars 2027' }).click();
  await editor.getByRole('button', { name: 'Enregistrer' }).click();

  await expect(editor).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /^Enregistré le .+ à \d\d:\d\d\.$/ })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'lundi 15 mars 2027, disponible : après-midi et soir' })).toBeVisible();

  await page.reload();
  await expect(grid.getByRole('button', { name: 'lundi 1 mars 2027, disponible : matin' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'lundi 15 mars 2027, disponible : après-midi et soir' })).toBeVisible();
  await expect(grid.getByRole('button', { name: 'mercredi 31 mars 2027, disponible : soir' })).toBeVisible();
  await expect(grid.getByRole('button', { name: /disponible :/ })).toHaveCount(3);

  const month = await (await page.request.get('/api/user/me/availabilities/2027/3', { headers: { Authorization: `Bearer ${worker.token}` } })).json();
  const days = month.weeks.flatMap((w: { days: { day: number }[] }) => w.days).filter((d: { day: number }) => [1, 15, 31].includes(d.day));
  expect(days).toEqual([
    { day: 1, morning: true, afternoon: false, evening: false },
    { day: 15, morning: false, afternoon: true, evening: true },
    { day: 31, morning: false, afternoon: false, evening: true },
  ]);
});

test('one day with the keyboard only: Tab to the grid, arrows, Enter, Space, save; the focus comes back to the day', async ({ page }) => {
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/availabilities?year=2027&month=4');
  const grid = page.getByRole('grid', { name: 'avril 2027 (04/2027)' });
  await expect(grid).toBeVisible();
  // One tab stop in the grid: Tab reaches the first day of the month.
  for (let i = 0; i < 40 && !(await grid.getByRole('button', { name: /^jeudi 1 avril 2027/ }).evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(grid.getByRole('button', { name: /^jeudi 1 avril 2027/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(grid.getByRole('button', { name: /^vendredi 9 avril 2027/ })).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'vendredi 9 avril 2027' });
  await expect(dialog.getByRole('checkbox', { name: 'Matin' })).toBeFocused();
  await expectAccessible(page, 'the day dialog');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox', { name: 'Soir' })).toBeChecked();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Enregistrer' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(grid.getByRole('button', { name: 'vendredi 9 avril 2027, disponible : soir' })).toBeFocused();
});

test('across months and years, with Back and the "go to" form; the URL follows', async ({ page }) => {
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/availabilities?year=2026&month=12');
  await expect(page.getByRole('grid', { name: 'décembre 2026 (12/2026)' })).toBeVisible();
  await page.getByRole('button', { name: 'Mois suivant (01/2027)' }).click();
  await expect(page.getByRole('grid', { name: 'janvier 2027 (01/2027)' })).toBeVisible();
  await expect(page).toHaveURL(/\?year=2027&month=1$/);
  await page.getByRole('button', { name: 'Mois précédent (12/2026)' }).click();
  await page.getByRole('button', { name: 'Mois précédent (11/2026)' }).click();
  await expect(page.getByRole('grid', { name: 'novembre 2026 (11/2026)' })).toBeVisible();
  await expect(page).toHaveURL(/\?year=2026&month=11$/);
  await page.goBack();
  await expect(page.getByRole('grid', { name: 'décembre 2026 (12/2026)' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('grid', { name: 'janvier 2027 (01/2027)' })).toBeVisible();
  await page.getByLabel('Mois', { exact: true }).selectOption({ label: '06 – juin' });
  await page.getByLabel('Année', { exact: true }).fill('2030');
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page.getByRole('grid', { name: 'juin 2030 (06/2030)' })).toBeVisible();
  await expect(page).toHaveURL(/\?year=2030&month=6$/);
  // A bad month in the URL falls back to the current month (Brussels).
  await page.goto('/availabilities?year=2026&month=13');
  const now = new Intl.DateTimeFormat('fr-BE', { month: 'long', year: 'numeric', timeZone: 'Europe/Brussels' }).format(new Date());
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(`^${now} \\(`) })).toBeVisible();
});

test('on a 320 px phone the month reads without sideways scrolling, every day a big enough target', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/availabilities?year=2027&month=2');
  const grid = page.getByRole('grid', { name: 'février 2027 (02/2027)' });
  await expect(grid.getByRole('button')).toHaveCount(28);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  for (const box of await grid
    .getByRole('button')
    .evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height })))) {
    expect(box.w).toBeGreaterThanOrEqual(24);
    expect(box.h).toBeGreaterThanOrEqual(24);
  }
  await grid.getByRole('button', { name: /^lundi 1 février 2027/ }).click();
  await expect(page.getByRole('dialog', { name: 'lundi 1 février 2027' })).toBeVisible();
  await expectAccessible(page, 'the day dialog on a phone');
});

test('on a 390 px phone: today is marked, and the month editor keeps Save in view while the days scroll, covering none', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/availabilities'); // the current month
  const today = page.getByRole('grid').locator('button[aria-current="date"]');
  await expect(today).toHaveCount(1);
  await expect(today).toHaveAccessibleName(/\(aujourd'hui\)$/);
  expect(await today.evaluate((el) => getComputedStyle(el).borderTopWidth)).toBe('3px');

  await page.getByRole('button', { name: 'Modifier tout le mois' }).click();
  const editor = page.getByRole('dialog', { name: /^Disponibilités de / });
  await expect(editor.getByRole('group', { name: 'Raccourcis' })).toBeVisible();
  const save = editor.getByRole('button', { name: 'Enregistrer' });
  const lastRow = editor.locator('tbody tr').last();
  await expect(lastRow).toBeAttached();
  const inView = async () => {
    const box = (await save.boundingBox())!;
    return box.y >= 0 && box.y + box.height <= 844;
  };
  // At the top of the list, the last row far below: Save is on screen all the same.
  expect(await inView()).toBe(true);
  await expect(lastRow).not.toBeInViewport();
  // Scrolled to the end: Save still on screen, and the last row above the buttons, not under them.
  await editor.evaluate((dialog) => dialog.scrollTo(0, dialog.scrollHeight));
  await expect(lastRow).toBeInViewport({ ratio: 1 });
  expect(await inView()).toBe(true);
  const footerTop = await save.evaluate((button) => button.parentElement!.getBoundingClientRect().top);
  expect((await lastRow.boundingBox())!.y + (await lastRow.boundingBox())!.height).toBeLessThanOrEqual(footerTop + 0.5);
  await expectAccessible(page, 'the month editor with its shortcuts on a 390 px phone');
});

test.describe('failures in the month editor on a 390 px phone', () => {
  // The refused save answers 500 and the copy finds no network: Chromium logs both, as expected here.
  test.use({ viewport: { width: 390, height: 844 }, allowedConsoleErrors: [/status of 500|net::ERR_FAILED/] });

  test('a failed save and a failed copy: one message each, in view beside what failed, no toast over the editor', async ({ page }) => {
    const worker = await createWorker(page.request);
    await signIn(page, worker);
    await page.goto('/availabilities?year=2027&month=3');
    await page.getByRole('button', { name: 'Modifier tout le mois' }).click();
    const editor = page.getByRole('dialog', { name: 'Disponibilités de mars 2027 (03/2027)' });
    await expect(editor.getByRole('group', { name: 'Raccourcis' })).toBeVisible();
    await page.route('**/api/user/me/availabilities/2027/3', (route, request) =>
      request.method() === 'POST'
        ? route.fulfill({ status: 500, json: { code: 'internal_error', message: 'Un problème est survenu sur le serveur.' } })
        : route.continue(),
    );
    await page.route('**/api/user/me/availabilities/2027/2', (route) => route.abort());
    const toasts = page.locator('[data-toast]');

    await editor.getByRole('checkbox', { name: 'Matin, lundi 1 mars 2027' }).click();
    await editor.getByRole('button', { name: 'Enregistrer' }).click();
    const saveFailed = editor.getByRole('alert').filter({ hasText: "L'enregistrement a échoué." });
    await expect(saveFailed).toBeInViewport({ ratio: 1 });
    await expect(editor.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();

    await editor.getByRole('button', { name: 'Copier le mois précédent' }).click();
    const copyFailed = editor.getByRole('alert').filter({ hasText: "Le mois précédent n'a pas pu être lu" });
    await expect(copyFailed).toBeVisible();
    await copyFailed.scrollIntoViewIfNeeded();
    await expect(editor.getByRole('button', { name: 'Copier le mois précédent' })).toBeInViewport({ ratio: 1 });
    // The API layer raised nothing on top: the editor's own words are the only ones (a toast would come within ms).
    await expect(toasts).toHaveCount(0);
    await editor.getByRole('checkbox', { name: 'Matin, mardi 2 mars 2027' }).click();
    await expect(toasts).toHaveCount(0);
  });
});
