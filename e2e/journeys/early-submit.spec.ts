/**
 * A form submitted before the app runs (docs/decisions/224-held-submits.md): the public pages paint before their
 * scripts run, and a worker (or a password manager) may press Enter at once. Nothing typed may ever reach an address
 * (the page's URL, a request's URL, the history), and what was submitted is signed in, registered or sent once the
 * app runs. Each try is a fresh browser context, as a first visit is.
 *
 * Half the sign-in tries hold the app's chunk until Enter has been pressed (the page is then surely not the app's yet:
 * the submit is kept by the entry and made again by the hydrated form); the others let the page load as it does, so
 * that Enter lands wherever it lands (before the app, while React hydrates, after).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { m } from '../../src/paraglide/messages.js';
import { uniqueEmail } from '../../tests/fixtures/worker-data.ts';
import { expect, test } from '../fixtures.ts';
import { createWorker, mailLink } from '../support/workers.ts';

const fr = { locale: 'fr' } as const;
const manifest = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'dist', '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
/** The app's chunk (src/app.tsx): until it runs, the page is the prerendered HTML and the entry alone. */
const APP_CHUNK = `/${manifest['src/app.tsx']!.file}`;

type Try = { context: BrowserContext; page: Page; addresses: string[]; releaseApp: () => void };

/** A first visit: every address the page has, or asks for, is recorded; `holdApp` keeps the app's chunk until released. */
async function firstVisit(browser: Browser, baseURL: string, holdApp: boolean): Promise<Try> {
  const context = await browser.newContext({ baseURL, locale: 'fr-BE' });
  let releaseApp = () => {};
  if (holdApp) {
    const released = new Promise<void>((resolve) => (releaseApp = resolve));
    await context.route(`**${APP_CHUNK}`, async (route) => {
      await released;
      await route.continue();
    });
  }
  // Every frame until the entry has run (frame callbacks run just before a paint) records whether a control of a held
  // form would be painted visible: the entry removes the build's mark from the buttons, and only then do they show.
  await context.addInitScript(() => {
    const seen = window as unknown as { controlShownBeforeEntry?: boolean };
    seen.controlShownBeforeEntry = false;
    const check = () => {
      const held = [...document.querySelectorAll('[data-held-submit]')].flatMap((button) => [...((button as HTMLButtonElement).form?.elements ?? [])]);
      if (held.some((control) => getComputedStyle(control).visibility === 'visible')) seen.controlShownBeforeEntry = true;
      if (held.length === 0 && document.querySelector('form')) return;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
  const page = await context.newPage();
  const addresses: string[] = [];
  page.on('request', (request) => addresses.push(request.url()));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) addresses.push(frame.url());
  });
  return { context, page, addresses, releaseApp };
}

/** What the page's history holds now (its entries' URLs are not readable; every navigation was recorded above). */
const finalAddress = async ({ page, addresses }: Try) => [...addresses, page.url()];

/** The typed values in no address, as typed or as a form would encode them. */
function expectNoValueIn(addresses: string[], values: string[]) {
  const forms = values.flatMap((value) => [value, encodeURIComponent(value), new URLSearchParams({ x: value }).toString().slice(2)]);
  expect(addresses.filter((address) => forms.some((form) => address.includes(form)))).toEqual([]);
  // And no field name either: formisch names a field `["password"]`, the native GET's trace.
  expect(addresses.filter((address) => /%5B%22|\["/.test(address))).toEqual([]);
}

/** React has taken the form over (its props are on the element). */
const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__reactProps')));

test('Enter in the password field as soon as the form shows, 20 times: every try signs in, no address holds what was typed', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const worker = await createWorker(request, { stage: 'approved' });
  let heldBeforeTheApp = 0;
  for (let i = 0; i < 20; i++) {
    const visit = await firstVisit(browser, baseURL!, i % 2 === 0);
    const { page } = visit;
    await page.goto('/login', { waitUntil: 'commit' });
    // As soon as the form shows: `fill` acts the moment the field is visible.
    const password = page.locator('#login-password');
    await page.locator('#login-email').fill(worker.email);
    await password.fill(worker.password);
    const before = await page.evaluate(() => Object.keys(document.querySelector('form')!).some((key) => key.startsWith('__reactProps')));
    if (!before) heldBeforeTheApp++;
    expect(
      await page.evaluate(() => (window as unknown as { controlShownBeforeEntry: boolean }).controlShownBeforeEntry),
      'a control shown before the entry',
    ).toBe(false);
    await password.press('Enter');
    visit.releaseApp();
    await expect(page, `try ${i + 1}`).toHaveURL(/\/home$/, { timeout: 15_000 });
    expectNoValueIn(await finalAddress(visit), [worker.password, worker.email]);
    await visit.context.close();
  }
  // The held tries pressed Enter before React had the form: what the entry holds was exercised.
  expect(heldBeforeTheApp).toBeGreaterThanOrEqual(10);
});

test('without any script, the prerendered login form shows no control and submits nothing', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'fr-BE' });
  await context.route('**/*.js', (route) => route.abort());
  // Counts every submit event the page sees, before anything of the page runs (a native submit fires one).
  await context.addInitScript(() => {
    const counted = window as unknown as { submits: number };
    counted.submits = 0;
    window.addEventListener('submit', () => counted.submits++, { capture: true });
  });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, fr));
  // The controls do not show (nothing would answer them), and even forced, nothing submits.
  const password = page.locator('#login-password');
  const button = page.locator('button[type="submit"]');
  await expect(password).toBeHidden();
  await expect(button).toBeDisabled();
  await button.dispatchEvent('click');
  await page.locator('form').evaluate((form: HTMLFormElement) => form.querySelector<HTMLButtonElement>('button[type="submit"]')?.click());
  expect(await page.evaluate(() => (window as unknown as { submits: number }).submits)).toBe(0);
  expect(new URL(page.url()).search).toBe('');
  await context.close();
});

test('registering and asking a reset link before the app runs: held, then sent with what was typed', async ({ browser, baseURL, request }) => {
  const email = uniqueEmail('early');
  const register = await firstVisit(browser, baseURL!, true);
  await register.page.goto('/register', { waitUntil: 'commit' });
  await register.page.locator('#register-firstName').fill('Emma');
  await register.page.locator('#register-lastName').fill('Tôt');
  await register.page.locator('#register-email').fill(email);
  await register.page.locator('#register-password').fill('portail-tot-1');
  await register.page.locator('#register-repeatPassword').fill('portail-tot-1');
  // The language picked before React hydrates stays picked (the form follows the interface's until one is picked).
  await register.page.locator('#register-language-nl').check();
  await register.page.locator('#register-repeatPassword').press('Enter');
  register.releaseApp();
  await expect(register.page).toHaveURL(/\/login/);
  expectNoValueIn(await finalAddress(register), ['portail-tot-1', email]);
  await register.context.close();
  // The account was made in the language picked: its validation mail is in Dutch.
  expect(await mailLink(request, email, /validate-email/)).toContain('lang=nl');

  // Typed before the app, submitted after it (a password manager's fill on load, a tap once the page answers).
  const reset = await firstVisit(browser, baseURL!, true);
  await reset.page.goto('/reset-password', { waitUntil: 'commit' });
  await reset.page.getByLabel(m.resetPassword_email({}, fr), { exact: true }).fill(email);
  reset.releaseApp();
  await hydrated(reset.page);
  await reset.page.getByRole('button', { name: m.resetPassword_send({}, fr) }).click();
  await expect(reset.page.getByRole('main').getByRole('status')).toContainText(m.resetPassword_sent({}, fr));
  expect(await mailLink(request, email, /reset-password\?token=/)).toContain('token=');
  expectNoValueIn(await finalAddress(reset), [email]);
  await reset.context.close();
});
