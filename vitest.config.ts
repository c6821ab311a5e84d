import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

// One project per kind of test so each gets its own setup: the API's fails a test on an unexpected
// console.error (apps/api/test/setup.ts), the web's on unexpected console errors and React warnings
// (apps/web/test/setup.ts); the shared package and the scripts run plain.
const web = ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/test/**/*.test.{ts,tsx}"];

export default defineConfig({
  test: {
    exclude: ["**/node_modules/**", "**/dist/**", "e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // On PGlite the database runs inside each test process, so Vitest's default (CPUs - 1, one fork on the
    // 2-core CI machine) leaves a core idle: two forks there (API tests 235 s -> 182 s). On PostgreSQL the
    // server takes the other core, and with two forks the database-outage fault test once hung in its
    // teardown (the TCP proxy's connections under the other fork's load): the default there.
    ...(process.env.TEST_DATABASE_URL ? {} : { maxWorkers: Math.max(2, availableParallelism() - 1) }),
    projects: [
      {
        extends: true,
        test: { name: "node", include: ["packages/*/src/**/*.test.ts", "scripts/test/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "api",
          // Files share a worker's loaded modules instead of importing the whole app again each: every file
          // still builds its own app on its own database, and no API test mocks a module. Measured on the
          // 2-core machine, quiet, PGlite: 385 s with isolation, 235 s without (import time 79 s -> 4 s).
          isolate: false,
          include: ["apps/api/src/**/*.test.ts", "apps/api/test/**/*.test.ts"],
          setupFiles: ["apps/api/test/setup.ts"],
          // Migrates one database for the run; every test file copies it (apps/api/test/global-setup.ts).
          globalSetup: ["apps/api/test/global-setup.ts"],
        },
      },
      { extends: true, test: { name: "web", include: web, setupFiles: ["apps/web/test/setup.ts"] } },
    ],
  },
});
