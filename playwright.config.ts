import { defineConfig, devices } from '@playwright/test';

/** Each checkout may run its own suite: E2E_PORT keeps parallel runs apart. */
const port = Number(process.env.E2E_PORT ?? 4173);
export const BACKOFFICE_TOKEN = process.env.BACKOFFICE_TOKEN ?? 'e2e-backoffice-token';
/** The test push service the e2e server may call (PUSH_ALLOWED_ORIGINS): e2e/journeys/notifications.spec.ts runs it. */
export const PUSH_PORT = port + 1;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e.json' }]] : [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Traces cost seconds per test on this 2-core machine: record them only when a failed test is retried.
    trace: 'on-first-retry',
    // A service worker installing in every test's fresh context precaches the whole build (168 files): a third of a
    // browser test's CPU on this 2-core machine, for a worker none but its own specs look at. Those specs (e2e/phone-app,
    // push, the security sweep) allow it with `test.use({ serviceWorkers: 'allow' })`.
    serviceWorkers: 'block',
    locale: 'fr-BE',
    timezoneId: 'Europe/Brussels',
    launchOptions: {
      // Debian's Chromium: Playwright cannot download its own browser here (docs/stack.md, its traps).
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), BACKOFFICE_TOKEN, HOST: '127.0.0.1', PUSH_ALLOWED_ORIGINS: `http://127.0.0.1:${PUSH_PORT}`, PUSH_POLL_MS: '500' },
    // Asked to stop rather than killed outright (Playwright's default), so that scripts/e2e-server.ts removes its
    // data folder; killed anyway after 5 s.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
