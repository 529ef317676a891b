/**
 * Registration and the gate (§2.7, §5.1): a new worker, in French and in Dutch, from registration to the details file with nothing
 * but the portal and the mail in the outbox: register → open the validation link (in another browser: it speaks the
 * worker's language all the same) → sign in → agree to the policies (the PDFs in their language) → the
 * employee-details page.
 */
import { m } from '../../src/paraglide/messages.js';
import { PASSWORD, uniqueEmail } from '../../tests/fixtures/worker-data.ts';
import { expect, test } from '../fixtures.ts';
import { expectToast } from '../support/toasts.ts';
import { mailLink, outbox } from '../support/workers.ts';

for (const locale of ['fr', 'nl'] as const) {
  const o = { locale };
  const language = locale === 'nl' ? 'Nederlands' : 'Français';

  test(`a new worker in ${language}: register, validate the e-mail from the outbox, agree to the policies, land on the details file`, async ({
    page,
    browser,
  }) => {
    const email = uniqueEmail(`journey-${locale}`);
    await page.goto('/register');
    if (locale === 'nl') {
      await page.getByRole('button', { name: m.shell_languageNl() }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    }

    // Register: the account's language follows the interface by default.
    await page.getByLabel(m.register_firstName({}, o), { exact: true }).fill('Lotte');
    await page.getByLabel(m.register_lastName({}, o), { exact: true }).fill('Peeters');
    await page.getByLabel(m.register_email({}, o), { exact: true }).fill(email);
    await page.getByLabel(m.register_password({}, o), { exact: true }).fill(PASSWORD);
    await page.getByLabel(m.register_repeatPassword({}, o), { exact: true }).fill(PASSWORD);
    await expect(page.getByRole('radio', { name: language })).toBeChecked();
    await page.getByRole('button', { name: m.register_submit({}, o) }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expectToast(page, m.auth_registered({}, o), 'success');

    // The validation mail, in the worker's language; its link validates the address and shows the banner, in the
    // worker's language even in a browser that never saw the portal (the phone's mail app opens its own).
    const [mail] = await outbox(page.request, email);
    expect(mail?.subject).toBe(m.mail_validateEmailSubject({}, o));
    const elsewhere = await browser.newContext({ locale: 'fr-BE', viewport: { width: 390, height: 844 } });
    const phone = await elsewhere.newPage();
    await phone.goto(await mailLink(page.request, email, /\/redirect\/validate-email\?token=/));
    await expect(phone).toHaveURL(/\/login\?/);
    await expect(phone.locator('html')).toHaveAttribute('lang', locale);
    await expect(phone.locator('[data-banner="success"]')).toContainText(m.banner_emailHasBeenValidated({}, o));
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, o));
    await elsewhere.close();

    // Sign in: the gate asks for the policies first (§5 rule 2).
    await page.getByLabel(m.login_email({}, o), { exact: true }).fill(email);
    await page.getByLabel(m.login_password({}, o), { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: m.login_submit({}, o) }).click();
    await expect(page).toHaveURL(/\/policies$/);
    await expectToast(page, m.general_policiesNotAgreedTo({}, o), 'warning');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.policies_title({}, o));

    // The two PDFs, in the interface language, served by the portal.
    for (const [name, file] of [
      [m.policies_privacyLink({}, o), 'privacy-policy'],
      [m.policies_labourLink({}, o), 'labour-regulations'],
    ] as const) {
      const link = page.getByRole('link', { name });
      await expect(link).toHaveAttribute('href', `/policies/${file}-${locale}.pdf`);
      const pdf = await page.request.get(`/policies/${file}-${locale}.pdf`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');
      expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    }

    await page.getByRole('checkbox', { name: m.policies_agreePrivacy({}, o) }).click();
    await page.getByRole('checkbox', { name: m.policies_agreeLabour({}, o) }).click();
    await page.getByRole('button', { name: m.policies_submit({}, o) }).click();
    await expect(page).toHaveURL(/\/employee-details$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.details_step_contactInfo({}, o)); // the file's first step

    // Home says the file is still to complete; the e-mail is validated, so no validation prompt.
    await page
      .getByRole('navigation', { name: m.shell_mainNav({}, o) })
      .getByRole('link', { name: m.nav_home({}, o) })
      .click();
    await expect(page.getByRole('main')).toContainText(m.home_detailsIncomplete({}, o));
    await expect(page.getByRole('button', { name: m.home_resendEmail({}, o) })).toHaveCount(0);
  });
}
