/**
 * A lost answer is never a false failure (docs/decisions/210-safe-retries.md), for the account's own calls: the
 * details file, the registration and the policies, the passwords, the sign-in and the validation mail. The first
 * request reaches the server and its answer is dropped; the retry ends in the true state (answered from the
 * server's kept answer where the request is not sent anew), and the server holds exactly one effect.
 */
import { test, expect } from '../fixtures.ts';
import {
  expectStep,
  field,
  imageFiles,
  imageInput,
  imagePicker,
  nextButton,
  retryButton,
  stepLink,
  submitButton,
  t,
  workerWithSavedFile,
} from '../support/details-wizard.ts';
import { isReplay, loseThenRetry } from '../support/held-network.ts';
import { expectToast } from '../support/toasts.ts';
import { createWorker, mailLink, outbox, signIn } from '../support/workers.ts';
import { PASSWORD, uniqueEmail } from '../../tests/fixtures/worker-data.ts';
import { m } from '../../src/paraglide/messages.js';

const fr = { locale: 'fr' } as const;
const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });
const exact = (name: string) => ({ name, exact: true });
const NEW_PASSWORD = 'une phrase toute neuve';

// The dropped answer is a reset connection: the browser logs the failed request.
test.use({ allowedConsoleErrors: [/net::ERR_CONNECTION_RESET/] });

test('the details file: removing an image, saving a step, an upload and the submission, each after a lost answer', async ({ page }) => {
  const worker = await workerWithSavedFile(page.request, { images: ['id-front', 'id-back', 'driving-front'] });
  const details = async () => (await page.request.get('/api/user/me/details', bearer(worker.token))).json();
  await signIn(page, worker);
  await page.goto('/employee-details');
  await expectStep(page, 4);
  await stepLink(page, 3).click();
  await expectStep(page, 3);

  // Removing the optional image on file.
  const label = t(m.details_image_drivingFront);
  const card = imagePicker(page, m.details_image_drivingFront);
  await card.getByRole('button', { name: `${t(m.details_image_removeOnFile)} ${label}` }).click();
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/remove-uploaded-file' },
    {
      act: async () => {
        await card.getByRole('button', { name: t(m.details_image_confirmRemoveYes) }).click();
        await expect(card.getByRole('alert')).toHaveText(t(m.details_image_removeFailed, { label }));
      },
      retry: () => card.getByRole('button', { name: t(m.details_retry) }).click(),
    },
  );
  await expect(card.getByRole('status')).toHaveText('');
  expect((await details()).images.drivingFront).toBe(false);

  // Saving the step with a changed height.
  await field(page, t(m.details_general_length)).fill('181');
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/update-details/3' },
    {
      act: async () => {
        await nextButton(page).click();
        await expect(page.getByRole('alert').getByText(t(m.details_saveFailed))).toBeVisible();
      },
      retry: () => retryButton(page).click(),
    },
  );
  await expectStep(page, 4);
  expect((await details()).generalInformation.length).toBe(181);

  // The picture: the retry saves the step again, then sends the image again (both harmless to repeat).
  const files = await imageFiles(page);
  await imageInput(page, m.details_image_picture1).setInputFiles(files.photo);
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/upload-file/picture1' },
    {
      act: async () => {
        await nextButton(page).click();
        await expect(page.getByRole('alert').getByText(t(m.details_uploadFailed))).toBeVisible();
      },
      retry: () => retryButton(page).click(),
      replayed: false,
    },
  );
  await expectStep(page, 5);
  const picture = await page.request.get('/api/user/me/uploaded-file/picture1', bearer(worker.token));
  expect([picture.status(), picture.headers()['content-type']]).toEqual([200, 'image/jpeg']);

  // The submission.
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/update-details/5' },
    {
      act: async () => {
        await submitButton(page).click();
        await expect(page.getByRole('alert').getByText(t(m.details_submitFailed))).toBeVisible();
      },
      retry: () => retryButton(page).click(),
    },
  );
  await expect(page).toHaveURL(/\/home$/);
  expect((await (await page.request.get('/api/user/me/info', bearer(worker.token))).json()).employeeDetailsStatus).toBe('pending review');
});

test('registration, then the policies: the retry says registered, then agreed; one account, one mail', async ({ page }) => {
  const email = uniqueEmail('retry');
  await page.goto('/register');
  await page.getByLabel(m.register_firstName({}, fr), { exact: true }).fill('Lotte');
  await page.getByLabel(m.register_lastName({}, fr), { exact: true }).fill('Peeters');
  await page.getByLabel(m.register_email({}, fr), { exact: true }).fill(email);
  await page.getByLabel(m.register_password({}, fr), { exact: true }).fill(PASSWORD);
  await page.getByLabel(m.register_repeatPassword({}, fr), { exact: true }).fill(PASSWORD);
  const register = page.getByRole('button', exact(m.register_submit({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/auth/register' },
    {
      act: async () => {
        await register.click();
        await expect(page.getByText(m.register_failed({}, fr)).first()).toBeVisible();
      },
      retry: () => register.click(),
    },
  );
  await expect(page).toHaveURL(/\/login$/);
  await expectToast(page, m.auth_registered({}, fr), 'success');
  expect(await outbox(page.request, email)).toHaveLength(1);

  const link = new URL(await mailLink(page.request, email, /validate-email\?token=/));
  await page.request.get(`/api/auth/validate-email${link.search}`, { maxRedirects: 0 });
  const user = await signIn(page, { email, password: PASSWORD });
  await page.goto('/policies');
  await page.getByRole('checkbox', { name: m.policies_agreePrivacy({}, fr) }).click();
  await page.getByRole('checkbox', { name: m.policies_agreeLabour({}, fr) }).click();
  const agree = page.getByRole('button', exact(m.policies_submit({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/user/me/update-policies' },
    {
      act: async () => {
        await agree.click();
        await expect(page.getByText(m.policies_saveFailed({}, fr))).toBeVisible();
      },
      retry: () => agree.click(),
    },
  );
  await expect(page).toHaveURL(/\/employee-details$/);
  const info = await (await page.request.get('/api/user/me/info', bearer(user.token))).json();
  expect([info.agreedWithGdprPolicy, info.agreedToLabourRegulations]).toEqual([true, true]);
});

test('password reset, the new password, the sign-in and the validation mail: each retry after a lost answer tells the truth', async ({ page }) => {
  const worker = await createWorker(page.request, { stage: 'policiesAgreed', validateEmail: false });
  const mails = async (subject: string) => (await outbox(page.request, worker.email)).filter((mail) => mail.subject === subject);

  await page.goto('/reset-password');
  await page.getByLabel(m.resetPassword_email({}, fr), { exact: true }).fill(worker.email);
  const send = page.getByRole('button', exact(m.resetPassword_send({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/auth/reset-password' },
    {
      act: async () => {
        await send.click();
        await expect(page.getByText(m.resetPassword_sendFailed({}, fr))).toBeVisible();
      },
      retry: () => send.click(),
    },
  );
  await expect(page.getByText(m.resetPassword_sent({}, fr))).toBeVisible();
  const link = new URL(await mailLink(page.request, worker.email, /\/reset-password\?token=/));
  expect(await mails(m.mail_resetPasswordSubject({}, fr))).toHaveLength(1);

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByLabel(m.resetPassword_newPassword({}, fr), { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel(m.resetPassword_confirmPassword({}, fr), { exact: true }).fill(NEW_PASSWORD);
  const save = page.getByRole('button', exact(m.resetPassword_save({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/auth/update-password' },
    {
      act: async () => {
        await save.click();
        await expect(page.getByText(m.resetPassword_updateFailed({}, fr))).toBeVisible();
      },
      retry: () => save.click(),
    },
  );
  await expect(page).toHaveURL(/\/login\?passwordEdited/);
  await expectToast(page, m.auth_passwordUpdated({}, fr), 'success');

  // A sign-in is not kept (decision 210): its retry opens a second session, which is harmless.
  await page.getByLabel(m.login_email({}, fr), { exact: true }).fill(worker.email);
  await page.getByLabel(m.login_password({}, fr), { exact: true }).fill(NEW_PASSWORD);
  const signInButton = page.getByRole('button', exact(m.login_submit({}, fr)));
  const retried = await loseThenRetry(
    page,
    { method: 'POST', path: '/api/auth/login' },
    {
      act: async () => {
        await signInButton.click();
        await expect(page.getByText(m.login_failedOther({}, fr))).toBeVisible();
      },
      retry: () => signInButton.click(),
      replayed: false,
    },
  );
  expect([retried.status(), isReplay(retried)]).toEqual([200, false]);
  await expect(page).not.toHaveURL(/\/login/);

  await page.goto('/home');
  const resend = page.getByRole('button', exact(m.home_resendEmail({}, fr)));
  await loseThenRetry(
    page,
    { method: 'POST', path: '/api/auth/revalidate-email' },
    {
      act: async () => {
        await resend.click();
        await expectToast(page, m.error_generic({}, fr), 'danger');
      },
      retry: () => resend.click(),
    },
  );
  await expectToast(page, m.auth_emailValidationSent({}, fr), 'success');
  // The registration's mail and the one asked again: not a third.
  expect(await mails(m.mail_validateEmailSubject({}, fr))).toHaveLength(2);
});
