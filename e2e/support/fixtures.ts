import { test as base, expect } from "@playwright/test";
import { type RunningServer, startServer } from "./server";

export { expect };

export const test = base.extend<{ serverLog: undefined }, { server: RunningServer }>({
  // One server (with its SMTP sink and database) per worker, shared by that worker's tests.
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  // Attaches the server's log to every failed test, since the browser only shows half the story.
  serverLog: [
    async ({ server }, use, testInfo) => {
      const before = server.output().length;
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach("server-log", {
          body: server.output().slice(before),
          contentType: "text/plain",
        });
      }
    },
    { auto: true },
  ],
});
