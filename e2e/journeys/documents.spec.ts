/**
 * Documents as a worker uses them: the worked-days attest, the C4 (and its "none for this period" warning), a
 * contract and a payslip, each a real PDF; a freelancer cannot reach the screen.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { addMission, backoffice, createWorker, signIn, workerPath } from '../support/workers.ts';
import { expectToast } from '../support/toasts.ts';
import { isPdf } from '../../tests/support/pdf-text.ts';
import { m } from '../../src/paraglide/messages.js';

const fr = { locale: 'fr' } as const;

const pdfOf = async (download: Download) => isPdf(new Uint8Array(await readFile((await download.path())!)));
const downloadBy = async (page: Page, click: () => Promise<void>) => (await Promise.all([page.waitForEvent('download'), click()]))[0];

// The C4 of a period without missions answers 404 (no_c4_for_period): Chromium logs the failed resource.
test.use({ allowedConsoleErrors: [/status of 404/] });

test('attest, C4, contract and payslip download as real PDFs; a period without a C4 is said plainly', async ({ page }) => {
  const worker = await createWorker(page.request);
  const mission = await addMission(page.request, worker.email, -10, { reference: 'DOC-PRINT' });
  await addMission(page.request, worker.email, -9, { reference: 'DOC-NOPRINT', allowPrint: false });
  await backoffice(page.request, 'POST', `${workerPath(worker.email)}/documents`, { kind: 'payslip', year: 2026, month: 4, amount: 1520 }, 201);
  await backoffice(page.request, 'POST', `${workerPath(worker.email)}/documents`, { kind: 'fiscal-year', year: 2025 }, 201);
  await signIn(page, worker);
  await page.goto('/documents');

  await page.getByRole('button', { name: 'Attestation de jours prestés' }).click();
  const attest = await downloadBy(page, () => page.getByRole('button', { name: "Télécharger l'attestation" }).click());
  expect(await pdfOf(attest)).toBe(true);

  await page.getByRole('button', { name: 'C4 – certificat de chômage' }).click();
  const start = page.locator('#c4-start');
  const end = page.locator('#c4-end');
  const defaults = { start: await start.inputValue(), end: await end.inputValue() };
  await start.fill('2001-01-01');
  await end.fill('2001-01-31');
  await page.getByRole('button', { name: 'Télécharger le C4' }).click();
  await expectToast(page, "Aucun C4 n'existe pour cette période.", 'warning');
  await expect(page.getByTestId('c4-status')).toHaveText(
    "Il n'y a pas de C4 pour la période du 1 janvier 2001 au 31 janvier 2001 : aucun contrat ne s'est terminé pendant cette période.",
  );
  await start.fill(defaults.start);
  await end.fill(defaults.end);
  const c4 = await downloadBy(page, () => page.getByRole('button', { name: 'Télécharger le C4' }).click());
  expect(await pdfOf(c4)).toBe(true);
  await expect(page.getByTestId('c4-status')).toHaveText('');

  await page.getByRole('button', { name: 'Contrats', exact: true }).click();
  const contracts = page.getByRole('table');
  await expect(contracts.getByRole('row')).toHaveCount(3);
  await expect(contracts.getByRole('button')).toHaveCount(1);
  const contract = await downloadBy(page, () => contracts.getByRole('button', { name: 'Télécharger le contrat DOC-PRINT (PDF)' }).click());
  expect(contract.suggestedFilename()).toBe(`contrat-DOC-PRINT-${mission.date}.pdf`);
  expect(await pdfOf(contract)).toBe(true);

  await page.getByRole('button', { name: 'Fiches de paie' }).click();
  const payslip = await downloadBy(page, () => page.getByRole('button', { name: 'Télécharger la fiche de paie de avril 2026 (PDF)' }).click());
  expect(payslip.suggestedFilename()).toBe('fiche-de-paie-2026-04.pdf');
  expect(await pdfOf(payslip)).toBe(true);
  await page.getByRole('button', { name: 'Fiches fiscales' }).click();
  await expect(page.getByRole('button', { name: 'Télécharger la fiche fiscale 2025 (PDF)' })).toBeVisible();
  await page.getByRole('button', { name: 'Autres documents' }).click();
  await expect(page.getByRole('link', { name: 'Politique de confidentialité (PDF)' })).toHaveAttribute('href', '/policies/privacy-policy-fr.pdf');
  await expectAccessible(page, 'documents, every section open');
});

test('a freelancer cannot reach the documents: home, with the warning; no menu entry', async ({ page }) => {
  const worker = await createWorker(page.request, { statute: '3' });
  await signIn(page, worker);
  await page.goto('/documents');
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, m.apiError_freelance_not_allowed({}, fr), 'warning');
  const nav = page.getByRole('navigation', { name: m.shell_mainNav({}, fr) });
  await expect(nav.getByRole('link', { name: m.nav_planning({}, fr) })).toBeVisible();
  await expect(nav.getByRole('link', { name: m.nav_documents({}, fr) })).toHaveCount(0);
  const answer = await page.request.get('/api/user/me/documents/contracts-overview', { headers: { Authorization: `Bearer ${worker.token}` } });
  expect(answer.status()).toBe(403);
});
