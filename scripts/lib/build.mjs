// Shared by start.mjs and bench.mjs: decide whether the build output is stale and rebuild it.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const serverEntry = path.join(root, "apps/api/dist/server.js");
const outputs = [
  path.join(root, "apps/web/dist/index.html"),
  path.join(root, "apps/web/dist/server/entry-server.js"),
  serverEntry,
];

// Everything the two builds read besides node_modules: sources, migrations and the build configs.
const inputDirs = [
  "apps/api/src",
  "apps/web/src",
  "apps/web/public",
  "packages/shared/src",
  "apps/api/drizzle",
];
const inputFiles = [
  "apps/api/build.mjs",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/api/package.json",
  "apps/web/package.json",
  "packages/shared/package.json",
  "package-lock.json",
];

/** Newest modification time (ms) of a file or of every file below a folder; 0 when absent. */
function newestMtime(target) {
  let stat;
  try {
    stat = statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows up as a newer folder mtime
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Why a build is needed, or undefined when the output is up to date. */
export function staleReason() {
  const missing = outputs.find((file) => !existsSync(file));
  if (missing) return `falta ${path.relative(root, missing)}`;
  const built = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  for (const input of [...inputDirs, ...inputFiles]) {
    if (newestMtime(path.join(root, input)) > built)
      return `${input} cambió después de la última compilación`;
  }
  return undefined;
}

/** Runs `npm run build` in the repository root; exits the process when it fails. */
export function runBuild() {
  // Under `npm start` npm_execpath points at npm's own CLI, which avoids depending on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, args] = npmCli?.endsWith(".js")
    ? [process.execPath, [npmCli, "run", "build"]]
    : [process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build"]];
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (result.status !== 0) {
    console.error("rifazo: la compilación falló (npm run build).");
    process.exit(result.status ?? 1);
  }
}

/** Builds when needed; returns true when it did. */
export function ensureBuilt({ log = console.log } = {}) {
  const reason = staleReason();
  if (!reason) return false;
  log(`rifazo: compilando (${reason})...`);
  runBuild();
  return true;
}
