// The API's walls (docs/decisions/0026-api-module-walls.md): the module graph is acyclic, each depcruise rule
// made from it catches a small tree that breaks it (and only that rule), the real tree passes, and README's
// diagram is the one the graph draws.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mermaidOf } from "../api-module-graph.mjs";

const repo = resolve(import.meta.dirname, "../..");
const checkDeps = join(repo, "tools/check-deps/check-deps.mjs");
const graph = createRequire(import.meta.url)(join(repo, "apps/api/module-graph.cjs")) as {
  layers: { name: string; modules: string[] }[];
  sameLayer: [string, string][];
  knownUpward: { from: string; to: string }[];
  entryPending: string[];
  modules: string[];
  layerOf: Map<string, number>;
  allowedTargets(module: string): string[];
};
const run = promisify(execFile);

/** The rule names depcruise reports for the tree under `dir` (CHECK_DEPS_DIR), sorted. */
async function violations(dir: string, ...paths: string[]): Promise<string[]> {
  try {
    await run("node", [checkDeps, ...paths], { cwd: repo, env: { ...process.env, CHECK_DEPS_DIR: dir } });
    return [];
  } catch (error) {
    const { stdout } = error as { stdout: string };
    return [...stdout.matchAll(/error ([\w-]+):/g)].map((match) => match[1]).sort();
  }
}

describe("the API's module graph (apps/api/module-graph.cjs)", () => {
  it("names each module once and keeps same-layer edges inside one layer", () => {
    expect(new Set(graph.modules).size).toBe(graph.modules.length);
    for (const [from, to] of graph.sameLayer) expect(graph.layerOf.get(from)).toBe(graph.layerOf.get(to));
    // The exceptions point up: an edge the layers allow needs no exception.
    for (const { from, to } of graph.knownUpward) {
      expect(graph.layerOf.get(to)).toBeGreaterThan(graph.layerOf.get(from) as number);
    }
  });

  it("is acyclic without its listed exceptions", () => {
    const upward = new Set(graph.knownUpward.map(({ from, to }) => `${from}>${to}`));
    const state = new Map<string, "visiting" | "done">();
    const visit = (module: string, path: string[]): void => {
      if (state.get(module) === "done") return;
      if (state.get(module) === "visiting") throw new Error(`cycle: ${[...path, module].join(" -> ")}`);
      state.set(module, "visiting");
      for (const to of graph.allowedTargets(module)) {
        if (!upward.has(`${module}>${to}`)) visit(to, [...path, module]);
      }
      state.set(module, "done");
    };
    for (const module of graph.modules) visit(module, []);
  });
});

// Each case starts depcruise (and TypeScript) anew: seconds on a quiet machine, more on a busy one.
describe("the API's depcruise rules (.dependency-cruiser.cjs)", { timeout: 120_000 }, () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "api-walls-"));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function write(file: string, text: string) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const api = "apps/api/src";

  it("api-module-layers: a module imports nothing above it, type-only imports included", async () => {
    write(`${api}/modules/health/index.ts`, "export type Health = { ok: boolean };\n");
    write(
      `${api}/modules/events/service.ts`,
      'import type { Health } from "../health/index";\nexport const ok = (h: Health) => h.ok;\n',
    );
    expect(await violations(root, api)).toEqual(["api-module-layers"]);
  });

  it("api-module-through-its-entry: another module's file is reached through its index.ts", async () => {
    write(`${api}/modules/health/routes.ts`, "export const healthRoutes = 1;\n");
    write(
      `${api}/app.ts`,
      'import { healthRoutes } from "./modules/health/routes";\nexport const r = healthRoutes;\n',
    );
    expect(await violations(root, api)).toEqual(["api-module-through-its-entry"]);

    write(`${api}/modules/health/index.ts`, 'export { healthRoutes } from "./routes";\n');
    write(
      `${api}/app.ts`,
      'import { healthRoutes } from "./modules/health/index";\nexport const r = healthRoutes;\n',
    );
    expect(await violations(root, api)).toEqual([]);
  });

  it("api-repository-private: no module reads another's repository.ts", async () => {
    // favorites may import purchases (a layer below). Every module is reached through its index.ts now
    // (entryPending is empty), so a repository read by file breaks that wall too; this rule names the SQL.
    expect(graph.entryPending).not.toContain("purchases");
    write(`${api}/modules/purchases/repository.ts`, "export const releaseDue = 1;\n");
    write(
      `${api}/modules/favorites/service.ts`,
      'import { releaseDue } from "../purchases/repository";\nexport const f = releaseDue;\n',
    );
    expect(await violations(root, api)).toEqual(["api-module-through-its-entry", "api-repository-private"]);
  });

  it("api-repository-private: a topic repository (list-repository.ts, in a sub-folder too) is private as well", async () => {
    write(`${api}/modules/admin/proofs/list-repository.ts`, "export const listProofs = 1;\n");
    write(
      `${api}/modules/purchases/service.ts`,
      'import { listProofs } from "../admin/proofs/list-repository";\nexport const f = listProofs;\n',
    );
    expect(await violations(root, api)).toContain("api-repository-private");
  });

  it("api-no-circular: no import cycle, even inside one module", async () => {
    write(`${api}/lib/a.ts`, 'import { b } from "./b";\nexport const a = () => b;\n');
    write(`${api}/lib/b.ts`, 'import { a } from "./a";\nexport const b = () => a;\n');
    expect(await violations(root, api)).toEqual(["api-no-circular"]);
  });

  it("lets tests reach into any module", async () => {
    write(`${api}/modules/raffles/repository.ts`, "export const findRaffle = 1;\n");
    write(
      `${api}/modules/events/x.test.ts`,
      'import { findRaffle } from "../raffles/repository";\nfindRaffle;\n',
    );
    expect(await violations(root, api)).toEqual([]);
  });
});

describe("the real tree", () => {
  it("passes every rule", async () => {
    expect(await violations(repo, "packages/shared/src", "apps/api/src", "apps/web/src")).toEqual([]);
  }, 300_000);

  it("README's diagram is the one apps/api/module-graph.cjs draws (node scripts/api-module-graph.mjs)", () => {
    const readme = readFileSync(join(repo, "README.md"), "utf8");
    expect(readme).toContain(mermaidOf(graph));
  });
});
