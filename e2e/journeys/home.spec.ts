/** The home summary with real data: next missions, contracts waiting for a signature, the signature's status. */
import { test, expect } from '../fixtures.ts';
import { addMission, createWorker, signIn } from '../support/workers.ts';
import { m } from '../../src/paraglide/messages.js';

const fr = { locale: 'fr' } as const;

test('an approved employee: next missions, one contract to sign, a validated signature, each with its link', async ({ page }) => {
  const worker = await createWorker(page.request, { signature: 'validated' });
  await addMission(page.request, worker.email, -2, { reference: 'TO-SIGN' });
  const next = await addMission(page.request, worker.email, 3, { reference: 'NEXT-UP', shortLocation: 'Gare du Midi' });
  await signIn(page, worker);
  await page.goto('/home');

  // This month's availabilities (§2.5), with the way to set them.
  await expect(
    page.getByRole('region', { name: m.homeSummary_availabilityTitle({}, fr) }).getByRole('link', { name: m.homeSummary_availabilityLink({}, fr) }),
  ).toBeVisible();
  const planning = page.getByRole('region', { name: m.homeSummary_planningTitle({}, fr) });
  await expect(planning.getByRole('listitem')).toHaveCount(1);
  await expect(planning.getByRole('listitem')).toContainText(`${next.start} – ${next.end} NEXT-UP · Gare du Midi`);
  await expect(page.getByRole('region', { name: m.homeSummary_documentsTitle({}, fr) })).toContainText(m.homeSummary_documentsCount({ count: 1 }, fr));
  const signature = page.getByRole('region', { name: m.homeSummary_signatureTitle({}, fr) });
  await expect(signature.locator('[data-tone="success"]')).toHaveText(`${m.ui_kindSuccess({}, fr)} ${m.homeSummary_signatureValidated({}, fr)}`);
  await expect(signature.getByRole('link', { name: m.homeSummary_signatureLink({}, fr) })).toHaveAttribute('href', '/user/manage-signature');

  await planning.getByRole('link', { name: m.homeSummary_planningLink({}, fr) }).click();
  await expect(page).toHaveURL(/\/planning$/);
  await expect(page.getByRole('heading', { level: 4, name: /NEXT-UP/ })).toBeVisible();
});

test('a new account under review: no planning part, signing comes after approval, and no refused call', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'detailsSubmitted' });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() === 403) refused.push(response.url());
  });
  await signIn(page, worker);
  await page.goto('/home');
  await expect(page.getByRole('region', { name: m.homeSummary_documentsTitle({}, fr) })).toContainText(m.homeSummary_documentsAfterApproval({}, fr));
  await expect(page.getByRole('region', { name: m.homeSummary_planningTitle({}, fr) })).toHaveCount(0);
  await expect(page.getByRole('region', { name: m.homeSummary_availabilityTitle({}, fr) })).toHaveCount(0);
  await expect(page.getByRole('region', { name: m.homeSummary_signatureTitle({}, fr) })).toHaveCount(0);
  await expect(page.locator('[data-toast="danger"]')).toHaveCount(0);
  expect(refused).toEqual([]);
});
