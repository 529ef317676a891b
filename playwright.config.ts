import { defineConfig, devices } from '@playwright/test';

/** Each checkout may run its own suite: E2E_PORT keeps parallel runs apart. */
const port = Number(process.env.E2E_PORT ?? 4173);
export const BACKOFFICE_TOKEN = process.env.BACKOFFICE_TOKEN ?? 'e2e-backoffice-token';
/** The test push service the e2e server may call (PUSH_ALLOWED_ORIGINS): e2e/journeys/notifications.spec.ts runs it. */
export const PUSH_PORT = port + 1;

/**
 * Debian's Chromium: Playwright cannot download its own browser here (docs/stack.md, its traps). CHROMIUM_PATH replaces
 * both (a headed run needs the full browser: `CHROMIUM_PATH=/usr/bin/chromium npx playwright test --headed`).
 */
const HEADLESS_SHELL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const NEEDS_FULL_BROWSER = ['phone-app/push.spec.ts', 'phone-app/installed.spec.ts'];

const launchOptions = (executablePath: string) => ({
  executablePath,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

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
    // The full browser at the top level: what scripts/bench and scripts/screenshots launch (config.use.launchOptions).
    launchOptions: launchOptions(FULL_BROWSER),
  },
  projects: [
    // The headless shell (docs/decisions/284-headless-shell-for-the-suite.md): the same Blink, V8 and network stack
    // without the full browser's layers, a third less time per browser test on this 2-core machine.
    {
      name: 'chromium',
      testIgnore: NEEDS_FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launchOptions(HEADLESS_SHELL) },
    },
    // What only the full browser does: the shell shows no notification and answers the installability check with no
    // error for any page, so these two would pass there without testing anything.
    {
      name: 'chromium-full',
      testMatch: NEEDS_FULL_BROWSER,
      use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: launchOptions(FULL_BROWSER) },
    },
  ],
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
