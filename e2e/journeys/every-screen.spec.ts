/**
 * Every page and state a worker meets, at 320 px and at a desktop width, in French and in Dutch, with
 * zero axe findings (the shared fixture checks each page visited; `expectAccessible` the states in between), plus
 * what a worker sees of the shell: the sidebar's languages on one line on a desktop, toasts that leave the
 * bottom links reachable on a phone. One page per locale and width walks them all (kept short: no fresh page per
 * route).
 */
import type { Page } from '@playwright/test';
import { m } from '../../src/paraglide/messages.js';
import { expect, expectAccessible, expectAllInLandmarks, test } from '../fixtures.ts';
import { impersonationToken } from '../support/worker-stages.ts';
import { createWorker, signIn, type Worker } from '../support/workers.ts';

type Locale = 'fr' | 'nl';

/** The language buttons live in the sidebar (hidden behind the menu on a phone): pressed as a script would. */
async function useLanguage(page: Page, locale: Locale) {
  await page.locator(`#sidebar button[lang="${locale}"]`).evaluate((button: HTMLButtonElement) => button.click());
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
}

const SIGNED_IN: [string, (i: object, o: { locale: Locale }) => string][] = [
  ['/home', m.home_title],
  ['/availabilities', m.availability_title],
  ['/planning', m.planning_title],
  ['/hours', m.hours_title],
  ['/documents', m.documents_title],
  ['/employee-details', m.details_step_final], // a complete file: the wizard resumes at its review
  ['/policies', m.policies_title],
  ['/user/reset-password', m.changePassword_title],
  ['/user/manage-signature', m.signature_title],
  ['/digital-signing', m.signing_title],
  ['/notifications', m.notifications_title],
  ['/notification-settings', m.notificationSettings_title],
  ['/no/such/page', m.notFound_title],
];

const PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * The page as it is now, checked at the desktop width too (the fixture checked it at 320 px after `goto`); then
 * back to 320 px for the next page. Resizing is far cheaper than loading every page twice.
 */
async function atDesktopToo(page: Page, label: string) {
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page, `${label} at ${DESKTOP.width} px`);
  await page.setViewportSize(PHONE);
}

async function walk(page: Page, worker: Worker, locale: Locale) {
  const o = { locale };
  // Signed out: the forms with their error summaries (each line names its field).
  await page.goto('/login');
  await useLanguage(page, locale);
  await page.getByRole('button', { name: m.login_submit({}, o) }).click();
  await expect(page.getByRole('alert').getByRole('link').first()).toHaveText(
    `${m.login_email({}, o)}${locale === 'fr' ? ' : ' : ': '}${m.validation_required({}, o)}`,
  );
  await expectAccessible(page, `login summary (${locale})`);
  await atDesktopToo(page, `login summary (${locale})`);
  await page.goto('/register');
  await page.getByRole('button', { name: m.register_submit({}, o) }).click();
  await expect(page.getByRole('alert').getByRole('link')).toHaveCount(5);
  await expectAccessible(page, `register summary (${locale})`);
  await atDesktopToo(page, `register summary (${locale})`);
  for (const path of ['/reset-password', '/dummy']) {
    await page.goto(path);
    await atDesktopToo(page, path);
  }

  // Signed in: every page (each checked by the fixture at 320 px once it settled, then at the desktop width).
  await signIn(page, worker);
  // The phone menu opened signed in: the user menu and the language switcher are in the menu's landmark.
  await page.getByRole('button', { name: m.shell_menuButton({}, o) }).click();
  await expectAllInLandmarks(page, `the menu open, signed in (${locale})`);
  await page.getByRole('button', { name: m.shell_menuButton({}, o) }).click();
  for (const [path, title] of SIGNED_IN) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title({}, o));
      await atDesktopToo(page, path);
    });
  }

  // A support session's banner (docs/decisions/131-support-session-and-policies-date-in-the-info.md).
  await page.goto(`/impersonate?token=${await impersonationToken(page.request, worker.email)}`);
  await expect(page.getByTestId('support-session')).toBeVisible();
  await expectAccessible(page, `support session (${locale})`);
  await atDesktopToo(page, `support session (${locale})`);
}

for (const locale of ['fr', 'nl'] as const) {
  test(`${locale}: every page and state without axe findings, at 320 px and at ${DESKTOP.width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await walk(page, await createWorker(page.request, { stage: 'approved', language: locale }), locale);
  });
}

test('on a desktop the sidebar shows both language buttons on one line (1024 to 1440 px)', async ({ page }) => {
  await page.goto('/login');
  for (const width of [1024, 1280, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    const tops = await page.locator('#sidebar button[lang]').evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
    expect(tops, `${width} px`).toHaveLength(2);
    expect(tops[0], `${width} px: "Français" on the line of "Nederlands"`).toBe(tops[1]);
  }
});

test('on a phone a toast never covers the bottom links: scrolled to the end, the footer link is above it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const worker = await createWorker(page.request, { stage: 'approved' });
  await page.goto('/login');
  await page.getByLabel(m.login_email(), { exact: true }).fill(worker.email);
  await page.getByLabel(m.login_password(), { exact: true }).fill(worker.password);
  await page.getByRole('button', { name: m.login_submit() }).click();
  await expect(page).toHaveURL(/\/home$/);
  const greeting = page.locator('[data-toast]').filter({ hasText: m.auth_loggedIn() });
  await expect(greeting).toBeVisible();
  // The home's parts are still coming in after the sign-in (the page grows): scrolled to its end again until it holds,
  // the link ends above the toast's top edge and a tap on it reaches the link.
  const link = page.getByRole('link', { name: m.shell_accessibilityLink() });
  await expect
    .poll(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const [toastBox, linkBox] = [await greeting.boundingBox(), await link.boundingBox()];
      if (!toastBox || !linkBox) return 'not both on screen';
      if (linkBox.y + linkBox.height > toastBox.y) return `link ends at ${linkBox.y + linkBox.height}, toast starts at ${toastBox.y}`;
      const hit = await link.evaluate((a) => {
        const r = a.getBoundingClientRect();
        const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return at === a || a.contains(at);
      });
      return hit ? 'above, and reached by a tap' : 'covered';
    })
    .toBe('above, and reached by a tap');
});
