/**
 * "I can't come" on a 390 px phone (requirements §16): sickness reported for tomorrow's mission with a camera photo of the
 * certificate; the phone notice and the receipt; the mission marked on /planning and the receipt reopened from it;
 * the agency's mail in the outbox; the feed's event marked. Then the three calls of the flow with their answer lost
 * (docs/decisions/210-safe-retries.md): the retry gets the kept answer, and the effect happened once.
 */
import { test, expect, expectAccessible } from '../fixtures.ts';
import { cameraPhoto } from '../support/camera-photo.ts';
import { dropNextAnswer, isReplay, nextAnswer } from '../support/held-network.ts';
import { rememberPersonalData } from '../support/known-data.ts';
import { addMission, backoffice, createWorker, outbox, signIn, type Worker } from '../support/workers.ts';
import { leaks } from '../../tests/fixtures/camera-exif.ts';
import { storedSize } from '#domain/image-bytes.ts';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import type { BackofficeAbsence } from '#domain/api-schema.ts';
import { BACKOFFICE_TOKEN } from '../../playwright.config.ts';

/** The e2e server's agency (server/config.ts defaults): where reports are mailed, and the number to phone. */
const AGENCY = { email: 'agence@demo.example', phone: '+32 2 555 01 23', tel: 'tel:+3225550123' };

/** Brussels wall-clock now, as HH:MM, and tomorrow's day. */
function brussels(offsetMinutes = 0) {
  const at = new Date(Date.now() + offsetMinutes * 60_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', hourCycle: 'h23', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.hour}:${parts.minute}`;
}

/**
 * Tomorrow's mission, starting less than 24 hours from now (an hour earlier than the clock shows now, or at
 * midnight just after it), so that the phone notice is due whatever the hour the suite runs.
 */
async function tomorrowsMission(request: APIRequestContext, worker: Worker, reference: string) {
  const start = brussels(-60) > brussels() ? '00:00' : brussels(-60);
  const end = `${String((Number(start.slice(0, 2)) + 4) % 24).padStart(2, '0')}:${start.slice(3)}`;
  return addMission(request, worker.email, 1, { reference, start, end, shortLocation: 'Gare du Midi' });
}

/** The VEVENT of a reference in the feed, unfolded. */
const eventOf = (calendar: string, reference: string) =>
  calendar
    .replace(/\r\n /g, '')
    .split('BEGIN:VEVENT')
    .find((block) => block.includes(` ${reference} - `) || block.includes(`:${reference} - `)) ?? '';

test.use({ viewport: { width: 390, height: 844 } });

test('sickness for tomorrow with a camera photo: the phone notice, the receipt, /planning, the agency mail, the feed', async ({ page }) => {
  const worker = await createWorker(page.request);
  const mission = await tomorrowsMission(page.request, worker, 'ACCUEIL-31');
  const feed = await (await page.request.post('/api/user/me/calendar-feed', { headers: { Authorization: `Bearer ${worker.token}` }, data: {} })).json();
  rememberPersonalData({ calendarFeedSecret: /\/api\/calendar\/([A-Za-z0-9_-]{43})\.ics$/.exec(feed.url)?.[1] });
  await signIn(page, worker);
  await page.goto('/planning');

  const card = page.locator(`[data-mission="${mission.mission}"]`);
  await card.getByRole('link', { name: /^Je ne peux pas venir \(mission ACCUEIL-31 du / }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Je ne peux pas venir');
  await expect(page.getByRole('region', { name: 'Mission' })).toContainText('ACCUEIL-31');

  // The reason: Continue without one says to choose.
  await page.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByText('Choisissez une raison.')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Je suis malade' })).toBeFocused();
  await page.keyboard.press('Space');
  await page.getByRole('textbox', { name: /Message pour l'agence/ }).fill('Fièvre depuis cette nuit.');
  await page.getByRole('button', { name: 'Continuer' }).click();

  // The certificate: the phone's camera photo (12 MP, on its side, with its GPS position), prepared before it is sent.
  await expect(page.getByRole('heading', { name: 'Certificat médical' })).toBeFocused();
  const photo = await cameraPhoto(page, test.info().outputPath('photos'));
  expect(leaks(photo.bytes)).toContain('GPS position');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Prendre une photo ou choisir un fichier' }).click();
  await (await chooser).setFiles(photo.path);
  await expect(page.getByText(/^IMG_0042\.jpg : prêt à envoyer \(\d+\sko\)\.$/)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('img', { name: 'Aperçu du certificat' })).toBeVisible();
  await expectAccessible(page, 'the certificate chosen, on a 390 px phone');
  await page.getByRole('button', { name: 'Continuer' }).click();

  // The summary names the mission; what leaves the phone is small, upright and without EXIF.
  await expect(page.getByRole('heading', { name: "Vérifiez avant d'envoyer" })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Mission' })).toContainText('ACCUEIL-31');
  await expect(page.getByText('IMG_0042.jpg', { exact: true })).toBeVisible();
  // Read as it leaves (a route sees the whole multipart body), then sent on to the server untouched.
  const sent = new Promise<Request>(
    (resolve) => void page.route('**/api/user/me/absences', (route) => (resolve(route.request()), route.fallback()), { times: 1 }),
  );
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
  const part = certificatePart(await sent);
  expect(part.bytes.length).toBeLessThanOrEqual(700 * 1024);
  expect([storedSize(part.bytes), leaks(part.bytes)]).toEqual([{ width: 1500, height: 2000 }, []]);

  // The receipt, with the notice to phone now.
  await expect(page.getByRole('heading', { name: 'Absence signalée' })).toBeFocused();
  const notice = page.getByRole('alert').filter({ hasText: "Téléphonez aussi à l'agence, maintenant" });
  await expect(notice.getByRole('link', { name: `Appeler l'agence : ${AGENCY.phone}` })).toHaveAttribute('href', AGENCY.tel);
  await expect(page.getByText(/^Envoyé à l'agence le /)).toBeVisible();
  await expect(page.getByText(/^Reçu le /)).toBeVisible();
  await expectAccessible(page, 'the receipt with the phone notice, on a 390 px phone');

  // /planning marks the mission, and the receipt reopens from it.
  await page.getByRole('link', { name: 'Retour au planning' }).click();
  await expect(card.getByRole('heading', { level: 4 })).toHaveText(/^Absence signalée /);
  await card.getByRole('link', { name: /^Voir le signalement / }).click();
  await expect(page.getByRole('heading', { name: 'Absence signalée' })).toBeVisible();
  await expect(page.getByText('Fièvre depuis cette nuit.')).toBeVisible();

  // The agency was told, and holds the certificate without its GPS position.
  const mail = (await outbox(page.request, AGENCY.email)).find((m) => m.subject.includes('ACCUEIL-31') && m.text.includes(worker.email));
  expect(mail?.subject).toMatch(/^Absence signalée : .+, mission ACCUEIL-31 du \d{2}\/\d{2}\/\d{4}$/);
  expect(mail?.text).toContain('Motif : maladie\nMessage : Fièvre depuis cette nuit.\nCertificat médical : reçu');
  expect(mail?.text).toContain('La mission commence dans moins de 24 heures');
  const [report] = await backoffice<BackofficeAbsence[]>(page.request, 'GET', `/absences?worker=${encodeURIComponent(worker.email)}`);
  const stored = await page.request.get(`/api/backoffice/absences/${report!.id}/certificate`, { headers: { Authorization: `Bearer ${BACKOFFICE_TOKEN}` } });
  expect(leaks(await stored.body())).toEqual([]);

  // The calendar feed marks the event (a calendar app reads it without the worker's session).
  const event = eventOf(await (await fetch(feed.url)).text(), 'ACCUEIL-31');
  expect(event).toContain('STATUS:TENTATIVE');
  expect(event).toMatch(/DESCRIPTION:Absence signalée le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
  expect(event).not.toContain('maladie');
});

/** The `certificate` part of the report as the browser sent it (the multipart body's last part). */
function certificatePart(request: Request): { bytes: Buffer } {
  const body = request.postDataBuffer()!;
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(request.headers()['content-type'] ?? '')!;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  for (let at = body.indexOf(delimiter), next; at !== -1; at = next) {
    next = body.indexOf(delimiter, at + delimiter.length);
    if (next === -1) break;
    const part = body.subarray(at + delimiter.length + 2, next - 2); // the CRLF after a delimiter, and before the next
    const headerEnd = part.indexOf('\r\n\r\n');
    if (/name="certificate"/.test(part.subarray(0, headerEnd).toString('latin1'))) return { bytes: part.subarray(headerEnd + 4) };
  }
  throw new Error('no certificate in the report');
}

test.describe('a lost answer', () => {
  test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

  /** Opens "I can't come" for a mission in a week (no phone notice), signed in. */
  async function open(page: Page, reference: string) {
    const worker = await createWorker(page.request);
    const mission = await addMission(page.request, worker.email, 7, { reference });
    await signIn(page, worker);
    await page.goto(`/absence?mission=${mission.mission}`);
    return worker;
  }
  const reports = (page: Page, worker: Worker) => backoffice<BackofficeAbsence[]>(page.request, 'GET', `/absences?worker=${encodeURIComponent(worker.email)}`);

  test('sending the report, adding the certificate, withdrawing: each retried gets the kept answer, done once', async ({ page }) => {
    const worker = await open(page, 'RETRY-31');
    await page.getByRole('radio', { name: 'Je suis malade' }).check();
    await page.getByRole('button', { name: 'Continuer' }).click();
    await page.getByRole('button', { name: "Je l'enverrai plus tard" }).click();

    const report = await dropNextAnswer(page, { method: 'POST', path: '/api/user/me/absences' });
    await page.getByRole('button', { name: 'Envoyer le signalement' }).click();
    expect((await report.served).status).toBe(201);
    await expect(page.getByRole('heading', { name: "Le signalement n'a pas été envoyé" })).toBeFocused();
    const resent = nextAnswer(page, report.endpoint);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    expect(isReplay(await resent)).toBe(true);
    await expect(page.getByText(/^À envoyer au plus tard le /)).toBeVisible();
    const [stored] = await reports(page, worker);
    expect((await reports(page, worker)).length).toBe(1);

    const path = `/api/user/me/absences/${stored!.id}/certificate`;
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Prendre une photo ou choisir un fichier' }).click();
    await (await chooser).setFiles({ name: 'certificat.pdf', mimeType: 'application/pdf', buffer: await onePagePdf() });
    await expect(page.getByText(/^certificat\.pdf : prêt à envoyer/)).toBeVisible();
    const certificate = await dropNextAnswer(page, { method: 'POST', path });
    await page.getByRole('button', { name: 'Envoyer le certificat' }).click();
    expect((await certificate.served).status).toBe(200);
    await expect(page.getByText("Le certificat n'est pas arrivé. Il est gardé : envoyez-le à nouveau.")).toBeVisible();
    const again = nextAnswer(page, certificate.endpoint);
    await page.getByRole('button', { name: 'Envoyer le certificat' }).click();
    expect(isReplay(await again)).toBe(true);
    await expect(page.getByText(/^Reçu le /)).toBeVisible();
    expect(
      (await outbox(page.request, AGENCY.email)).filter((m) => m.subject.startsWith('Certificat médical reçu') && m.text.includes(stored!.id)),
    ).toHaveLength(1);

    const withdraw = await dropNextAnswer(page, { method: 'POST', path: `/api/user/me/absences/${stored!.id}/withdraw` });
    await page.getByRole('button', { name: 'Retirer le signalement : je viendrai' }).click();
    await expect(page.getByText("Retirer le signalement ? L'agence sera prévenue que vous venez.")).toBeFocused();
    await page.getByRole('button', { name: 'Oui, je viendrai' }).click();
    expect((await withdraw.served).status).toBe(200);
    await expect(page.getByText("Le signalement n'a pas pu être retiré : il reste valable.")).toBeVisible();
    const retried = nextAnswer(page, withdraw.endpoint);
    await page.getByRole('button', { name: 'Réessayer' }).click();
    expect(isReplay(await retried)).toBe(true);
    await expect(page.getByRole('heading', { name: 'Signalement retiré' })).toBeVisible();
    expect((await reports(page, worker)).map((r) => r.status)).toEqual(['withdrawn']);
    expect((await outbox(page.request, AGENCY.email)).filter((m) => m.subject.startsWith('Absence retirée') && m.text.includes(worker.email))).toHaveLength(1);
  });
});

/** A one-page PDF, as a doctor's scanning app would send. */
async function onePagePdf(): Promise<Buffer> {
  const { PDFDocument } = await import('pdf-lib');
  const doc = await PDFDocument.create();
  doc.addPage([200, 100]).drawText('Certificat medical', { x: 10, y: 50 });
  return Buffer.from(await doc.save());
}
