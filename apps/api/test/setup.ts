// API tests fail on an unexpected console.error. The app logs through pino (silent in tests), so a
// console.error is a mistake or an unhandled path; a test that provokes one on purpose says so with
// allowConsoleError. Wired for the "api" project in vitest.config.ts; the path check keeps it to apps/api's
// files should it ever be set for more.
import { afterAll, afterEach, beforeAll, expect, type MockInstance, vi } from "vitest";
import { consoleGuard } from "./console-guard";

const isApiTest = (file: string | undefined) => /[\\/]apps[\\/]api[\\/]/.test(file ?? "");

let spy: MockInstance<typeof console.error> | undefined;

/** Unexpected calls so far, reported once and forgotten, as a failure of the test or file they fell in. */
function failOnUnexpected(where: string): void {
  const unexpected = consoleGuard.takeUnexpected();
  if (unexpected.length === 0) return;
  const shown = unexpected.map((args) =>
    args.map((a) => (a instanceof Error ? a.stack : String(a))).join(" "),
  );
  throw new Error(`console.error inesperado ${where}:\n${shown.join("\n---\n")}`);
}

beforeAll(() => {
  if (!isApiTest(expect.getState().testPath)) return;
  spy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => consoleGuard.record(args));
});

afterEach(() => {
  if (!spy) return;
  try {
    failOnUnexpected("en esta prueba o en su preparación (beforeAll/beforeEach)");
  } finally {
    consoleGuard.endTest();
  }
});

afterAll(() => {
  if (!spy) return;
  spy.mockRestore();
  spy = undefined;
  failOnUnexpected("después de las pruebas (afterEach/afterAll)");
});
