/**
 * The planning as a worker uses it: the list by day, the PDF export and the calendar file hold the missions; the
 * calendar feed follows the agency's changes (§12, §13).
 */
import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { rememberPersonalData } from '../support/known-data.ts';
import { expectToast } from '../support/toasts.ts';
import { addMission, backoffice, createWorker, outbox, signIn, workerPath } from '../support/workers.ts';
import { isPdf, pdfStrings } from '../../tests/support/pdf-text.ts';
import { m } from '../../src/paraglide/messages.js';

const bytesOf = async (download: Download) => new Uint8Array(await readFile((await download.path())!));

// Named by the month of the export, in Brussels (decision 135).
const exportMonth = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit' }).format(new Date());

test('the planning lists the missions by day; planning-YYYY-MM.pdf and .ics hold their references', async ({ page }) => {
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
  expect(pdf.suggestedFilename()).toBe(`planning-${exportMonth()}.pdf`);
  const pdfBytes = await bytesOf(pdf);
  expect(isPdf(pdfBytes)).toBe(true);
  expect(pdfStrings(pdfBytes)).toEqual(expect.arrayContaining(['SOON-1', 'LATER-2', 'PAST-3']));
  await expect(page.getByRole('button', { name: 'Exporter le planning (PDF)' })).not.toHaveAttribute('aria-busy');

  const [ics] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger une copie (.ics)' }).click()]);
  expect(ics.suggestedFilename()).toBe(`planning-${exportMonth()}.ics`);
  const text = new TextDecoder().decode(await bytesOf(ics));
  expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  for (const reference of ['SOON-1', 'LATER-2', 'PAST-3']) expect(text).toContain(`SUMMARY:${reference} - Job 7`);

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

/** The VEVENT of a reference in a calendar's text, unfolded. */
const eventOf = (calendar: string, reference: string) =>
  calendar
    .replace(/\r\n /g, '')
    .split('BEGIN:VEVENT')
    .find((block) => block.includes(`SUMMARY:${reference}`) || block.includes(` ${reference} - `)) ?? '';

test.describe('the calendar feed', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('add it, copy its address, read it; a cancellation shows on /planning and in the feed; stop it', async ({ page }) => {
    const worker = await createWorker(page.request);
    await addMission(page.request, worker.email, 3, { reference: 'FEED-KEPT' });
    const dropped = await addMission(page.request, worker.email, 5, { reference: 'FEED-DROPPED' });
    await signIn(page, worker);
    await page.goto('/planning');

    const panel = page.getByRole('region', { name: m.calendarFeed_title({}, { locale: 'fr' }) });
    await panel.getByRole('button', { name: 'Ajouter à mon agenda' }).click();
    const field = panel.getByRole('textbox', { name: "Adresse de l'abonnement" });
    await expect(field).toBeFocused();
    const url = await field.inputValue();
    const secret = /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1];
    expect(secret).toBeTruthy();
    // From now on the security sweep fails the test if the secret shows up in any URL the browser asks or in its storage.
    rememberPersonalData({ calendarFeedSecret: secret });
    await expect(panel.getByRole('link', { name: "Ouvrir dans l'agenda de cet appareil" })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'));
    await expect(panel.getByRole('img', { name: "Code QR de l'adresse de l'abonnement" })).toBeVisible();
    await panel.getByRole('button', { name: "Copier l'adresse" }).click();
    await expect(panel.getByRole('status')).toHaveText(m.calendarFeed_copied({}, { locale: 'fr' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    await expectAccessible(page, '/planning with the feed address shown');

    // A calendar app reads it (from outside the browser, without the worker's session).
    const first = await fetch(url);
    expect(first.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const before = await first.text();
    expect(eventOf(before, 'FEED-DROPPED')).toContain('STATUS:CONFIRMED');
    expect(eventOf(before, 'FEED-KEPT')).toContain('SEQUENCE:0');

    await backoffice(page.request, 'POST', `${workerPath(worker.email)}/missions/${dropped.mission}/cancel`, {});
    await page.reload();
    const cancelled = page.locator(`[data-mission="${dropped.mission}"]`);
    await expect(cancelled.getByRole('heading', { level: 4 })).toHaveText(/^Annulée /);
    await expect(cancelled).toContainText("Annulée par l'agence le ");
    // Back on the page, the address is not shown again: the feed is active since its creation.
    await expect(panel).toContainText('Votre agenda est abonné à votre planning depuis le ');
    await expect(panel.getByRole('textbox')).toHaveCount(0);

    const after = await (await fetch(url, { headers: { 'If-None-Match': first.headers.get('etag')! } })).text();
    const event = eventOf(after, 'FEED-DROPPED');
    expect(event).toContain('STATUS:CANCELLED');
    expect(event).toContain('SEQUENCE:1');
    expect(event.match(/^UID:.*$/m)?.[0]).toBe(eventOf(before, 'FEED-DROPPED').match(/^UID:.*$/m)?.[0]);
    expect((await outbox(page.request, worker.email))[0]!.subject).toBe('Mission FEED-DROPPED annulée');

    await panel.getByRole('button', { name: "Arrêter l'abonnement" }).click();
    await expect(panel.getByText(m.calendarFeed_confirmStop({}, { locale: 'fr' }))).toBeFocused();
    await expectAccessible(page, '/planning asking to stop the feed');
    await panel.getByRole('button', { name: 'Oui, arrêter' }).click();
    await expectToast(page, m.calendarFeed_stopped({}, { locale: 'fr' }), 'success');
    await expect(panel.getByRole('button', { name: 'Ajouter à mon agenda' })).toBeFocused();
    expect((await fetch(url)).status).toBe(404);
  });
});
