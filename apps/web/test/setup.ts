import "@testing-library/jest-dom/vitest";
import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

// Every web test: a console.error or console.warn nobody asked for fails the test. React reports its
// warnings there (a missing key, an update outside act(), an invalid DOM attribute...), and a warning
// that only scrolls past in the output is one nobody reads. A test that expects one says so with
// allowConsole() below.

type ConsoleMethod = "error" | "warn";

interface Allowance {
  method: ConsoleMethod;
  pattern: string | RegExp;
  /** The matching calls, for a test that wants to assert on them. */
  calls: string[];
}

let allowances: Allowance[] = [];
let unexpected: string[] = [];
let spies: { mockRestore: () => void }[] = [];

/**
 * Lets the current test call console[method] with a message matching `pattern` (a substring or a
 * RegExp); anything else still fails it. Returns the matching messages seen so far.
 */
export function allowConsole(method: ConsoleMethod, pattern: string | RegExp): readonly string[] {
  const allowance: Allowance = { method, pattern, calls: [] };
  allowances.push(allowance);
  return allowance.calls;
}

function watch(method: ConsoleMethod) {
  const original = console[method].bind(console);
  return vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    const message = format(...args);
    const allowance = allowances.find(
      (a) =>
        a.method === method &&
        (typeof a.pattern === "string" ? message.includes(a.pattern) : a.pattern.test(message)),
    );
    if (allowance) {
      allowance.calls.push(message);
      return;
    }
    unexpected.push(`console.${method}: ${message}`);
    original(...args);
  });
}

beforeEach(() => {
  allowances = [];
  unexpected = [];
  spies = [watch("error"), watch("warn")];
});

afterEach(async () => {
  // Unmount what Testing Library rendered (its automatic cleanup needs test globals, which are off).
  if (typeof document !== "undefined") {
    const { cleanup } = await import("@testing-library/react");
    cleanup();
  }
  // The spies themselves, not console.error: a test may have restored every mock already.
  for (const spy of spies) spy.mockRestore();
  const found = unexpected;
  unexpected = [];
  if (found.length > 0) {
    throw new Error(
      `Unexpected console output (use allowConsole() if the test expects it):\n${found.join("\n")}`,
    );
  }
});
