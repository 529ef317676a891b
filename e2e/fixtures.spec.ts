/**
 * The shared fixture must be able to fail: each test below breaks one rule on purpose and is marked
 * `test.fail()`, so Playwright reports an error if the fixture lets it pass.
 */
import { test, expect, expectAccessible } from './fixtures.ts';
import { m } from '../src/paraglide/messages.js';

const addUnnamedButton = () => document.body.append(document.createElement('button'));

test.describe('the shared fixture fails a test', () => {
  test('on an axe violation of a visited page (checked automatically after goto)', async ({ page }) => {
    test.fail();
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => document.body.append(document.createElement('button')));
    });
    await page.goto('/login');
  });

  test('on an axe violation after a client-side navigation', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(addUnnamedButton);
    await page
      .getByRole('navigation')
      .getByRole('link', { name: m.nav_register({}, { locale: 'fr' }) })
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.register_title({}, { locale: 'fr' }));
  });

  test('on an axe violation found by expectAccessible', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(addUnnamedButton);
    await expectAccessible(page);
  });

  test('on a console error', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    await page.evaluate(() => console.error('something broke'));
  });

  test('on a prerendered page that does not hydrate as it was written', async ({ page }) => {
    test.fail();
    // The heading's text changed before React hydrates the page: the production build notices the mismatch.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const heading = document.querySelector('#root h1');
        if (!heading) return;
        heading.textContent = 'Not what the build wrote';
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, { locale: 'fr' }));
  });

  test('on an uncaught exception', async ({ page }) => {
    test.fail();
    await page.goto('/login');
    const error = page.waitForEvent('pageerror');
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('unhandled');
      });
    });
    await error;
  });

  test.describe('with the console message of the CSP allowed', () => {
    test.use({ allowedConsoleErrors: [/Content Security Policy/] });

    test('on a Content-Security-Policy violation (an inline style)', async ({ page }) => {
      test.fail();
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', () => {
          (window as unknown as { cspSeen: boolean }).cspSeen = true;
        });
      });
      await page.goto('/login');
      await page.evaluate(() => {
        const style = document.createElement('style');
        style.textContent = 'body { outline: 1px solid red; }';
        document.head.append(style);
      });
      await page.waitForFunction(() => (window as unknown as { cspSeen?: boolean }).cspSeen === true);
    });
  });
});

test.describe('allowedConsoleErrors', () => {
  test.use({ allowedConsoleErrors: [/an expected failure/] });

  test('lets a test expect a console error', async ({ page }) => {
    await page.goto('/login');
    await page.evaluate(() => console.error('an expected failure'));
  });
});
