import { defineConfig } from "vitest/config";

// Two projects so the web tests get their own setup (apps/web/test/setup.ts: unexpected console
// errors and React warnings fail the test) without touching how the API and package tests run.
const web = ["apps/web/src/**/*.test.{ts,tsx}", "apps/web/test/**/*.test.{ts,tsx}"];

export default defineConfig({
  test: {
    exclude: ["**/node_modules/**", "**/dist/**", "e2e/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    projects: [
      {
        extends: true,
        test: {
          name: "node",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/api/src/**/*.test.ts",
            "apps/api/test/**/*.test.ts",
            "scripts/test/**/*.test.ts",
          ],
        },
      },
      { extends: true, test: { name: "web", include: web, setupFiles: ["apps/web/test/setup.ts"] } },
    ],
  },
});
