// `npm run bench`: the speed goals of docs/benchmarks.md, measured side by side in one run and compared as ratios (absolute
// figures drift with the machine and with whatever else runs on it). Parts, in scripts/bench/:
//   api        public catalogue on PostgreSQL vs a bare node:http + pg handler running the same SQL
//   approvals  proofs approved per second on PostgreSQL and PGlite, then the sale invariants
//   pool       10 000-ticket pool generation, draw engine, full server-side draw (both databases)
//   web        scripts/bench-web.mjs (JS per public route + Lighthouse), when it exists
//   flash      flash sale: visitors under load while 200 proofs are uploaded and approved
//   race       1 000 buyers racing for the last 100 numbers of a chosen-mode raffle (PostgreSQL only)
//   reconciliation  a 5 000-movement bank export against 1 000 pending proofs: import, match, bulk approve
//   ocr        receipts drawn with known values read by the proof analysis' OCR: accuracy, time, memory
//   admin-screens  "Hoy" and the proofs inbox (first page, filters, pending count) on the demo data and with
//              100 000 proofs more, on both databases: median and spread of 7 calls, with the load average
//   hoarding   6 hoarding accounts against honest buyers over simulated time (decision 0019): the share of
//              what honest buyers ask for that they get, and how long any hoarder keeps a hold
//   sellers    50 vendedores syncing 2 000 sales saved without signal while 500 buyers reserve (decision
//              0034): latency of each sync request, conflicts resolved, refusals, and the invariants in SQL
// Options: --only=api,flash (any of the above), --quick (shorter windows, for a smoke run), --skip-web,
// --connections=N (flash visitors, default 200), --no-build (measure dist/ as it is, even if stale),
// --dry-run (print only; docs/benchmarks.md is left untouched).
// Environment: BENCH_PG_URL (PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_NOTE (a note line for the entry), BENCH_NODE_ARGS (node flags for the measured API servers, e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof"), RUNS (Lighthouse runs per route, passed to bench-web).
// Prints every figure with its goal and its ratio to the limit, updates the current-figures table at the top of
// docs/benchmarks.md and appends a dated entry below it (scripts/lib/benchmarks-doc.mjs), removes every process,
// folder and database it created, and exits 0 even when a
// goal is missed (MISSED marks it); 1 only when a part itself could not run.
import os from "node:os";
import path from "node:path";
import { runAdminScreens } from "./bench/admin-screens.mjs";
import { runApi } from "./bench/api.mjs";
import { runDbParts } from "./bench/db-parts.mjs";
import { runFlash } from "./bench/flash.mjs";
import { runHoarding } from "./bench/hoarding.mjs";
import { cleanupAll, figure, postgresAvailable, root, status } from "./bench/lib.mjs";
import { runOcr } from "./bench/ocr.mjs";
import { runRace } from "./bench/race.mjs";
import { runReconciliation } from "./bench/reconciliation.mjs";
import { runSellers, SELLERS_TITLE } from "./bench/sellers.mjs";
import { runWeb } from "./bench/web.mjs";
import { recordBenchmarks } from "./lib/benchmarks-doc.mjs";
import { ensureBuilt } from "./lib/build.mjs";

const PARTS = [
  "api",
  "approvals",
  "pool",
  "web",
  "flash",
  "race",
  "reconciliation",
  "ocr",
  "hoarding",
  "admin-screens",
  "sellers",
];

const argv = process.argv.slice(2);
const option = (name) => argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const quick = argv.includes("--quick");
const only = option("only")
  ?.split(",")
  .map((part) => part.trim())
  .filter(Boolean);
const unknown = (only ?? []).filter((part) => !PARTS.includes(part));
if (unknown.length > 0) {
  console.error(`bench: parte desconocida: ${unknown.join(", ")} (partes: ${PARTS.join(", ")})`);
  process.exit(2);
}
const selected = new Set(only ?? PARTS);
if (argv.includes("--skip-web")) selected.delete("web");
const connections = Number(option("connections") ?? 200);

const loadBefore = os.loadavg()[0];
const started = performance.now();
const needsBuild = ["api", "flash", "sellers"].some((p) => selected.has(p));
if (needsBuild && !argv.includes("--no-build")) ensureBuilt();

const pgVersion = await postgresAvailable();
const sections = [];
let crashed = false;

/** Runs one part; a crash becomes a MISSED line in its section instead of ending the whole run. */
async function part(title, fn) {
  const t0 = performance.now();
  try {
    const result = await fn();
    const list = Array.isArray(result) ? result : [result];
    const seconds = Math.round((performance.now() - t0) / 1000);
    // Parts measured together in one process share their time.
    const together = list.map((section) => section.title.split(".")[0]).join(" y ");
    for (const section of list) {
      section.took = list.length > 1 ? `${together} juntas: ${seconds} s` : `${seconds} s`;
      sections.push(section);
    }
  } catch (error) {
    crashed = true;
    console.error(`bench: ${title} falló:`, error);
    sections.push({
      title,
      notes: ["```", String(error?.stack ?? error).slice(0, 3000), "```"],
      figures: [
        figure("La parte no pudo ejecutarse", String(error?.message ?? error).split("\n")[0], { ok: false }),
      ],
    });
  }
}

const needsPostgres = (title) => ({
  title,
  notes: [
    "PostgreSQL no responde en BENCH_PG_URL (postgres://postgres@127.0.0.1:5432 por defecto): se omite.",
  ],
  figures: [],
});

try {
  if (selected.has("api")) {
    const title = "1. API pública sobre PostgreSQL frente a un manejador node:http + pg";
    await part(title, () => (pgVersion ? runApi({ quick }) : needsPostgres(title)));
  }
  const dbParts = ["approvals", "pool"].filter((p) => selected.has(p));
  if (dbParts.length > 0) {
    await part("2/3. Aprobaciones, lote y sorteo", () =>
      runDbParts({ parts: dbParts, quick, hasPostgres: Boolean(pgVersion) }),
    );
  }
  if (selected.has("flash")) {
    const title = "5. Venta relámpago sobre PostgreSQL";
    await part(title, () => (pgVersion ? runFlash({ quick, connections }) : needsPostgres(title)));
  }
  if (selected.has("race")) {
    const title = "6. Carrera por los últimos 100 números sobre PostgreSQL";
    await part(title, () => (pgVersion ? runRace({ quick }) : needsPostgres(title)));
  }
  if (selected.has("reconciliation")) {
    await part("7. Conciliación con el extracto del banco", () =>
      runReconciliation({ quick, hasPostgres: Boolean(pgVersion) }),
    );
  }
  if (selected.has("ocr")) await part("8. Lectura de comprobantes (OCR)", () => runOcr({ quick }));
  if (selected.has("hoarding")) {
    await part("9. Acaparamiento de reservas (tiempo simulado)", () => runHoarding({ quick }));
  }
  if (selected.has("admin-screens")) {
    await part("10. Pantallas del organizador: Hoy y Comprobantes", () =>
      runAdminScreens({ quick, hasPostgres: Boolean(pgVersion) }),
    );
  }
  if (selected.has("sellers")) {
    await part(SELLERS_TITLE, () => (pgVersion ? runSellers({ quick }) : needsPostgres(SELLERS_TITLE)));
  }
  if (selected.has("web")) await part("4. Web", () => runWeb({ quick }));
} finally {
  await cleanupAll();
}
if (!selected.has("web") && !only) {
  sections.push({ title: "4. Web", notes: ["Omitida con --skip-web."], figures: [] });
}
sections.sort((a, b) => a.title.localeCompare(b.title, "es", { numeric: true }));

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const seconds = (performance.now() - started) / 1000;
const loadAfter = os.loadavg()[0];
const cpus = os.cpus();
const date = new Date()
  .toISOString()
  .replace("T", " ")
  .replace(/\.\d+Z$/, " UTC");
const flags = [
  quick ? "--quick" : "",
  only ? `--only=${only.join(",")}` : "",
  argv.includes("--skip-web") ? "--skip-web" : "",
]
  .filter(Boolean)
  .join(" ");
const missed = sections.flatMap((s) =>
  s.figures.filter((f) => f.ok === false).map((f) => `${s.title.split(" ")[0]} ${f.label}: ${f.value}`),
);

const cell = (text) => String(text).replaceAll("|", "\\|");
const markdown = [
  "",
  `## ${date} — npm run bench${flags ? ` ${flags}` : ""}`,
  "",
  `- Máquina: **${cpus.length} núcleos** (${cpus[0]?.model.trim() ?? "CPU desconocida"}), ${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ` +
    `${os.platform()} ${os.release()}, Node ${process.version}, PostgreSQL ${pgVersion ?? "no disponible"}`,
  `- Carga media (1 min): ${loadBefore.toFixed(2)} al empezar, ${loadAfter.toFixed(2)} al terminar; duración ${Math.round(seconds)} s`,
  ...(process.env.BENCH_NOTE ? [`- Nota: ${process.env.BENCH_NOTE}`] : []),
  "- Generador de carga, servidores y bases de datos comparten la misma máquina; por eso los objetivos se expresan como relaciones.",
];
for (const section of sections) {
  markdown.push("", `### ${section.title}${section.took ? ` (${section.took})` : ""}`, "");
  for (const note of section.notes)
    markdown.push(note.startsWith("```") || note.startsWith("Fallo") ? note : `- ${note}`);
  if (section.notes.length) markdown.push("");
  if (section.figures.length) {
    markdown.push("| Medida | Valor | Objetivo | Relación con el límite | Estado |", "|---|---|---|---|---|");
    for (const f of section.figures) {
      markdown.push(
        `| ${cell(f.label)} | ${cell(f.value)} | ${cell(f.goal)} | ${cell(f.ratio)} | ${status(f.ok) ? `**${status(f.ok)}**` : ""} |`,
      );
    }
  }
  if (section.table) markdown.push("", ...section.table);
  if (section.markdown) markdown.push("", section.markdown);
}
markdown.push(
  "",
  missed.length
    ? `**MISSED (${missed.length}):** ${missed.join("; ")}.`
    : "**Todos los objetivos medidos se cumplen.**",
);

// Console: the same figures, aligned.
console.log(
  `\n=== npm run bench ${flags} — ${date}, ${cpus.length} núcleos, carga ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)}, ${Math.round(seconds)} s ===`,
);
for (const section of sections) {
  console.log(`\n${section.title}${section.took ? ` (${section.took})` : ""}`);
  for (const note of section.notes) console.log(`  · ${note}`);
  const width = Math.max(0, ...section.figures.map((f) => f.label.length));
  for (const f of section.figures) {
    const mark = status(f.ok).padEnd(6);
    const goal = f.goal ? `  objetivo ${f.goal}` : "";
    const ratio = f.ratio ? `  (${f.ratio})` : "";
    console.log(`  ${mark} ${f.label.padEnd(width)}  ${f.value}${goal}${ratio}`);
  }
  if (section.table) console.log(section.table.map((line) => `  ${line}`).join("\n"));
  if (section.markdown)
    console.log(
      section.markdown
        .split("\n")
        .map((line) => `  ${line}`)
        .join("\n"),
    );
}
console.log("");
if (missed.length) {
  console.log(`MISSED (${missed.length}):`);
  for (const item of missed) console.log(`  MISSED ${item}`);
} else console.log("Todos los objetivos medidos se cumplen.");

const file = path.join(root, "docs/benchmarks.md");
// Figures with a goal go to the current-figures table at the top, each with the command that measures it;
// a --quick run is a smoke run with shorter windows, so it stays in the history only.
const partOf = {
  1: "api",
  2: "approvals",
  3: "pool",
  5: "flash",
  6: "race",
  7: "reconciliation",
  8: "ocr",
  9: "hoarding",
  10: "admin-screens",
  11: "sellers",
};
const currentRows = (quick ? [] : sections).flatMap((section) => {
  const number = Number.parseInt(section.title, 10);
  const name = partOf[number];
  if (!name) return [];
  return section.figures
    .filter((f) => f.goal)
    .map((f) => ({
      what: `${number}. ${f.label}`,
      how: `\`npm run bench -- --only=${name}\``,
      value: f.value,
      goal: f.goal,
      ok: f.ok,
      date: date.slice(0, 10),
    }));
});
if (argv.includes("--dry-run")) {
  console.log(`\nbench: --dry-run: ${path.relative(root, file)} no se modificó`);
} else {
  recordBenchmarks(file, { rows: currentRows, entry: markdown.join("\n") });
  console.log(`\nbench: cifras actuales y entrada del historial escritas en ${path.relative(root, file)}`);
}
process.exit(crashed ? 1 : 0);
