import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { issueCitations, measureFunctions } from "../lib/check-sizes.mjs";

const script = resolve(import.meta.dirname, "../check-sizes.mjs");
const run = promisify(execFile);

let root: string;
let baseline: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "check-sizes-"));
  baseline = join(root, "size-exceptions.json");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** A function whose declaration spans `lines` lines. */
const fn = (name: string, lines: number) =>
  `export function ${name}() {\n${"  console.log(1);\n".repeat(lines - 2)}}\n`;

async function check(...args: string[]) {
  try {
    const { stdout } = await run("node", [script, `--root=${root}`, `--baseline=${baseline}`, ...args]);
    return { ok: true, output: stdout };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    return { ok: false, output: stdout + stderr };
  }
}

describe("size limits (scripts/check-sizes.mjs)", () => {
  it("passes a function of 80 lines and fails one of 81 that the baseline does not list", async () => {
    write("apps/api/src/ok.ts", fn("fits", 80));
    expect((await check()).ok).toBe(true);

    write("apps/api/src/long.ts", fn("tooLong", 81));
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.output).toContain("apps/api/src/long.ts: función tooLong tiene 81 líneas (límite 80)");
    expect(result.output).not.toContain("fits");
  });

  it("passes a listed function at its recorded size and fails it once it grows", async () => {
    write("packages/shared/src/big.ts", fn("listed", 90));
    writeFileSync(
      baseline,
      JSON.stringify({ files: {}, functions: { "packages/shared/src/big.ts": { listed: 90 } } }),
    );
    expect((await check()).ok).toBe(true);

    write("packages/shared/src/big.ts", fn("listed", 91));
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.output).toContain("función listed creció a 91 líneas (la excepción registra 90)");
  });

  it("fails a file over 400 lines even when each function is short, and passes it once listed", async () => {
    write("apps/web/src/page.tsx", Array.from({ length: 41 }, (_, i) => fn(`part${i}`, 10)).join(""));
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.output).toContain("apps/web/src/page.tsx tiene 410 líneas (límite 400)");

    writeFileSync(baseline, JSON.stringify({ files: { "apps/web/src/page.tsx": 410 }, functions: {} }));
    expect((await check()).ok).toBe(true);
  });

  it("leaves out tests, generated files, the Drizzle schema and migrations", async () => {
    write("apps/api/src/thing.test.ts", fn("longTest", 200));
    write("packages/shared/src/table.gen.ts", fn("generated", 200));
    write("apps/api/src/db/schema.ts", fn("schema", 500));
    write("apps/api/drizzle/0000_init.ts", fn("migration", 500));
    expect((await check()).ok).toBe(true);
  });

  it("--update records offenders and never raises a recorded size, only lowers it", async () => {
    write("apps/api/src/a.ts", fn("grown", 95) + fn("shrunk", 85) + fn("fresh", 82));
    writeFileSync(
      baseline,
      JSON.stringify({ functions: { "apps/api/src/a.ts": { grown: 90, shrunk: 100, gone: 99 } } }),
    );
    await check("--update");
    expect(JSON.parse(readFileSync(baseline, "utf8"))).toEqual({
      files: {},
      functions: { "apps/api/src/a.ts": { grown: 90, shrunk: 85, fresh: 82 } },
    });
    expect((await check()).ok).toBe(false);
  });

  it("measures arrow functions, methods and React components from their first line to their last", () => {
    const text = [
      "export const Card = () => {",
      "  const items = [1].map((n) => {",
      "    return n;",
      "  });",
      "  return <div>{items}</div>;",
      "};",
      "class Store {",
      "  load() {",
      "    return 1;",
      "  }",
      "}",
      "const f = function () {",
      "  return 2;",
      "};",
    ].join("\n");
    expect(measureFunctions("x.tsx", text)).toEqual([
      { name: "Card", lines: 6 },
      { name: "Card > (map callback)", lines: 3 },
      { name: "load", lines: 3 },
      { name: "f", lines: 3 },
    ]);
  });
});

describe("comments citing an issue number", () => {
  it("finds them in line, block and JSX comments, not in strings or other references", () => {
    const text = [
      "// Issue 15: the record link.",
      "const a = 1; // see issue #12",
      "/* Done here (#14) */",
      'const s = "issue 15 in a string is not a comment";',
      "const el = <div>{/* issue 3 */}</div>;",
      "// nodejs/node#60888 and UTS #39 are not issues of this project.",
      "// The colour #123456 is not one either.",
    ].join("\n");
    expect(issueCitations("x.tsx", text)).toEqual([
      { line: 1, citation: "Issue 15" },
      { line: 2, citation: "issue #12" },
      { line: 3, citation: "(#14)" },
      { line: 5, citation: "issue 3" },
    ]);
  });

  it("fails lint on one under e2e/ or scripts/", async () => {
    write("e2e/flow.spec.ts", "// Covers issue 9.\nexport const x = 1;\n");
    const result = await check();
    expect(result.ok).toBe(false);
    expect(result.output).toContain("e2e/flow.spec.ts:1: «issue 9»");
  });
});
