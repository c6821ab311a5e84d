import { describe, expect, it } from "vitest";
import { allowConsole } from "./setup";

// The guard of setup.ts: what a test admits with allowConsole() passes and is recorded. (An unexpected
// call fails the test in afterEach, which a test cannot observe from inside itself.)

describe("allowConsole", () => {
  it("admits the matching messages of one method and records them", () => {
    const errors = allowConsole("error", /Warning: .*act\(/);
    const warnings = allowConsole("warn", "obsoleto");
    console.error("Warning: An update to %s inside a test was not wrapped in act(...)", "Form");
    console.warn("Este método está obsoleto");
    expect(errors).toEqual(["Warning: An update to Form inside a test was not wrapped in act(...)"]);
    expect(warnings).toHaveLength(1);
  });
});
