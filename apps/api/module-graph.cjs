// The API's module graph, written once (docs/decisions/0026-api-module-walls.md). .dependency-cruiser.cjs
// makes its rules from it and scripts/api-module-graph.mjs draws README's diagram from it.
//
// A module is a folder of apps/api/src/modules/ (admin with all its sub-folders is one module, as the web's
// features/admin is: its tabs import each other freely), or one of src/'s own pieces: config.ts,
// context.ts, db/, lib/, app.ts, bootstrap.ts, server.ts and seed/. Layers go bottom to top: a module
// imports the modules of the layers below it, and of its own layer only along `sameLayer`'s edges (acyclic).

/** Bottom first. */
const layers = [
  {
    name: "foundation",
    comment: "Configuration, the database and the toolbox every module uses.",
    modules: ["config", "db", "lib"],
  },
  {
    name: "platform",
    comment:
      "Services without rules of their own: the event bus, mail, files, the audit log, the points ledger, the job scheduler.",
    modules: ["events", "email", "files", "audit", "points", "jobs"],
  },
  { name: "identity", comment: "Sessions, guards and the admin route helpers.", modules: ["auth"] },
  {
    name: "context",
    comment: "The AppContext every module receives (built on auth, mail, bus, files).",
    modules: ["context"],
  },
  {
    name: "accounts",
    comment:
      "Features that only need the platform: notifications, settings, profile, club, contact and friends.",
    modules: [
      "notifications",
      "settings",
      "profile",
      "contact",
      "club",
      "analytics",
      "proof-analysis",
      "images",
      "content",
    ],
  },
  {
    name: "raffle state",
    comment:
      "The raffle's state machine core: advance under the row lock; what each step does to the sales is lifecycle's, registered at start.",
    modules: ["raffle-state"],
  },
  {
    name: "sales",
    comment:
      "Reservations, the draw and its record, the prizes after it, refunds, the vendedores and their commissions.",
    modules: ["purchases", "refunds", "draws", "prizes", "sellers"],
  },
  {
    name: "lifecycle",
    comment:
      "The raffle's transitions and the sweep: what each step does to the sales, the organiser's actions.",
    modules: ["lifecycle"],
  },
  {
    name: "catalogue",
    comment: "What buyers see and send (raffles, proofs, receipts) and the bank reconciliation.",
    modules: ["raffles", "favorites", "receipts", "proofs", "health", "reconciliation"],
  },
  {
    name: "admin",
    comment: "The administration (every /api/admin area but reconciliation's).",
    modules: ["admin"],
  },
  {
    name: "field sales",
    comment:
      "A vendedor's recorded sales: held by the sales' rules and, in cash, approved by the administration's approval.",
    modules: ["seller-sales"],
  },
  {
    name: "shell",
    comment: "The app: routes, start-up, the process, the demo seed.",
    modules: ["app", "bootstrap", "server", "seed"],
  },
];

/** Allowed imports inside one layer, [from, to]; together with the layers they form no cycle. */
const sameLayer = [
  ["db", "config"],
  ["lib", "config"],
  ["lib", "db"],
  ["club", "notifications"],
  ["refunds", "purchases"],
  ["refunds", "sellers"],
  ["prizes", "draws"],
  ["proofs", "raffles"],
  ["receipts", "raffles"],
  ["favorites", "raffles"],
  ["server", "bootstrap"],
  ["bootstrap", "app"],
  ["bootstrap", "seed"],
];

/**
 * Upward imports still in the code, each with its reason: none any more (an allow-list that only shrinks).
 * They are the rules' only exceptions; the graph above is what the code is.
 */
const knownUpward = [];

/**
 * Files allowed to read another module's repository.ts: none any more (an allow-list that only shrinks). A
 * query another module needs is exported from its owner's index.ts.
 */
const repositoryReaders = [];

/** Feature modules still reached by file: none any more (an allow-list that only shrinks). */
const entryPending = [];

/** Where a module's files are, relative to the repository root (a regular expression). */
function pathOf(module) {
  const api = "apps/api/src/";
  if (["config", "context", "app", "bootstrap", "server"].includes(module)) return `^${api}${module}\\.ts$`;
  if (["db", "lib", "seed"].includes(module)) return `^${api}${module}/`;
  return `^${api}modules/${module}/`;
}

/** Modules reached only through their index.ts: the feature modules (db/ and lib/ are toolboxes). */
const isFeature = (module) => pathOf(module).includes("/modules/");

const layerOf = new Map(layers.flatMap((layer, index) => layer.modules.map((module) => [module, index])));

/** The modules `module` may import (not itself). */
function allowedTargets(module) {
  const level = layerOf.get(module);
  const same = sameLayer.filter(([from]) => from === module).map(([, to]) => to);
  const upward = knownUpward.filter((edge) => edge.from === module).map((edge) => edge.to);
  return layers
    .slice(0, level)
    .flatMap((layer) => layer.modules)
    .concat(same, upward);
}

const modules = layers.flatMap((layer) => layer.modules);

module.exports = {
  layers,
  sameLayer,
  knownUpward,
  repositoryReaders,
  entryPending,
  modules,
  pathOf,
  isFeature,
  allowedTargets,
  layerOf,
};
