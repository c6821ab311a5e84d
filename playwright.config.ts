import { defineConfig, devices } from "@playwright/test";

// No `webServer`: each test worker starts its own server (e2e/support/server.ts) because the server needs
// an SMTP sink, a fresh data folder and possibly a fresh PostgreSQL database first. The server is the
// built bundle, so run `npm run build` before `playwright test` (`npm test` does).
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
  fullyParallel: false,
  workers: 1,
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
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    actionTimeout: 10_000,
    navigationTimeout: 20_000,
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      grepInvert: /@phone-only/,
    },
    {
      // Only tests tagged @phone run at phone size; the full flows run once, on desktop.
      name: "phone",
      use: {
        ...devices["Pixel 7"],
        viewport: { width: 390, height: 844 },
        screen: { width: 390, height: 844 },
      },
      grep: /@phone/,
    },
  ],
});
