/** The accessibility statement (/accessibility, §2.1): from the footer, signed out, in both languages; fits a 320 px phone; its Dutch heading breaks with a hyphen at 390 px. */
import { m } from '../../src/paraglide/messages.js';
import { expect, test } from '../fixtures.ts';

test('the footer leads to the accessibility statement, in French and in Dutch', async ({ page }) => {
  const fr = { locale: 'fr' } as const;
  await page.goto('/login');
  await page
    .getByRole('contentinfo')
    .getByRole('link', { name: m.shell_accessibilityLink({}, fr) })
    .click();
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

test.describe('at 390 px wide, in Dutch', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the long Dutch heading breaks only between words or with a hyphen, never mid-word without one', async ({ page }) => {
    await page.goto('/accessibility');
    await page.getByRole('button', { name: m.shell_menuButton() }).click(); // the languages are in the phone's menu
    await page.getByRole('button', { name: m.shell_languageNl() }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(m.accessibility_title({}, { locale: 'nl' }));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    // Each place the heading goes to a new line, with the characters either side ("|" marks the break).
    const breaks = await heading.evaluate((h1) => {
      const text = [...h1.childNodes].find((node): node is Text => node instanceof Text)!;
      const range = document.createRange();
      let lastTop = -Infinity;
      const found: string[] = [];
      for (let i = 0; i < text.length; i++) {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        // The line a character is drawn on (a range at a break may also report an empty box at the previous line's end).
        const drawn = [...range.getClientRects()].filter((box) => box.width > 0);
        const top = drawn.at(-1)?.top;
        if (top === undefined) continue; // a space collapsed at the end of a line
        if (top > lastTop + 1 && i > 0) found.push(`${text.data.slice(Math.max(0, i - 4), i)}|${text.data.slice(i, i + 4)}`);
        lastTop = Math.max(lastTop, top);
      }
      return found;
    });
    expect(breaks.length, 'the heading is longer than a line at 390 px').toBeGreaterThan(0);
    for (const at of breaks) expect(at, 'a break after a space or a soft hyphen').toMatch(/[ \u00ad]\|/);
  });
});
