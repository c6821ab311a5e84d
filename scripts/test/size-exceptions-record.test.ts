// Every production file over 400 lines or function over 80 lines that scripts/size-exceptions.json excuses
// has its reason in decision 0028, at its recorded size; a row for a file or function no longer excused
// fails too, so the record and the baseline never drift apart (`check-sizes --update` rewrites only the
// baseline: an entry it adds fails here until someone writes down why).
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const RECORD = "docs/decisions/0028-size-limits-and-exceptions.md";

interface Baseline {
  files: Record<string, number>;
  functions: Record<string, Record<string, number>>;
}

/** "path › function = lines" for each excused file ("(file)") and function. */
function baselineEntries(baseline: Baseline): string[] {
  return [
    ...Object.entries(baseline.files).map(([file, lines]) => `${file} › (file) = ${lines}`),
    ...Object.entries(baseline.functions).flatMap(([file, fns]) =>
      Object.entries(fns).map(([fn, lines]) => `${file} › ${fn} = ${lines}`),
    ),
  ].sort();
}

/** The record's table rows: | `path` | `function` or (file) | lines | reason |. */
function recordRows(text: string): { entry: string; reason: string }[] {
  const rows: { entry: string; reason: string }[] = [];
  for (const line of text.split("\n")) {
    const match = /^\| `([^`]+)` \| (?:`([^`]+)`|\(file\)) \| (\d+) \| (.*) \|$/.exec(line.trim());
    if (!match) continue;
    const [, file, fn, lines, reason] = match;
    rows.push({ entry: `${file} › ${fn ?? "(file)"} = ${lines}`, reason: (reason ?? "").trim() });
  }
  return rows;
}

describe("size exceptions (scripts/size-exceptions.json) and their reasons (decision 0028)", () => {
  const baseline = JSON.parse(
    readFileSync(resolve(root, "scripts/size-exceptions.json"), "utf8"),
  ) as Baseline;
  const rows = recordRows(readFileSync(resolve(root, RECORD), "utf8"));

  it("lists exactly the excused files and functions, at their recorded sizes", () => {
    expect(rows.map((row) => row.entry).sort()).toEqual(baselineEntries(baseline));
  });

  it("gives each one a reason", () => {
    expect(rows.filter((row) => row.reason.length < 20).map((row) => row.entry)).toEqual([]);
  });

  it("reads the table it checks (the parser is not silently matching nothing)", () => {
    const sample =
      "| `a/b.ts` | `f` | 90 | Una razón suficientemente larga. |\n| `a/c.ts` | (file) | 401 | x |";
    expect(recordRows(sample)).toEqual([
      { entry: "a/b.ts › f = 90", reason: "Una razón suficientemente larga." },
      { entry: "a/c.ts › (file) = 401", reason: "x" },
    ]);
  });
});
