import { test as base, expect, type TestInfo } from "@playwright/test";
import { type RunningServer, type StartServerOptions, startServer } from "./server";

export { expect };

/** Starts a server for a worker fixture and stops it when the worker is done. */
async function runServer(options: StartServerOptions, use: (server: RunningServer) => Promise<void>) {
  const server = await startServer(options);
  try {
    await use(server);
  } finally {
    await server.stop();
  }
}

/** Attaches the server's log to a failed test, since the browser only shows half the story. */
async function attachServerLog(
  server: RunningServer,
  use: (value: undefined) => Promise<void>,
  testInfo: TestInfo,
) {
  const before = server.output().length;
  await use(undefined);
  if (testInfo.status !== testInfo.expectedStatus) {
    await testInfo.attach("server-log", { body: server.output().slice(before), contentType: "text/plain" });
  }
}

// Starting a server (a web snapshot, maybe a PostgreSQL database, migrations, the demo seed) can take a
// while on a busy machine.
const SERVER_TIMEOUT = 180_000;

/** Tests against an empty server (no demo catalogue), one per worker, shared by that worker's tests. */
export const test = base.extend<{ serverLog: undefined }, { server: RunningServer }>({
  server: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => runServer({}, use),
    { scope: "worker", timeout: SERVER_TIMEOUT },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  serverLog: [async ({ server }, use, testInfo) => attachServerLog(server, use, testInfo), { auto: true }],
});

/**
 * Tests against a server with the demo catalogue (SEED_DEMO=1), as the `demoServer` worker fixture, plus
 * `env` for that server. Call it once per spec file, at the top: each call registers a fixture of its own,
 * so Playwright gives the file a worker (and a server) of its own. That matters because these tests change
 * the seeded data (a draw, an approved proof, tickets bought) and assert on it, so two files must never
 * share one demo server.
 */
export function demoTest(env?: Record<string, string>) {
  return base.extend<{ serverLog: undefined }, { demoServer: RunningServer }>({
    demoServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
      async ({}, use) => runServer({ seedDemo: true, env }, use),
      { scope: "worker", timeout: SERVER_TIMEOUT },
    ],
    baseURL: async ({ demoServer }, use) => {
      await use(demoServer.baseURL);
    },
    serverLog: [
      async ({ demoServer }, use, testInfo) => attachServerLog(demoServer, use, testInfo),
      { auto: true },
    ],
  });
}
