/**
 * Every route of §2.1 visited signed out, in French and in Dutch, with zero axe violations (the shared fixture checks
 * each page), the logged-out menu on a desktop and at 320 px, and no horizontal scrolling at 320 px.
 *
 * Written to stay meaningful with the route gate (§5.1): public routes must show their own heading;
 * the others must show their own heading or the login screen, always with the logged-out menu.
 */
import { test, expect, expectAccessible, expectAllInLandmarks } from './fixtures.ts';
import type { Page } from '@playwright/test';
import { m } from '../src/paraglide/messages.js';

type Locale = 'fr' | 'nl';
type Title = (inputs: object, options: { locale: Locale }) => string;

const PUBLIC: [string, Title][] = [
  ['/login', m.login_title],
  ['/register', m.register_title],
  ['/reset-password', m.resetPassword_title],
];
const GUARDED: [string, Title][] = [
  ['/', m.home_title],
  ['/home', m.home_title],
  ['/policies', m.policies_title],
  ['/documents', m.documents_title],
  ['/employee-details', m.details_title],
  ['/availabilities', m.availability_title],
  ['/user/reset-password', m.changePassword_title],
  ['/user/manage-signature', m.signature_title],
  ['/digital-signing', m.signing_title],
  ['/planning', m.planning_title],
  // Without a token: with one, the page really signs in (a bogus token is a 401, e2e/journeys/impersonation.spec.ts).
  ['/impersonate', m.impersonate_title],
  ['/dummy', m.notImplemented_title],
  ['/this/page/does/not/exist', m.notFound_title],
];

const PHONE = { width: 320, height: 640 };
const DESKTOP = { width: 1280, height: 720 };

async function chooseLanguage(page: Page, locale: Locale) {
  if (locale === 'fr') return;
  await page.goto('/login');
  // On a phone the languages are in the menu.
  const menu = page.getByRole('button', { name: m.shell_menuButton({}, { locale: 'fr' }) });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name: m.shell_languageNl() }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
}

async function expectLoggedOutMenu(page: Page, locale: Locale) {
  const nav = page.getByRole('navigation', { name: m.shell_mainNav({}, { locale }) });
  await expect(nav.getByRole('link')).toHaveText([m.nav_login({}, { locale }), m.nav_register({}, { locale }), m.nav_resetPassword({}, { locale })]);
  await expect(page.getByRole('button', { name: new RegExp(`^${m.shell_userMenu({}, { locale })}`) })).toHaveCount(0);
}

for (const locale of ['fr', 'nl'] as const) {
  test.describe(`signed out, in ${locale}`, () => {
    test.beforeEach(async ({ page }) => chooseLanguage(page, locale));

    for (const [path, title] of PUBLIC) {
      test(`${path} shows its screen and the logged-out menu`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title({}, { locale }));
        await expect(page).toHaveTitle(m.ui_documentTitle({ title: title({}, { locale }) }, { locale }));
        await expectLoggedOutMenu(page, locale);
      });
    }

    // At 320 px (a small phone), one page visits them all, a step each (a fresh page per route cost ~3 s apiece and
    // showed the same login): nothing scrolls sideways with the menu closed or open, and the open menu is the
    // logged-out one, as the sidebar is on a desktop. Axe checks each page as it loads (the fixture); the open menu, with the user menu and the language
    // switcher in it, is checked once, in French (the same markup in Dutch, other words).
    test.describe('at 320 px wide (a small phone)', () => {
      test.use({ viewport: PHONE });

      test('every route: its screen (or the login once guarded), the logged-out menu, nothing scrolls sideways', async ({ page }) => {
        const routes: [string, Title][] = [...PUBLIC, ...GUARDED];
        test.setTimeout(routes.length * 10_000);
        const menu = page.getByRole('button', { name: m.shell_menuButton({}, { locale }) });
        const nav = page.getByRole('navigation', { name: m.shell_mainNav({}, { locale }) });
        const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        for (const [path, title] of routes) {
          await test.step(path, async () => {
            await page.goto(path);
            await expect(page.locator('html')).toHaveAttribute('lang', locale);
            const titles = [title({}, { locale }), m.login_title({}, { locale })].map((t) => `^${t}$`);
            await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(titles.join('|')));
            // The same page on a desktop (resized, far cheaper than loading it again): the sidebar's logged-out menu.
            await page.setViewportSize(DESKTOP);
            await expectLoggedOutMenu(page, locale);
            await expectAccessible(page, `${path} at ${DESKTOP.width} px`);
            await page.setViewportSize(PHONE);
            expect(await overflow(), `${path}, menu closed`).toBeLessThanOrEqual(0);
            await expect(nav).toBeHidden();
            await menu.click();
            await expect(menu).toHaveAttribute('aria-expanded', 'true');
            await expectLoggedOutMenu(page, locale);
            expect(await overflow(), `${path}, menu open`).toBeLessThanOrEqual(0);
            if (locale !== 'fr') return;
            await expectAccessible(page, `${path} with the menu open at 320 px`);
            await expectAllInLandmarks(page, `${path} with the menu open at 320 px`);
          });
        }
      });
    });
  });
}

test('the banners of §2 come from the query string', async ({ page }) => {
  await page.goto('/login?emailValidationRequired&passwordEdited');
  await expect(page.locator('[data-banner]')).toHaveText([
    `${m.ui_kindWarning({}, { locale: 'fr' })} ${m.banner_emailValidationRequired({}, { locale: 'fr' })}`,
    `${m.ui_kindSuccess({}, { locale: 'fr' })} ${m.banner_passwordEdited({}, { locale: 'fr' })}`,
  ]);
});

test('the language switch keeps the page and is remembered', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: m.shell_languageNl() }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.register_title({}, { locale: 'nl' }));
  await expect(page).toHaveTitle(m.ui_documentTitle({ title: m.register_title({}, { locale: 'nl' }) }, { locale: 'nl' }));
  await expectAccessible(page);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await page.getByRole('button', { name: m.shell_languageFr() }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.register_title({}, { locale: 'fr' }));
});

test.describe('the e-mail validation redirect', () => {
  test('/redirect/validate-email sends the browser to the API with the query string', async ({ page }) => {
    await page.goto('/login');
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/auth/validate-email');
    // An in-app navigation (a document load of a 'redirect' path never reaches the portal: spec §2).
    await page.evaluate(() => {
      history.pushState(null, '', '/redirect/validate-email?token=e2eToken0123456789&lang=nl');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(new URL((await request).url()).search).toBe('?token=e2eToken0123456789&lang=nl');
    // The server does not know this token: it sends the browser home with the "please validate" flag, and the
    // route gate sends a signed-out visitor to /login, remembering that page and carrying the flag's banner, in the
    // language the link named (this browser chose none).
    await expect(page).toHaveURL(/\/login\?(.+&)?redirect=%2Fhome%3FemailValidationRequired/);
    await expect(page.locator('[data-banner="warning"]')).toContainText(m.banner_emailValidationRequired({}, { locale: 'nl' }));
  });
});

test.describe('target size (WCAG 2.5.8)', () => {
  for (const width of [320, 1280]) {
    test(`every control of the shell is at least 24×24 px at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/dummy');
      const toggle = page.getByRole('button', { name: m.shell_menuButton({}, { locale: 'fr' }) });
      if (await toggle.isVisible()) await toggle.click();
      // Links inside a sentence are exempt (2.5.8 "inline"); every other link and every button counts.
      const targets = page.locator('button:visible, a:visible:not(p a)');
      expect(await targets.count()).toBeGreaterThan(5);
      const small = await targets.evaluateAll((elements) =>
        elements
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width < 24 || box.height < 24)
          .map(({ el, box }) => `${el.tagName.toLowerCase()} "${el.textContent?.trim()}" ${box.width}×${box.height}`),
      );
      expect(small).toEqual([]);
    });
  }
});
