// One app per test file (or describe block), built before its first test and closed after its last.
import { afterAll, beforeAll } from "vitest";
import type { Config } from "../../src/config";
import { type DrandRelay, startDrandRelay } from "../drand-relay";
import { createTestApp, type TestApp } from "../helpers";

/**
 * Registers beforeAll/afterAll around an app built with `overrides`; `ready` receives it once built, to
 * keep it in the file's own variables and sign in whoever the file needs.
 */
export function useTestApp(
  ready: (t: TestApp) => void | Promise<void>,
  overrides: Partial<Config> = {},
): void {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await createTestApp(overrides);
    await ready(opened);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
  });
}

/**
 * The same for draws: a local drand relay serves the beacon and a draw waits two minutes for its round;
 * the relay closes with the app.
 */
export function useDrawTestApp(ready: (t: TestApp, relay: DrandRelay) => void | Promise<void>): void {
  let relay: DrandRelay | undefined;
  let opened: TestApp | undefined;
  beforeAll(async () => {
    relay = await startDrandRelay();
    opened = await createTestApp({
      drandChainInfo: relay.chain.info,
      drandRelays: [relay.url],
      drawRoundDelayMinutes: 2,
    });
    await ready(opened, relay);
  }, 120_000);
  afterAll(async () => {
    await opened?.close();
    await relay?.close();
  });
}
