// docs/benchmarks.md has two parts: a table of current figures at the top (one row per measured goal:
// what, how to run it, the latest value, its goal and state, and when it was measured) and the dated
// history below it. `npm run bench` and `npm run bench:web` call recordBenchmarks: the rows they measured
// replace the rows with the same "what" (the others keep their older value and date), rows are kept in
// the order of their "what", and the full entry is appended to the history.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const START = "<!-- current-figures:start -->";
export const END = "<!-- current-figures:end -->";
const HEADER = ["| Qué | Cómo se mide | Valor | Objetivo | Estado | Fecha |", "|---|---|---|---|---|---|"];
const INTRO = `# Benchmarks

## Cifras actuales

Última medida de cada objetivo (la tabla la actualizan \`npm run bench\` y \`npm run bench:web\`; cada
fila cambia solo cuando se vuelve a medir lo suyo). Debajo, el historial completo de cada ejecución.
Las máquinas de desarrollo son compartidas: compara relaciones más que cifras absolutas.

${START}
${HEADER.join("\n")}
${END}

## Historial
`;

const cell = (text) =>
  String(text ?? "")
    .replaceAll("|", "\\|")
    .replaceAll("\n", " ");

function splitRow(line) {
  // Cells are separated by "|" not preceded by a backslash.
  const cells = line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
  return cells;
}

/** Rows of the current-figures table in a document, in their order. */
export function readCurrentFigures(text) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return [];
  return text
    .slice(start + START.length, end)
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .slice(HEADER.length)
    .map(splitRow)
    .map(([what, how, value, goal, state, date]) => ({ what, how, value, goal, state, date }));
}

/**
 * Returns the document with `rows` merged into its current-figures table (same `what` replaced in place,
 * new ones appended) and `entry` appended to the history. A document without the table gets it.
 */
export function mergeBenchmarks(text, { rows, entry }) {
  let doc = text;
  if (!doc.includes(START)) {
    const history = doc.replace(/^# Benchmarks\s*\n/, "");
    doc = `${INTRO}\n${history.trimStart()}`;
  }
  const current = readCurrentFigures(doc);
  for (const row of rows) {
    const normalized = {
      what: cell(row.what),
      how: cell(row.how),
      value: cell(row.value),
      goal: cell(row.goal),
      state: row.ok === undefined ? "" : row.ok ? "ok" : "**MISSED**",
      date: cell(row.date),
    };
    const index = current.findIndex((r) => r.what === normalized.what);
    if (index >= 0) current[index] = normalized;
    else current.push(normalized);
  }
  // Numbered bench parts first, in their order, then the web pages.
  current.sort((a, b) => a.what.localeCompare(b.what, "es", { numeric: true }));
  const table = [
    ...HEADER,
    ...current.map((r) => `| ${r.what} | ${r.how} | ${r.value} | ${r.goal} | ${r.state} | ${r.date} |`),
  ].join("\n");
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  doc = `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`;
  if (entry) doc = `${doc.replace(/\n*$/, "\n")}${entry.replace(/^\n*/, "\n")}`;
  return doc.replace(/\n*$/, "\n");
}

/** Reads, merges and writes docs/benchmarks.md (creating it when missing). */
export function recordBenchmarks(file, { rows, entry }) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  writeFileSync(file, mergeBenchmarks(text, { rows, entry }));
}
