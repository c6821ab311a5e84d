// `npm run lint` step: the import layering of .dependency-cruiser.cjs, checked by dependency-cruiser.
// dependency-cruiser parses TypeScript with the `typescript` package's JavaScript API, which TypeScript 7
// (the repository's compiler, a native binary) no longer has. This workspace installs TypeScript 5 beside
// it (nested here, so the root `tsc` stays TypeScript 7), and both of Node's resolvers send the name
// `typescript` to that copy before the CLI loads.
import Module, { createRequire, register } from "node:module";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const require = createRequire(import.meta.url);
// Resolved from this folder: the nested TypeScript 5.
const typescript5 = path.dirname(require.resolve("typescript/package.json"));
const renamed = (request) =>
  request === "typescript" || request.startsWith("typescript/")
    ? path.join(typescript5, request.slice("typescript".length))
    : null;

// require(): dependency-cruiser reads typescript/package.json to check the version.
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, renamed(request) ?? request, ...rest);
};

// import(): dependency-cruiser imports the compiler itself.
register(
  `data:text/javascript,${encodeURIComponent(`
    const target = ${JSON.stringify(pathToFileURL(path.join(typescript5, "lib/typescript.js")).href)};
    export async function resolve(specifier, context, next) {
      return specifier === "typescript" ? { url: target, format: "commonjs", shortCircuit: true } : next(specifier, context);
    }
  `)}`,
);

// CHECK_DEPS_DIR: check another tree with this configuration (scripts/test/api-walls.test.ts's fixtures).
process.chdir(process.env.CHECK_DEPS_DIR ?? root);
process.argv = [
  process.argv[0],
  "depcruise",
  "--config",
  path.join(root, ".dependency-cruiser.cjs"),
  "--output-type",
  "err",
  ...(process.argv.length > 2
    ? process.argv.slice(2)
    : ["packages/shared/src", "apps/api/src", "apps/web/src"]),
];
// The CLI reads process.argv when it loads; its bin is not among the package's exports, hence the path.
await import(
  pathToFileURL(path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs")).href
);
