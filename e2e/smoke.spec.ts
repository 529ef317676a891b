import { test, expect } from './fixtures.ts';

test('signed out, the root path goes to /login and remembers it (then / leads to /home)', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
