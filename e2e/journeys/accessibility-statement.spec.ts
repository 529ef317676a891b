/** The accessibility statement (/accessibility, §2.1): from the footer, signed out, in both languages; fits a 320 px phone. */
import { m } from '../../src/paraglide/messages.js';
import { expect, test } from '../fixtures.ts';

test('the footer leads to the accessibility statement, in French and in Dutch', async ({ page }) => {
  const fr = { locale: 'fr' } as const;
  await page.goto('/login');
  await page.getByRole('contentinfo').getByRole('link', { name: m.shell_accessibilityLink({}, fr) }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.accessibility_title({}, fr));
  await expect(page.getByRole('main')).toContainText('WCAG 2.2');

  const nl = { locale: 'nl' } as const;
  await page.getByRole('button', { name: m.shell_languageNl() }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.accessibility_title({}, nl));
  await expect(page.getByRole('main')).toContainText(m.accessibility_gapSignature({}, nl));
});

test.describe('at 320 px wide', () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test('the statement does not scroll sideways', async ({ page }) => {
    await page.goto('/accessibility');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });
});
