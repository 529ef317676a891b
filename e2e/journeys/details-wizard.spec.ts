/**
 * The details wizard tried as a new worker would (§2.12, §5.3): the five steps with real image files,
 * ending home with the file under review; a reload in the middle loses nothing that was saved; a refused upload
 * loses nothing that was typed. Fixed end states, written by hand (not generated from the machine).
 */
import { test, expect, expectAccessible } from '../fixtures.ts';
import { createWorker, signIn } from '../support/workers.ts';
import { expectToast, toast } from '../support/toasts.ts';
import { m } from '../../src/paraglide/messages.js';
import {
  backButton,
  changeButton,
  continueButton,
  detailsStatus,
  errorSummary,
  expectStep,
  field,
  imageFiles,
  imageInput,
  mainAddress,
  nextButton,
  retryButton,
  STEP_HEADINGS,
  stepLink,
  submitButton,
  t,
  workerWithSavedFile,
} from '../support/details-wizard.ts';
import type { Page } from '@playwright/test';

// The server's refusal of a file that is not an image (415) is logged by the browser as a failed request.
test.use({ allowedConsoleErrors: [/status of 415/] });

const nextYear = new Date().getUTCFullYear() + 3;

async function fillContact(page: Page) {
  await field(page, t(m.details_contact_mobile)).fill('+32 470 12 34 56');
  await mainAddress(page, m.details_address_street).fill('Rue Haute');
  await mainAddress(page, m.details_address_number).fill('5');
  await mainAddress(page, m.details_address_zip).fill('1000');
  await mainAddress(page, m.details_address_city).fill('Bruxelles');
}

async function fillLegal(page: Page, files: { png: string; jpeg: string }) {
  await field(page, t(m.details_legal_statute)).selectOption(t(m.details_statuteE));
  await field(page, t(m.details_legal_sex)).selectOption(t(m.details_genderF));
  await field(page, t(m.details_legal_birthDate)).fill('2001-02-03');
  await field(page, t(m.details_legal_birthPlace)).fill('Namur');
  await field(page, t(m.details_legal_idNumber)).fill('592-1234567-89');
  await field(page, t(m.details_legal_idExpiration)).fill(`${nextYear}-06-30`);
  // Born in 2001: the check digits follow the rule for births from 2000 on (97 - (2 010203 123 mod 97)).
  await field(page, t(m.details_legal_registryNumber)).fill('01020312345');
  await field(page, t(m.details_legal_civilStatus)).selectOption(t(m.details_civilStatus2));
  await field(page, t(m.details_legal_marriageDate)).fill('2024-06-01');
  await field(page, t(m.details_legal_spouseName)).fill('Jan Peeters');
  await field(page, t(m.details_legal_spouseBirthDate)).fill('1999-09-09');
  await field(page, t(m.details_legal_spouseOccupation)).selectOption(t(m.details_spouseOccupation2));
  await field(page, t(m.details_legal_adultDependants)).selectOption('0');
  await field(page, t(m.details_legal_childDependants)).selectOption('1');
  await field(page, t(m.details_legal_iban)).fill('be68539007547034');
  await field(page, t(m.details_legal_bic)).fill('gebabebb');
  await imageInput(page, m.details_image_idFront).setInputFiles(files.png);
  await imageInput(page, m.details_image_idBack).setInputFiles(files.jpeg);
}

/** Step 3's required appearance and sizes, as a worker types them (the shoe size with a decimal comma). */
async function fillAppearanceAndSizes(page: Page) {
  await field(page, t(m.details_general_looks)).selectOption(t(m.details_looksMediterraneen));
  await field(page, t(m.details_general_hairColour)).selectOption(t(m.details_hairColourChatain));
  await field(page, t(m.details_general_hairLength)).selectOption(t(m.details_hairLengthMiLong));
  await field(page, t(m.details_general_length)).fill('168');
  await field(page, t(m.details_general_shoeSize)).fill('38,5');
  await field(page, t(m.details_general_pantsWidth)).fill('28');
  await field(page, t(m.details_general_pantsLength)).fill('32');
}

test('a new worker fills the five steps with real images, checks the answers, changes one, submits, and is home with the file under review', async ({
  page,
}) => {
  const worker = await createWorker(page.request, { stage: 'policiesAgreed' });
  await signIn(page, worker);
  await page.goto('/employee-details');
  const files = await imageFiles(page);

  // 1. Contact: name and e-mail come from the account.
  await expectStep(page, 1);
  await expect(field(page, t(m.details_contact_firstName))).toHaveValue('Anne');
  await fillContact(page);
  await nextButton(page).click();

  // 2. Legal, with the ID card: a wrong file type is refused at once, before anything is sent.
  await expectStep(page, 2);
  await expect(field(page, t(m.details_legal_nationality))).toHaveValue('B');
  await expect(field(page, t(m.details_legal_birthCountry))).toHaveValue('BE');
  await imageInput(page, m.details_image_idFront).setInputFiles(files.gif);
  await expect(page.getByText(t(m.details_image_refused, { name: 'animation.gif', reason: t(m.validation_fileType) }))).toBeVisible();
  await fillLegal(page, files);
  await expect(page.getByRole('img', { name: t(m.details_image_preview, { label: t(m.details_image_idFront) }) })).toBeVisible();
  await field(page, t(m.details_legal_bic)).focus(); // leaving the IBAN shows it formatted
  await expect(field(page, t(m.details_legal_iban))).toHaveValue('BE68 5390 0754 7034');
  await expect(field(page, t(m.details_legal_registryNumber))).toHaveValue('01.02.03-123.45');
  await nextButton(page).click();

  // 3. General info: skirt size is offered (gender f); car details once there is a car.
  await expectStep(page, 3);
  await fillAppearanceAndSizes(page);
  await page.getByRole('combobox', { name: new RegExp(`^${t(m.details_general_skirtSize)}`) }).selectOption('38');
  await page.getByRole('checkbox', { name: t(m.details_suitColourNavy) }).check();
  await field(page, t(m.details_general_carLicense)).selectOption(t(m.details_carLicenseCategory, { category: 'B' }));
  await field(page, t(m.details_general_car)).selectOption(t(m.details_carOui));
  await page.getByRole('textbox', { name: new RegExp(`^${t(m.details_general_carPlate)}`) }).fill('1-ABC-123');
  for (const [language, level] of [
    [m.details_language_french, 4],
    [m.details_language_dutch, 3],
    [m.details_language_english, 3],
    [m.details_language_german, 1],
    [m.details_language_italian, 0],
    [m.details_language_spanish, 2],
    [m.details_language_arabic, 0],
    [m.details_language_turkish, 0],
    [m.details_language_morrocan, 0],
  ] as const)
    await field(page, t(language)).selectOption(String(level));
  await imageInput(page, m.details_image_drivingFront).setInputFiles(files.jpeg);
  await nextButton(page).click();

  // 4. Pictures: a new account needs one.
  await expectStep(page, 4);
  await nextButton(page).click();
  await expectToast(page, t(m.details_formInvalid), 'warning');
  await expect(errorSummary(page)).toContainText(t(m.validation_pictureRequired));
  await expectAccessible(page, 'pictures step with its error');
  await imageInput(page, m.details_image_picture1).setInputFiles(files.photo);
  await nextButton(page).click();

  // 5. Check the answers: formatted, named, images on file.
  await expectStep(page, 5);
  const review = page.getByRole('main');
  await expect(review).toContainText('BE68 5390 0754 7034');
  await expect(review).toContainText('01.02.03-123.45');
  await expect(review).toContainText(t(m.details_civilStatus2));
  await expect(review).toContainText('Jan Peeters');
  // The shoe size as it was typed, in French (not "38.5"); the server holds the number.
  await expect(review.locator(`dt:text-is("${t(m.details_general_shoeSize)}") + dd`)).toHaveText('38,5');
  const saved = await page.request.get('/api/user/me/details', { headers: { Authorization: `Bearer ${worker.token}` } });
  expect(((await saved.json()) as { generalInformation: { shoeSize: number } }).generalInformation.shoeSize).toBe(38.5);
  await expect(review.getByRole('definition').filter({ hasText: t(m.details_review_onFile) })).toHaveCount(4);

  // Change the contact step from the review: Continue comes back to the review.
  await changeButton(page, 1).click();
  await expectStep(page, 1);
  await field(page, t(m.details_contact_mobile)).fill('+32 499 99 88 77');
  await continueButton(page).click();
  await expectStep(page, 5);
  await expect(review).toContainText('+32 499 99 88 77');

  const infoRefreshed = page.waitForResponse((r) => r.url().endsWith('/api/user/me/info'));
  await submitButton(page).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await detailsStatus(page.request, worker)).toBe('pending review');
  expect(((await (await infoRefreshed).json()) as { employeeDetailsStatus: string }).employeeDetailsStatus).toBe('pending review');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(m.home_title));
  // Home, not pushed there by the gate: no "under review" warning for a worker who just sent the file.
  await expect(toast(page, t(m.general_employeeDetailsAreBeingReviewed))).toHaveCount(0);
  // The session moved on without a reload: the details page is now closed (rule 4 of §5).
  await page
    .getByRole('navigation', { name: t(m.shell_mainNav) })
    .getByRole('link', { name: t(m.nav_employeeDetails) })
    .click();
  await expectToast(page, t(m.general_employeeDetailsAreBeingReviewed), 'warning');
  await expect(page).toHaveURL(/\/home$/);
});

test('every step shows its problems accessibly (axe on each step in its error state)', async ({ page }) => {
  const worker = await workerWithSavedFile(page.request);
  await signIn(page, worker);
  await page.goto('/employee-details');
  await expectStep(page, 5); // the file is complete: it opens at the review; the step list leads back to step 1
  await stepLink(page, 1).click();
  const broken: Array<[step: number, label: string, wrong: string, right: string]> = [
    [1, t(m.details_contact_mobile), '', '+32 470 12 34 56'],
    [2, t(m.details_legal_iban), 'BE00', 'BE68 5390 0754 7034'],
    [3, t(m.details_general_length), '1', '172'],
  ];
  for (const [step, label, wrong, right] of broken) {
    await expectStep(page, step);
    await field(page, label).fill(wrong);
    await nextButton(page).click();
    await expect(errorSummary(page)).toBeVisible();
    await expectAccessible(page, `step ${step} with its errors`);
    await field(page, label).fill(right);
    await nextButton(page).click();
  }
  await expectStep(page, 4); // its error state: in the first journey
});

test('a reload in the middle loses nothing that was saved, and reopens where the worker stopped', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'policiesAgreed' });
  await signIn(page, worker);
  await page.goto('/employee-details');
  const files = await imageFiles(page);
  await fillContact(page);
  await nextButton(page).click();
  await expectStep(page, 2);
  await fillLegal(page, files);
  await nextButton(page).click();
  await expectStep(page, 3);

  // Reopened at the first step not complete (decision 123); the step list leads back to what was saved.
  await page.reload();
  await expectStep(page, 3);
  await stepLink(page, 1).click();
  await expectStep(page, 1);
  await expect(mainAddress(page, m.details_address_street)).toHaveValue('Rue Haute');
  await expect(field(page, t(m.details_contact_mobile))).toHaveValue('+32 470 12 34 56');
  await nextButton(page).click();
  await expectStep(page, 2);
  await expect(field(page, t(m.details_legal_spouseName))).toHaveValue('Jan Peeters');
  await expect(field(page, t(m.details_legal_statute))).toHaveValue('E');
  await expect(field(page, t(m.details_legal_iban))).toHaveValue('BE68539007547034');
  // The ID card arrived before the reload: it is on file, nothing to choose again.
  await expect(page.getByText(t(m.details_image_onFile)).first()).toBeVisible();
  await nextButton(page).click();
  await expectStep(page, 3);
});

test('reopening the wizard after saving step 3 lands on step 4; the step list goes back by keyboard, forward only through complete steps', async ({ page }) => {
  // Steps 1 and 2 saved with the ID card (through the API): the wizard opens at step 3.
  const worker = await workerWithSavedFile(page.request, { steps: [1, 2], images: ['id-front', 'id-back'] });
  await signIn(page, worker);
  await page.goto('/employee-details');
  await expectStep(page, 3);
  const nav = page.getByRole('navigation', { name: t(m.details_steps) });
  await expect(nav.locator('[aria-current="step"]')).toContainText(STEP_HEADINGS[2]!);
  await expect(nav.getByRole('button')).toHaveCount(3); // steps 1, 2, and 4 (Next); never the review from here
  await fillAppearanceAndSizes(page);
  for (const language of [
    m.details_language_french,
    m.details_language_dutch,
    m.details_language_english,
    m.details_language_german,
    m.details_language_italian,
    m.details_language_spanish,
    m.details_language_arabic,
    m.details_language_turkish,
    m.details_language_morrocan,
  ])
    await field(page, t(language)).selectOption('2');
  await nextButton(page).click();
  await expectStep(page, 4);

  await page.reload();
  await expectStep(page, 4);
  await expect(nav.locator('[aria-current="step"]')).toContainText(STEP_HEADINGS[3]!);
  await expectAccessible(page, 'details wizard reopened at step 4, its step list');
  // Keyboard: focus the list's first step, Enter opens it; nothing is sent going back.
  await stepLink(page, 1).focus();
  await page.keyboard.press('Enter');
  await expectStep(page, 1);
  await expect(field(page, t(m.details_contact_mobile))).not.toHaveValue('');
  // Forward through complete steps: step 3 directly (step 1 is saved on the way, step 2 is complete).
  await stepLink(page, 3).click();
  await expectStep(page, 3);
  await expect(field(page, t(m.details_general_shoeSize))).toHaveValue('38,5');
});

test('a refused upload loses nothing that was typed, and the worker can go on with another file', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'policiesAgreed' });
  await signIn(page, worker);
  await page.goto('/employee-details');
  const files = await imageFiles(page);
  // The portal sends only images it prepared itself; the server's refusal (a client that skipped the preparation,
  // a proxy's limit) is injected once, for the first file.
  let refusals = 1;
  await page.route('**/api/user/me/upload-file/id-front', (route) =>
    refusals-- > 0
      ? route.fulfill({
          status: 415,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'unsupported_media_type', message: t(m.apiError_unsupported_media_type) }),
        })
      : route.fallback(),
  );
  await fillContact(page);
  await nextButton(page).click();
  await fillLegal(page, files);
  await nextButton(page).click();

  // The server refused the front (not an image): the step stays, says which file and why, keeps everything.
  const alert = page.getByRole('alert').filter({ hasText: t(m.details_uploadFailed) });
  await expect(alert).toContainText(t(m.details_image_idFront));
  await expect(alert).toContainText(t(m.apiError_unsupported_media_type));
  await expectStep(page, 2);
  await expect(field(page, t(m.details_legal_spouseName))).toHaveValue('Jan Peeters');
  await expect(field(page, t(m.details_legal_iban))).toHaveValue('BE68 5390 0754 7034');
  await expect(page.getByText(t(m.details_image_chosen, { name: 'id-back.jpeg' }))).toBeVisible();

  // Another file, then Next (or Retry): the step goes through.
  await imageInput(page, m.details_image_idFront).setInputFiles(files.png);
  await retryButton(page).click();
  await expectStep(page, 3);
  await backButton(page).click();
  await expectStep(page, 2);
  await expect(field(page, t(m.details_legal_spouseName))).toHaveValue('Jan Peeters');
});
