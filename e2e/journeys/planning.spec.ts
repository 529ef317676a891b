/** The planning as a worker uses it: the list by day, the PDF export and the calendar file hold the missions. */
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { test, expect } from '../fixtures.ts';
import { addMission, createWorker, signIn } from '../support/workers.ts';
import { isPdf, pdfStrings } from '../../tests/support/pdf-text.ts';
import { m } from '../../src/paraglide/messages.js';

const bytesOf = async (download: Download) => new Uint8Array(await readFile((await download.path())!));

test('the planning lists the missions by day; planning.pdf and planning.ics hold their references', async ({ page }) => {
  const worker = await createWorker(page.request);
  const soon = await addMission(page.request, worker.email, 2, { reference: 'SOON-1', shortLocation: 'Expo Heysel', briefing: 'Badge à l’accueil' });
  const later = await addMission(page.request, worker.email, 9, { reference: 'LATER-2' });
  const past = await addMission(page.request, worker.email, -4, { reference: 'PAST-3' });
  await signIn(page, worker);
  await page.goto('/planning');

  const upcoming = page.getByRole('region', { name: 'Missions à venir' });
  await expect(upcoming.getByRole('heading', { level: 4 })).toHaveText([`${soon.start} – ${soon.end} · SOON-1`, `${later.start} – ${later.end} · LATER-2`]);
  await expect(upcoming.getByText('Expo Heysel')).toBeVisible();
  await expect(upcoming.getByText('Badge à l’accueil')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Missions passées' }).getByRole('heading', { level: 4 })).toHaveText([`${past.start} – ${past.end} · PAST-3`]);

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exporter le planning (PDF)' }).click()]);
  expect(pdf.suggestedFilename()).toBe('planning.pdf');
  const pdfBytes = await bytesOf(pdf);
  expect(isPdf(pdfBytes)).toBe(true);
  expect(pdfStrings(pdfBytes)).toEqual(expect.arrayContaining(['SOON-1', 'LATER-2', 'PAST-3']));
  await expect(page.getByRole('button', { name: 'Exporter le planning (PDF)' })).not.toHaveAttribute('aria-busy');

  const [ics] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Ajouter à mon agenda (.ics)' }).click()]);
  expect(ics.suggestedFilename()).toBe('planning.ics');
  const text = new TextDecoder().decode(await bytesOf(ics));
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  for (const reference of ['SOON-1', 'LATER-2', 'PAST-3']) expect(text).toContain(`SUMMARY:${reference} - job-7`);

  await page.getByRole('link', { name: 'Modifier mes disponibilités du mois entier' }).click();
  await expect(page).toHaveURL(/\/availabilities$/);
  await expect(page.getByRole('grid')).toBeVisible();
});

test('a worker without missions sees that nothing is planned', async ({ page }) => {
  const worker = await createWorker(page.request);
  await signIn(page, worker);
  await page.goto('/planning');
  await expect(page.getByText(m.planning_empty({}, { locale: 'fr' }))).toBeVisible();
});
