import { type Browser, type BrowserContext, expect, test as plain, type TestInfo } from "@playwright/test";
import { CODE_CACHED_COOKIE } from "@rifazo/shared/inline-code";
import { type ServerWithRelay, startServerWithRelay } from "./drand";
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
    const log = server.output().slice(before);
    // The warnings first and alone: CI's log shows only the start of each attachment (a failed render
    // that sent the blank shell was hidden behind request lines).
    const warnings = log.split("\n").filter((line) => /"level":(40|50|60)\b/.test(line));
    if (warnings.length > 0)
      await testInfo.attach("server-warnings", { body: warnings.join("\n"), contentType: "text/plain" });
    await testInfo.attach("server-log", { body: log, contentType: "text/plain" });
  }
}

/**
 * Fails a test on what the browser reports going wrong: console errors, uncaught page errors, requests
 * that failed at the network level, and 5xx answers from our server, in the test's own context and in
 * any context the test opens with browser.newContext(). A test that provokes one on purpose says so with
 * `allowConsoleError(/pattern/)`, matched against the lines listed in the failure message.
 *
 * Allowed without asking:
 * - requests failed with net::ERR_ABORTED: the browser cancelled them (a navigation left the page, or the
 *   app aborted a fetch it no longer needs); nothing went wrong on either side.
 * - the console line Chromium prints for the 401 of GET /api/account/me: that is how an anonymous visitor's
 *   session check answers, on every page (apps/web/src/features/auth/api/account-api.ts).
 * Any other 4xx the browser logs ("Failed to load resource: ... status of 4xx") must be allowed by the
 * test that provokes it, so an unexpected refusal does not pass unnoticed.
 */
interface BrowserProblemFixtures {
  /** Allows browser problems matching this pattern for the rest of the test. */
  allowConsoleError: (pattern: RegExp) => void;
  browserProblemsAllowed: RegExp[];
  browserProblems: undefined;
}

/** The console line Chromium prints when our server answers `path` (no query) with `status`. */
export function loggedStatus(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    `^console: Failed to load resource: .*status of ${status}\\b.* \\(http://[^/]+${escaped}(\\?[^)]*)?\\)$`,
  );
}

/** What the browser reports for a request made while the test has cut the network (context.setOffline). */
export const OFFLINE_FAILURE =
  /ERR_INTERNET_DISCONNECTED|ERR_FAILED|Failed to fetch|dynamically imported module/;

/** What a context opened with javaScriptEnabled: false reports for each script the page asks for. */
export const NO_SCRIPT_REFUSED = /^requestfailed: GET http:\/\/[^/]+\/assets\/[^/ ]+\.js csp$/;

/**
 * A browser whose service worker already holds the app's code: its pages fetch their scripts instead of
 * carrying them (docs/decisions/0036-code-in-the-page.md), so a test can hold those requests back.
 */
export async function codeAlreadyCached(context: BrowserContext, baseURL: string): Promise<void> {
  await context.addCookies([{ name: CODE_CACHED_COOKIE, value: "1", url: baseURL }]);
}

const ALWAYS_ALLOWED = [loggedStatus(401, "/api/account/me")];

function watchContext(context: BrowserContext, origin: string, seen: string[]) {
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const where = message.location().url;
    seen.push(`console: ${message.text()}${where ? ` (${where})` : ""}`);
  });
  context.on("weberror", (error) => {
    seen.push(`pageerror: ${error.error().message}`);
  });
  context.on("requestfailed", (request) => {
    const reason = request.failure()?.errorText ?? "";
    if (reason === "net::ERR_ABORTED") return;
    seen.push(`requestfailed: ${request.method()} ${request.url()} ${reason}`);
  });
  context.on("response", (response) => {
    if (response.status() < 500 || !response.url().startsWith(`${origin}/`)) return;
    seen.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
}

const base = plain.extend<BrowserProblemFixtures>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  browserProblemsAllowed: async ({}, use) => {
    await use([]);
  },
  allowConsoleError: async ({ browserProblemsAllowed }, use) => {
    await use((pattern) => {
      browserProblemsAllowed.push(pattern);
    });
  },
  browserProblems: [
    async ({ context, browser, baseURL, browserProblemsAllowed }, use) => {
      const seen: string[] = [];
      const origin = baseURL ? new URL(baseURL).origin : "\u0000";
      watchContext(context, origin, seen);
      const newContext = browser.newContext;
      const patched: Browser["newContext"] = async (...args) => {
        const opened = await newContext.apply(browser, args);
        watchContext(opened, origin, seen);
        return opened;
      };
      browser.newContext = patched;
      try {
        await use(undefined);
      } finally {
        browser.newContext = newContext;
      }
      const allowed = [...ALWAYS_ALLOWED, ...browserProblemsAllowed];
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, "el navegador informó errores que la prueba no esperaba").toEqual([]);
    },
    { auto: true },
  ],
});

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
 * Tests against an empty server of their own file. Sign-ups are limited per address (6 in 10 minutes,
 * RATE_RULES.signUpPerIp), and every browser here comes from 127.0.0.1: a file that registers buyers
 * gets its own server, so the shared worker server's other files keep their sign-ups. Call it once per
 * spec file, at the top (each call is a fixture of its own, so the file gets its own worker).
 */
export function ownServerTest() {
  return base.extend<{ serverLog: undefined; server: RunningServer }, { ownServer: RunningServer }>({
    ownServer: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
      async ({}, use) => runServer({}, use),
      { scope: "worker", timeout: SERVER_TIMEOUT },
    ],
    server: async ({ ownServer }, use) => {
      await use(ownServer);
    },
    baseURL: async ({ ownServer }, use) => {
      await use(ownServer.baseURL);
    },
    serverLog: [
      async ({ ownServer }, use, testInfo) => attachServerLog(ownServer, use, testInfo),
      { auto: true },
    ],
  });
}

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

/**
 * Tests against a server that draws with a local drand relay (decision 0012; support/drand.ts): the worker
 * fixture `drand` holds the server and the relay (its chain signs any round, so a spec can also paste a
 * beacon as an administrator would). DRAW_ROUND_DELAY_MINUTES is 0 unless given, so a frozen raffle's
 * round comes out within seconds. One call per spec file, as demoTest.
 */
export function drandTest(
  options: { seedDemo?: boolean; roundDelayMinutes?: number; env?: Record<string, string> } = {},
) {
  return base.extend<{ serverLog: undefined; relayAnswers: undefined }, { drand: ServerWithRelay }>({
    drand: [
      // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
      async ({}, use) => {
        const running = await startServerWithRelay(options);
        try {
          await use(running);
        } finally {
          await running.stop();
        }
      },
      { scope: "worker", timeout: SERVER_TIMEOUT },
    ],
    baseURL: async ({ drand }, use) => {
      await use(drand.server.baseURL);
    },
    serverLog: [
      async ({ drand }, use, testInfo) => attachServerLog(drand.server, use, testInfo),
      { auto: true },
    ],
    // The relay is shared by the worker's tests: one held (holdRelay) by a test that failed before letting
    // it answer must not fail the next test too.
    relayAnswers: [
      async ({ drand }, use) => {
        drand.relay.failWith(null);
        try {
          await use(undefined);
        } finally {
          drand.relay.failWith(null);
        }
      },
      { auto: true },
    ],
  });
}
