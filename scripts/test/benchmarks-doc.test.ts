import { describe, expect, it } from "vitest";
import { END, mergeBenchmarks, readCurrentFigures, START } from "../lib/benchmarks-doc.mjs";

const legacy = "# Benchmarks\n\nIntro.\n\n## 2026-11-21 — npm run bench\n\nold entry\n";

describe("docs/benchmarks.md: current figures on top, history below", () => {
  it("adds the table above the existing history, which stays intact", () => {
    const doc = mergeBenchmarks(legacy, {
      rows: [
        { what: "1. req/s", how: "`npm run bench`", value: "10", goal: "≥ 5", ok: true, date: "2026-11-25" },
      ],
      entry: "## 2026-11-25 — npm run bench\n\nnew entry",
    });
    expect(doc.startsWith("# Benchmarks\n")).toBe(true);
    expect(doc.indexOf(START)).toBeLessThan(doc.indexOf("old entry"));
    expect(doc.indexOf("old entry")).toBeLessThan(doc.indexOf("new entry"));
    expect(doc.match(/# Benchmarks/g)).toHaveLength(1);
    expect(readCurrentFigures(doc)).toEqual([
      { what: "1. req/s", how: "`npm run bench`", value: "10", goal: "≥ 5", state: "ok", date: "2026-11-25" },
    ]);
  });

  it("replaces a row measured again in place and keeps the rows not measured this time", () => {
    const first = mergeBenchmarks(legacy, {
      rows: [
        { what: "a", how: "x", value: "1", goal: "g", ok: true, date: "d1" },
        { what: "b | pipe", how: "x", value: "2", goal: "g", ok: false, date: "d1" },
      ],
    });
    const second = mergeBenchmarks(first, {
      rows: [
        { what: "b | pipe", how: "x", value: "3", goal: "g", ok: true, date: "d2" },
        { what: "c", how: "y", value: "4", goal: "", date: "d2" },
      ],
      entry: "## later",
    });
    expect(
      readCurrentFigures(second).map((r: { what: string; value: string; date: string }) => [
        r.what,
        r.value,
        r.date,
      ]),
    ).toEqual([
      ["a", "1", "d1"],
      ["b \\| pipe", "3", "d2"],
      ["c", "4", "d2"],
    ]);
    expect(second.split(START)).toHaveLength(2);
    expect(second.split(END)).toHaveLength(2);
    expect(second.trimEnd().endsWith("## later")).toBe(true);
  });

  it("marks a missed goal so it stands out", () => {
    const doc = mergeBenchmarks(legacy, {
      rows: [{ what: "p99", how: "h", value: "900 ms", goal: "≤ 300 ms", ok: false, date: "d" }],
    });
    expect(readCurrentFigures(doc)[0].state).toBe("**MISSED**");
  });
});
