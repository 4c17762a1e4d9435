import { defineConfig, devices } from '@playwright/test';

// Browser tests run in Debian's Chromium (`npx playwright install` cannot download here). Without
// BASE_URL, Playwright builds the SPA and starts the local stack on E2E_PORT with a fresh database.
// Test stacks listen below 32768: Linux gives 32768–60999 to outgoing connections, and a stack whose port an
// outgoing socket happens to hold cannot start (EADDRINUSE).
const port = Number(process.env.E2E_PORT ?? 24500);
const baseURL = process.env.BASE_URL ?? `http://localhost:${port}`;
const chromium = {
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
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  // Two on CI's 2 cores: the browsers already keep both busy (a third worker measured no faster).
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: true,
  reporter: (process.env.PW_REPORTER ?? 'list').split(',').map((name) => [name] as [string]),
  // Budgets with room on a busy 2-core machine (measured there under load): at least three times what a
  // test takes. 60 s for most; the long journeys (over 20 s there) call test.slow() for 180 s. The run's
  // summary (scripts/test-all.ts) names every test that used more than half of its budget.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A failed test keeps its trace: each step's page (DOM snapshots), network and console. Without the
    // screencast: recording a screenshot at every step took a third of the suite's time on 2 cores. On CI
    // the run records none (the DOM snapshots alone took a sixth of its time): scripts/test-all.ts runs what
    // failed once more, with a trace.
    trace: process.env.CI
      ? 'off'
      : { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: false },
    // No service worker unless the test is about one: the worker serves only the app's own files (data always
    // comes from the network), and each fresh context installing it downloaded the whole app once more on
    // 2 cores — a quarter of a journey's time. The offline journeys, and those that sign in `keptOffline`,
    // allow it (`test.use({ serviceWorkers: 'allow' })`).
    serviceWorkers: 'block',
    launchOptions: chromium,
  },
  projects: [
    // The app is phone-first: every test runs in the phone project. The desktop project runs only the tests
    // tagged @wide — what depends on the width: the look (visual), accessibility with the sidebar and the
    // tables, the sidebar's organization switcher, where toasts stand on a laptop, and that the first screens
    // do not move as they fill at 1280 px. A journey whose subject is not the layout would only repeat, at
    // 1280 px, the same requests and answers.
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      grep: /@wide/,
    },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
  webServer: process.env.BASE_URL
    ? undefined
    : {
        // E2E_PREBUILT=1: the app was built just before by the same checkout (CI builds it while the checks
        // run, when a core is free), so the stack serves that build instead of building it again.
        command:
          process.env.E2E_PREBUILT === '1' ? 'tsx local/main.ts' : 'npm run build && tsx local/main.ts',
        url: `${baseURL}/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        env: {
          PORT: String(port),
          DATA_DIR: process.env.E2E_DATA_DIR ?? `.data/e2e-${port}`,
          RESET: '1',
          // Every journey signs in from the same address; the suite is not an attack.
          AUTH_RATE_LIMIT_SIGN_IN: '100000',
          // Likewise the project's 2 Auth mails an hour (config.toml): each password-reset journey sends some.
          AUTH_RATE_LIMIT_EMAIL_SENT: '100000',
          // And /api's per-address budgets for registration and shared documents.
          API_RATE_LIMIT_REGISTER: '100000',
          API_RATE_LIMIT_PUBLIC: '100000',
        },
      },
});
