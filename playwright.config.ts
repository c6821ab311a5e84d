import { defineConfig, devices } from "@playwright/test";
import { DESKTOP } from "./e2e/support/sizes";

// No `webServer`: each test worker starts its own server (e2e/support/server.ts) because the server needs
// an SMTP sink, a fresh data folder and possibly a fresh PostgreSQL database first. The server is the
// built bundle, so run `npm run build` before `playwright test` (`npm test` does).

/**
 * How many workers run spec files side by side: PLAYWRIGHT_WORKERS (a count, or a share of the CPUs such
 * as "50%"), else 3 in CI (.ci/run says why) and 1 locally. Workers share nothing (each has its own server, SMTP
 * sink, data folder, database and free ports), so the count changes only the time a run takes.
 */
function workers(): number | string {
  const value = process.env.PLAYWRIGHT_WORKERS?.trim();
  if (!value) return process.env.CI ? 3 : 1;
  if (/^[1-9][0-9]*$/.test(value)) return Number(value);
  if (/^[1-9][0-9]?%$|^100%$/.test(value)) return value;
  throw new Error(`PLAYWRIGHT_WORKERS="${value}": se espera un número de workers (2) o un porcentaje (50%).`);
}
const chromium = {
  // Debian's Chromium: no Playwright browser download is needed.
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

export default defineConfig({
  testDir: "e2e",
  // Migrates one server's database for the run; each server starts from a copy (support/server.ts).
  globalSetup: "./e2e/support/global-setup.ts",
  // Files run in parallel, the tests of one file never: a demo spec's tests share one seeded server and
  // change its data (support/fixtures.ts), and splitting a file would start a second server for it,
  // which costs more than the tests it would overlap.
  fullyParallel: false,
  workers: workers(),
  // A flaky test is a failing test: no retries, locally or in CI.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  outputDir: "test-results",
  use: {
    browserName: "chromium",
    launchOptions: chromium,
    locale: "es-VE",
    timezoneId: "America/Caracas",
    // A trace records the screen and the page at every step: a quarter of the run's CPU (2 spec files, 1
    // worker: 108 s of CPU with traces, 81 s without). CI keeps only its log, where a trace cannot be
    // opened, so CI runs without them; a local run keeps the trace of a failed test.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
    // The service worker (decision 0017) answers requests before page.route() sees them and keeps
    // pages between tests' navigations: specs test the site itself, e2e/offline.spec.ts the worker.
    serviceWorkers: "block",
  },
  projects: [
    {
      // One project: phone tests set the phone in their file (support/sizes.ts says why), so a file never
      // starts a second worker, browser and server for its phone-size tests.
      name: "chromium",
      use: { ...devices["Desktop Chrome"], ...DESKTOP },
    },
  ],
});
