/**
 * The signature and signing (§2.15, §2.16) as a worker lives them, against the reference server, with fixed end states: a signature drawn and
 * validated by the agency, two of three contracts signed with a comment, the third left; a new account that
 * cannot create one; a freelancer kept out of both screens; the keyboard way to sign; the phone layout; "select all"
 * and the Sign bar on a 390 px phone (docs/decisions/139-select-all-sticky-sign-bar-and-freelancer-home.md).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test, expect, expectAccessible } from '../fixtures.ts';
import { addMission, backoffice, createWorker, signIn, workerPath } from '../support/workers.ts';
import { expectToast } from '../support/toasts.ts';
import { drawWithMouse, imageInk, padInk } from '../support/signature-pad.ts';
import { m } from '../../src/paraglide/messages.js';

const fr = { locale: 'fr' } as const;
const button = (name: string) => ({ name, exact: true });

test('an approved employee draws a signature, the agency validates it, and two of three contracts are signed', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved' });
  const missions = [
    await addMission(page.request, worker.email, -3, { reference: 'JRN-001', km: 0 }),
    await addMission(page.request, worker.email, -2, { reference: 'JRN-002', km: 18 }),
    await addMission(page.request, worker.email, -1, { reference: 'JRN-003', km: 12.5 }),
  ];
  await signIn(page, worker);

  // No signature yet: the intro and the create button.
  await page.goto('/user/manage-signature');
  await expect(page.getByText(m.signature_intro({}, fr))).toBeVisible();
  await page.getByRole('button', button(m.signature_createButton({}, fr))).click();
  const drawing = page.getByRole('dialog', { name: m.signature_dialogTitle({}, fr) });
  await expect(drawing.getByRole('img', { name: m.signature_padLabel({}, fr) })).toBeVisible();
  await expect(drawing.getByRole('button', button(m.signature_save({}, fr)))).toBeDisabled();
  await expectAccessible(page, 'the drawing dialog');
  await drawWithMouse(page);
  expect(await padInk(page)).toBeGreaterThan(500);
  await drawing.getByRole('button', button(m.signature_save({}, fr))).click();
  await expectToast(page, m.signature_signatureUpdated({}, fr), 'success');
  await expect(drawing).toBeHidden();
  await expect(page.locator('[data-signature-status="pendingReview"]')).toContainText(m.signature_statusPendingReview({}, fr));
  // The create button is gone: the focus goes to its successor, not to the top of the page.
  await expect(page.getByRole('button', button(m.signature_modifyButton({}, fr)))).toBeFocused();
  expect(await imageInk(page.getByRole('img', { name: m.signature_imageAlt({}, fr) }))).toBeGreaterThan(500);

  // Pending review: the list shows, Sign waits for the agency.
  await page.getByRole('link', { name: m.signature_signingLink({}, fr) }).click();
  await expect(page.getByText(m.signing_awaitingApproval({}, fr))).toBeVisible();
  await expect(page.getByRole('button', button(m.signing_signButton({}, fr)))).toBeDisabled();

  // The agency validates it; the worker comes back to the page (it reads the status afresh).
  await backoffice(page.request, 'POST', `${workerPath(worker.email)}/signature-status`, { status: 'validated' });
  await page.getByRole('link', { name: m.signing_modifySignatureLink({}, fr) }).click();
  await expect(page.locator('[data-signature-status="validated"]')).toContainText(m.signature_statusValidated({}, fr));
  await page.getByRole('link', { name: m.signature_signingLink({}, fr) }).click();
  const cards = page.locator('li[data-mission]');
  await expect(cards).toHaveCount(3);
  await expect(page.getByText(m.signing_awaitingApproval({}, fr))).toBeHidden();
  // The km figure only when not zero.
  await expect(cards.nth(0).getByText(m.signing_km({}, fr))).toHaveCount(0);
  await expect(cards.filter({ hasText: 'JRN-003' }).getByText('12,5 km')).toBeVisible();
  await expect(page.getByText(m.signing_forfait({}, fr))).toBeVisible();

  // The contract the worker can read before signing (the evidence hashes these very bytes: decision 014).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: m.signing_downloadContract({ reference: 'JRN-001' }, fr) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`contrat-JRN-001-${missions[0]!.date}.pdf`);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
  const served = await page.request.get(`/api/user/me/documents/${missions[0]!.job}/contract/${missions[0]!.mission}/download`, {
    headers: { Authorization: `Bearer ${worker.token}` },
  });
  expect(createHash('sha256').update(pdf).digest('hex')).toBe(
    createHash('sha256')
      .update(await served.body())
      .digest('hex'),
  );

  // Sign is enabled only with at least one mission checked.
  const sign = page.getByRole('button', button(m.signing_signButton({}, fr)));
  await expect(sign).toBeDisabled();
  await page.getByRole('checkbox', { name: /JRN-001/ }).click();
  await page.getByRole('checkbox', { name: /JRN-003/ }).click();
  const comment = cards.filter({ hasText: 'JRN-003' }).getByRole('textbox', { name: new RegExp(m.signing_commentLabel({}, fr)) });
  await comment.fill('Fin à 17h00 au lieu de 17h30.');
  await expect(cards.filter({ hasText: 'JRN-003' }).getByTestId('comment-count')).toHaveText(m.signing_commentCount({ used: 29, max: 250 }, fr));
  await expect(sign).toBeEnabled();
  await sign.click();

  const confirm = page.getByRole('dialog', { name: m.signing_confirmTitle({}, fr) });
  // The chosen missions (a toast still shown sits in the dialog too: the page behind a modal is inert).
  const chosen = confirm.getByTestId('confirm-missions').getByRole('listitem');
  await expect(chosen).toHaveCount(2);
  await expect(chosen.nth(0)).toContainText(/ - JRN-001$/);
  await expect(chosen.nth(1)).toContainText(/ - JRN-003/);
  await expectAccessible(page, 'the signing confirmation');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/user/me/documents/mark-for-signing') && r.method() === 'POST');
  await confirm.getByRole('button', button(m.signing_confirmButton({}, fr))).click();
  const request = await sent;
  expect(request.postDataJSON()).toEqual([
    { mission: missions[0]!.mission, comment: '' },
    { mission: missions[2]!.mission, comment: 'Fin à 17h00 au lieu de 17h30.' },
  ]);
  expect((await request.allHeaders())['user-agent']).toBe(await page.evaluate(() => navigator.userAgent));

  // Only the second mission is left, and the request is confirmed on the page.
  await expect(confirm).toBeHidden();
  await expect(page.getByText(m.signing_sent({}, fr))).toBeFocused();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('JRN-002');
  await expect(sign).toBeDisabled();

  // The server agrees: the signed missions are no longer to sign (their evidence is stored with them, in one
  // transaction; tests/signing/evidence.test.tsx reads it after the same UI steps).
  const left = await page.request.get('/api/user/me/documents/documents-to-sign', { headers: { Authorization: `Bearer ${worker.token}` } });
  expect(((await left.json()) as Array<{ reference: string }>).map((i) => i.reference)).toEqual(['JRN-002']);
});

test('a worker who cannot draw types their name: the keyboard alone creates the signature', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved', signature: 'rejected' });
  await signIn(page, worker);
  await page.goto('/user/manage-signature');
  await expect(page.locator('[data-signature-status="rejected"]')).toContainText(m.signature_statusRejected({}, fr));
  const modify = page.getByRole('button', button(m.signature_modifyButton({}, fr)));
  await modify.focus();
  await page.keyboard.press('Enter');
  const drawing = page.getByRole('dialog', { name: m.signature_dialogTitle({}, fr) });
  const drawChoice = drawing.getByRole('radio', { name: m.signature_modeDraw({}, fr) });
  await expect(drawChoice).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(drawing.getByRole('radio', { name: m.signature_modeType({}, fr) })).toBeChecked();
  // The name is offered (never asked twice) and painted as the signature image.
  const name = drawing.getByRole('textbox', { name: m.signature_typedNameLabel({}, fr) });
  await expect(name).toHaveValue(`${worker.firstName} ${worker.lastName}`);
  await expect(drawing.getByRole('img', { name: m.signature_previewLabel({}, fr) })).toBeVisible();
  expect(await padInk(page)).toBeGreaterThan(300);
  await expectAccessible(page, 'the drawing dialog, typing the name');
  await page.keyboard.press('Tab');
  await expect(name).toBeFocused();
  // Tab to Save (past Cancel and Clear) and press it.
  const save = drawing.getByRole('button', button(m.signature_save({}, fr)));
  for (let i = 0; i < 4 && !(await save.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expectToast(page, m.signature_signatureUpdated({}, fr), 'success');
  await expect(page.locator('[data-signature-status="pendingReview"]')).toBeVisible();
  expect(await imageInk(page.getByRole('img', { name: m.signature_imageAlt({}, fr) }))).toBeGreaterThan(300);
  // Focus came back to the button that opened the dialog.
  await expect(modify).toBeFocused();
});

test('a new account cannot create a signature, and contract signing waits for the approval', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'detailsSubmitted' });
  await signIn(page, worker);
  await page.goto('/user/manage-signature');
  await expect(page.getByText(m.signature_newAccountNotice({}, fr))).toBeVisible();
  await expect(page.getByRole('button', button(m.signature_createButton({}, fr)))).toBeDisabled();
  // The server lists contracts to approved workers only: the access table sends a new account home, with the
  // server's words, and the home says contracts come with the approval.
  await page.goto('/digital-signing');
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, m.apiError_account_not_approved({}, fr), 'warning');
  await expect(page.getByRole('region', { name: m.homeSummary_documentsTitle({}, fr) })).toContainText(m.homeSummary_documentsAfterApproval({}, fr));
});

test('a freelancer reaches neither the signature screen nor contract signing', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'approved', statute: '3' });
  await signIn(page, worker);
  for (const path of ['/user/manage-signature', '/digital-signing']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/home$/);
    await expectToast(page, m.signature_notForFreelancers({}, fr), 'warning');
  }
});

test('on a 320 px phone the missions are cards and nothing scrolls sideways', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  const worker = await createWorker(page.request, { stage: 'approved', signature: 'validated' });
  await addMission(page.request, worker.email, -1, { reference: 'PHONE-0001', km: 120 });
  await addMission(page.request, worker.email, -2, { reference: 'PHONE-0002' });
  await signIn(page, worker);
  await page.goto('/digital-signing');
  const cards = page.locator('li[data-mission]');
  await expect(cards).toHaveCount(2);
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  // One column: each card spans the width, the second under the first.
  expect(second!.y).toBeGreaterThan(first!.y + first!.height - 1);
  expect(first!.width).toBeGreaterThan(250);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  await page.getByRole('checkbox', { name: /PHONE-0001/ }).click();
  await page.getByRole('button', button(m.signing_signButton({}, fr))).click();
  await expect(page.getByRole('dialog', { name: m.signing_confirmTitle({}, fr) })).toBeVisible();
  await expectAccessible(page, 'the signing confirmation on a phone');
});

test('on a 390 px phone: "select all", and the Sign bar stays on screen while the list scrolls, covering no card', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const worker = await createWorker(page.request, { stage: 'approved', signature: 'validated' });
  for (let i = 1; i <= 5; i++) await addMission(page.request, worker.email, -i, { reference: `BAR-000${i}` });
  await signIn(page, worker);
  await page.goto('/digital-signing');
  const cards = page.locator('li[data-mission]');
  await expect(cards).toHaveCount(5);
  await page.getByRole('checkbox', button(m.signing_selectAll({}, fr))).click();
  for (const box of await page.locator('li[data-mission] input[type="checkbox"]').all()) await expect(box).toBeChecked();
  const bar = page.getByTestId('signing-bar');
  await expect(bar).toContainText('Sélection : 5 sur 5');
  const sign = page.getByRole('button', button(m.signing_signButton({}, fr)));
  // The last card is below the fold, Sign is on screen all the same.
  await expect(cards.last()).not.toBeInViewport();
  await expect(sign).toBeInViewport({ ratio: 1 });
  // Scrolled to the end: Sign still on screen, and the last card wholly above the bar.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(sign).toBeInViewport({ ratio: 1 });
  const [card, barBox] = [(await cards.last().boundingBox())!, (await bar.boundingBox())!];
  expect(card.y + card.height).toBeLessThanOrEqual(barBox.y + 0.5);
  await sign.click();
  await expect(page.getByRole('dialog', { name: m.signing_confirmTitle({}, fr) }).getByRole('listitem')).toHaveCount(5);
});
