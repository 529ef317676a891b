/**
 * The portal installed on a phone (docs/decisions/103-installable.md, 240-service-worker.md): Chromium's own
 * installability check, the one behind its install prompt, finds nothing to object to. It refuses any incognito
 * profile (every Playwright context is one), so this test runs in a profile of its own on disk.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../fixtures.ts';
import { m } from '../../src/paraglide/messages.js';

// The service worker is this file's subject: allowed here, blocked elsewhere (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

test("Chromium's installability check passes in both languages: manifest, icons, display, start URL", async ({ playwright, baseURL }, testInfo) => {
  const profile = mkdtempSync(join(tmpdir(), 'portal-installed-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL, locale: 'fr-BE' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    for (const locale of ['fr', 'nl'] as const) {
      if (locale === 'nl') await page.getByRole('button', { name: m.shell_languageNl() }).click();
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(m.login_title({}, { locale }));
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
      const { url } = (await cdp.send('Page.getAppManifest')) as { url: string };
      expect(new URL(url).pathname).toBe(`/manifest-${locale}.webmanifest`);
      await cdp.detach();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
