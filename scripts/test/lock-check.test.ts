import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { missingOptionalPackages, resolveInLock } from "../lib/lock-check.mjs";

const root = resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const committedLock = () => JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));

describe("lock file platform check", () => {
  it("finds every optional platform package in the committed lock", () => {
    const lock = committedLock();
    expect(missingOptionalPackages(lock)).toEqual([]);
    // The tools the check exists for really declare platform builds, and the lock records them.
    for (const [pkg, build] of [
      ["@biomejs/biome", "@biomejs/cli-darwin-arm64"],
      ["@tailwindcss/oxide", "@tailwindcss/oxide-wasm32-wasi"],
      ["esbuild", "@esbuild/win32-x64"],
      ["lightningcss", "lightningcss-win32-x64-msvc"],
    ]) {
      expect(lock.packages[`node_modules/${pkg}`].optionalDependencies).toHaveProperty(build);
      expect(lock.packages).toHaveProperty(`node_modules/${build}`);
    }
  });

  it("reports a platform build the lock lacks", () => {
    const lock = committedLock();
    delete lock.packages["node_modules/@biomejs/cli-win32-x64"];
    delete lock.packages["node_modules/@tailwindcss/oxide-darwin-arm64"];
    expect(missingOptionalPackages(lock)).toEqual([
      { from: "node_modules/@biomejs/biome", name: "@biomejs/cli-win32-x64", range: "2.6.8", found: null },
      {
        from: "node_modules/@tailwindcss/oxide",
        name: "@tailwindcss/oxide-darwin-arm64",
        range: "4.3.5",
        found: null,
      },
    ]);
  });

  it("reports a dependency of an optional platform build that the lock lacks", () => {
    const lock = committedLock();
    delete lock.packages["node_modules/@napi-rs/wasm-runtime"];
    const missing = missingOptionalPackages(lock);
    expect(missing.map((m) => m.name)).toEqual(["@napi-rs/wasm-runtime"]);
    expect(missing[0].from).toBe("node_modules/@rolldown/binding-wasm32-wasi");
  });

  it("reports a recorded version outside the declared range", () => {
    const lock = committedLock();
    lock.packages["node_modules/@biomejs/cli-darwin-x64"].version = "2.5.0";
    expect(missingOptionalPackages(lock)).toEqual([
      {
        from: "node_modules/@biomejs/biome",
        name: "@biomejs/cli-darwin-x64",
        range: "2.6.8",
        found: "2.5.0",
      },
    ]);
  });

  it("resolves the way npm does: nested node_modules first, then each parent up to the root", () => {
    const packages = {
      "": {},
      "node_modules/a": {},
      "node_modules/b": {},
      "node_modules/x/node_modules/a": {},
      "node_modules/x/node_modules/y": {},
    };
    expect(resolveInLock(packages, "node_modules/x/node_modules/y", "a")).toBe(
      "node_modules/x/node_modules/a",
    );
    expect(resolveInLock(packages, "node_modules/x/node_modules/y", "b")).toBe("node_modules/b");
    expect(resolveInLock(packages, "apps/api", "a")).toBe("node_modules/a");
    expect(resolveInLock(packages, "node_modules/@scope/z", "c")).toBeNull();
  });

  it("fails `npm run lint`'s step with a message that says how to fix it", async () => {
    const lock = committedLock();
    delete lock.packages["node_modules/@esbuild/darwin-arm64"];
    const dir = mkdtempSync(join(tmpdir(), "lock-check-"));
    const file = join(dir, "package-lock.json");
    writeFileSync(file, JSON.stringify(lock));
    const failure = await run(process.execPath, [join(root, "scripts/check-lock.mjs"), file])
      .then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      )
      .finally(() => rmSync(dir, { recursive: true, force: true }));
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toContain("@esbuild/darwin-arm64@0.28.2 (de node_modules/esbuild): falta");
    expect(failure?.stderr).toContain("Ejecuta `npm install`");
    expect(failure?.stderr).toContain("confirma package-lock.json");

    const ok = await run(process.execPath, [join(root, "scripts/check-lock.mjs")], { cwd: root });
    expect(ok.stdout).toContain("registra todos los paquetes opcionales");
  });
});
