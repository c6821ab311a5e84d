import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { reactDependents, testAliases } from "./apps/web/preact-aliases.ts";

// One project per kind of test so each gets its own setup: the API's fails a test on an unexpected
// console.error (apps/api/test/setup.ts), the web's on unexpected console errors and React warnings
// (apps/web/test/setup.ts); the shared package and the scripts run plain.
// On PostgreSQL the database works in its own processes while a fork waits on it: one fork more than the
// cores (API tests on the 2-core machine: ~333 s with 2 forks, 274 s with 3). On PGlite the database runs
// inside each fork and a fork per core minus one (at least two) is best.
const maxWorkers = process.env.TEST_DATABASE_URL
  ? availableParallelism() + 1
  : Math.max(2, availableParallelism() - 1);
// The fault tests stop the database, kill servers and proxy its connections: on PostgreSQL, beside another
// fork's load, the database-outage test once hung in its teardown (the TCP proxy's connections). They run
// after every other file, one at a time there.
const faults = "apps/api/test/faults/**/*.test.ts";
const excluded = ["**/node_modules/**", "**/dist/**", "e2e/**"];
const web = ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/test/**/*.test.{ts,tsx}"];

export default defineConfig({
  test: {
    exclude: excluded,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two forks on PGlite on the 2-core CI machine, not Vitest's default (CPUs - 1): the database runs inside
    // each test process and one fork leaves a core idle (API tests 235 s -> 182 s); three on PostgreSQL
    // (above), the fault tests aside (their own group below).
    maxWorkers,
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
          exclude: [...excluded, faults],
          setupFiles: ["apps/api/test/setup.ts"],
          // Migrates one database for the run; every test file copies it (apps/api/test/global-setup.ts).
          globalSetup: ["apps/api/test/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "api-faults",
          isolate: false,
          include: [faults],
          setupFiles: ["apps/api/test/setup.ts"],
          globalSetup: ["apps/api/test/global-setup.ts"],
          sequence: { groupOrder: 1 },
          maxWorkers: process.env.TEST_DATABASE_URL ? 1 : maxWorkers,
        },
      },
      {
        extends: true,
        // "module": ES module builds of the React packages, where the aliases reach every import.
        resolve: { alias: testAliases, conditions: ["module", "browser", "development"] },
        test: {
          name: "web",
          include: web,
          setupFiles: ["apps/web/test/setup.ts"],
          server: { deps: { inline: reactDependents } },
        },
      },
    ],
  },
});
