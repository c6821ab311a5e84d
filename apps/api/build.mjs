// Bundles the API into one ESM file, dist/server.js, and the bank statement reader's worker thread into
// dist/statement-worker.js next to it (modules/reconciliation/parse/statement-reader.ts loads it from
// there). Workspace packages (@rifazo/*, consumed as TS source) are bundled in; every npm package stays
// external and is loaded from node_modules at runtime, so native and WASM packages (sharp, PGlite) and
// packages that read their own files keep working.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as esbuild from "esbuild";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(here, "package.json"), "utf8"));
const declared = new Set(Object.keys(pkg.dependencies ?? {}));

/** "@scope/name/sub" -> "@scope/name", "name/sub" -> "name". */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

const undeclared = new Set();

/** Bare imports become external, except the workspace packages, which esbuild resolves and bundles. */
const externalNpmPackages = {
  name: "external-npm-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:")) return { path: args.path, external: true };
      const name = packageName(args.path);
      if (name.startsWith("@rifazo/")) return undefined;
      if (!declared.has(name)) undeclared.add(name);
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
let result;
try {
  result = await esbuild.build({
    absWorkingDir: here,
    entryPoints: {
      server: "src/server.ts",
      "statement-worker": "src/modules/reconciliation/parse/statement-worker.ts",
    },
    outdir: "dist",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    sourcesContent: false,
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
    tsconfig: "tsconfig.json",
    plugins: [externalNpmPackages],
    // Bundled CommonJS-style code may call require(); ESM has none, so provide one.
    banner: {
      js: 'import { createRequire as __rifazoCreateRequire } from "node:module";\nconst require = __rifazoCreateRequire(import.meta.url);',
    },
  });
} catch {
  // esbuild has already printed the errors with their locations; the stack trace adds nothing.
  console.error("api: la compilación falló");
  process.exit(1);
}

const ms = Math.round(performance.now() - started);
const kib = (file) => (result.metafile.outputs[file].bytes / 1024).toFixed(0);
console.log(
  `api: dist/server.js ${kib("dist/server.js")} KiB, dist/statement-worker.js ${kib("dist/statement-worker.js")} KiB en ${ms} ms`,
);
if (undeclared.size > 0) {
  // Still resolvable through the hoisted root node_modules, but worth declaring in apps/api/package.json.
  console.warn(
    `api: paquetes importados que no están en apps/api/package.json dependencies: ${[...undeclared].sort().join(", ")}`,
  );
}
