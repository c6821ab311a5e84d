// Layering of the workspaces, checked by `npm run lint` (depcruise). Dependencies point one way only:
//
//   packages/shared  <-  apps/api: modules in the layers of apps/api/module-graph.cjs (rules made below)
//                    <-  apps/web: app (app/, main.tsx, entry-server.tsx) -> pages -> features -> components, lib
//
// A feature is a folder of apps/web/src/features/. Other code reaches it only through its entries:
// index.ts, and lazy.ts for the parts it loads on demand (dynamic imports stay out of index.ts, or every
// chunk importing the barrel would import those chunks too). Inside a feature, any relative import goes.
// features/admin is one feature: its sub-folders (dashboard, raffles, users, shared, api, ...) are the
// tabs of one admin screen and the helpers only they use, so they import each other freely and the admin
// pages use features/admin/index.ts.

const WEB = "^apps/web/src/";
const API = "^apps/api/src/";
const API_TEST = "\\.test\\.ts$";
const graph = require("./apps/api/module-graph.cjs");
const APP_LAYER = `${WEB}(app/|main\\.tsx$|entry-server\\.tsx$)`;

/**
 * The API's walls (docs/decisions/0026-api-module-walls.md), made from apps/api/module-graph.cjs. Tests may
 * reach into any module (they set up what they check), so the rules look at production files only; type-only
 * imports count as any other.
 */
function apiRules() {
  const features = graph.modules.filter(graph.isFeature);
  const outsider = (module) => ({ path: API, pathNot: [graph.pathOf(module), API_TEST] });
  return [
    ...graph.modules.map((module) => ({
      name: "api-module-layers",
      comment: `${module} imports only the modules below it in apps/api/module-graph.cjs (and its listed same-layer edges).`,
      severity: "error",
      from: { path: graph.pathOf(module), pathNot: API_TEST },
      to: { path: API, pathNot: [graph.pathOf(module), ...graph.allowedTargets(module).map(graph.pathOf)] },
    })),
    ...features.map((module) => ({
      name: "api-module-through-its-entry",
      comment: `Other modules reach ${module} only through its index.ts.`,
      severity: "error",
      from: outsider(module),
      to: {
        path: graph.pathOf(module),
        pathNot: [
          `${graph.pathOf(module)}index\\.ts$`,
          ...(graph.entryPending.includes(module) ? [API] : []),
        ],
      },
    })),
    ...features.map((module) => ({
      name: "api-repository-private",
      comment: `${module}'s repository (its SQL) is for ${module} only; others use what its index.ts exports.`,
      severity: "error",
      from: {
        path: API,
        pathNot: [
          graph.pathOf(module),
          API_TEST,
          ...graph.repositoryReaders
            .filter((reader) => reader.to === module)
            .map((reader) => `^${reader.from}$`),
        ],
      },
      to: {
        // repository.ts and its topic files (list-repository.ts, hold-history-repository.ts), in the module or a sub-folder of it.
        path: [
          `${graph.pathOf(module)}[a-z-]*repository\\.ts$`,
          `${graph.pathOf(module)}[^/]+/[a-z-]*repository\\.ts$`,
        ],
      },
    })),
    {
      name: "api-no-circular",
      comment: "No import cycle among the API's files either, type-only imports included.",
      severity: "error",
      from: { path: API },
      to: { circular: true },
    },
  ];
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "shared-imports-no-app",
      comment: "packages/shared holds the rules both apps follow; it cannot depend on either app.",
      severity: "error",
      from: { path: "^packages/shared/" },
      to: { path: "^apps/" },
    },
    {
      name: "api-web-apart",
      comment: "The API and the web app share code only through packages/shared.",
      severity: "error",
      from: { path: "^apps/api/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "web-api-apart",
      comment: "The API and the web app share code only through packages/shared.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^apps/api/" },
    },
    {
      name: "web-no-shared-root",
      comment:
        "The root index of @rifazo/shared re-exports every schema (and zod with them) into the home " +
        "page; import a subpath such as @rifazo/shared/constants.",
      severity: "error",
      from: { path: "^apps/web/" },
      to: { path: "^packages/shared/src/index\\.ts$" },
    },
    {
      name: "web-claim-texts-only",
      comment:
        "Pages write fairness claims from @rifazo/shared/fairness-texts; the register of the tests " +
        "that prove them (fairness-claims, fairness-proofs) is for tests, not for every page's download; " +
        "nor do the shared rules the web imports reach it.",
      severity: "error",
      from: { path: "^(apps/web/src/|packages/shared/src/(domain|schemas)/)", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^packages/shared/src/fairness-(claims|proofs)\\.ts$" },
    },
    {
      name: "web-page-error-messages",
      comment:
        "The web words only the messages of @rifazo/shared/page-errors itself; the server words the rest. " +
        "The whole catalogue (@rifazo/shared/errors, hundreds of messages) is for the admin and vendedor " +
        "areas, not for a public page's download; other code imports its types only.",
      severity: "error",
      from: {
        path: "^(apps/web/src/|packages/shared/src/(domain|schemas)/)",
        pathNot: `\\.test\\.tsx?$|${WEB}features/(admin|sellers)/|${WEB}features/auth/components/admin-guard\\.tsx$|^packages/shared/src/schemas/(admin|sellers)`,
      },
      to: { path: "^packages/shared/src/errors\\.ts$", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "components-lib-below-features",
      comment:
        "components/ and lib/ are the bottom of the web app: they import no feature, page or app code.",
      severity: "error",
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(features|pages)/|${APP_LAYER}` },
    },
    {
      name: "features-below-pages",
      comment: "Features are composed by pages and the app shell, never the other way round.",
      severity: "error",
      from: { path: `${WEB}features/` },
      to: { path: `${WEB}pages/|${APP_LAYER}` },
    },
    {
      name: "pages-below-app",
      comment: "The app shell (routes, layout) composes pages; pages do not import it.",
      severity: "error",
      from: { path: `${WEB}pages/` },
      to: { path: APP_LAYER },
    },
    {
      name: "feature-through-its-entry",
      comment: "Another feature is reached only through its index.ts (or lazy.ts for its code-split parts).",
      severity: "error",
      from: { path: `${WEB}features/([^/]+)/` },
      to: {
        path: `${WEB}features/`,
        pathNot: [`${WEB}features/$1/`, `${WEB}features/[^/]+/(index|lazy)\\.ts$`],
      },
    },
    {
      name: "feature-entry-from-outside",
      comment: "Pages and the app shell reach a feature only through its index.ts (or lazy.ts).",
      severity: "error",
      from: { path: WEB, pathNot: `${WEB}features/` },
      to: { path: `${WEB}features/`, pathNot: `${WEB}features/[^/]+/(index|lazy)\\.ts$` },
    },
    {
      name: "no-circular",
      comment:
        "Circular imports make the load order (and what a chunk drags in) depend on who imports first.",
      severity: "error",
      from: { pathNot: API },
      to: { circular: true },
    },
    ...apiRules(),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(dist|node_modules)/" },
    // Type-only imports count too: a type from another layer is a dependency on it all the same.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: `${__dirname}/apps/web/tsconfig.json` },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts", ".json"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
