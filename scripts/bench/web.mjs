// Part "web": runs scripts/bench-web.mjs (JavaScript per public route and Lighthouse, written separately) as
// a child process. It appends its own section to docs/benchmarks.md and prints the same text; that text is
// taken back out of the file and shown inside this run's section instead, so one `npm run bench` leaves
// one dated entry.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { figure, root, spawnTracked } from "./lib.mjs";

const script = path.join(root, "scripts/bench-web.mjs");
const docs = path.join(root, "docs/benchmarks.md");

/** bench-web's section as it printed it (it prints exactly what it appends to the docs). */
function printedSection(stdout) {
  const start = stdout.indexOf("## Web (npm run bench:web)");
  if (start < 0) return "";
  const ends = ["\nMISSED (", "\nbench:web: resultados"]
    .map((marker) => stdout.indexOf(marker, start))
    .filter((index) => index >= 0);
  return stdout.slice(start, ends.length ? Math.min(...ends) : undefined).trim();
}

/** Takes that section back out of docs/benchmarks.md (only that text; anything else in the file stays). */
function removeFromDocs(section) {
  if (!section || !existsSync(docs)) return;
  const text = readFileSync(docs, "utf8");
  const index = text.lastIndexOf(section);
  if (index < 0) return;
  let from = index;
  while (from > 0 && text[from - 1] === "\n" && text[from - 2] === "\n") from--;
  writeFileSync(docs, text.slice(0, from) + text.slice(index + section.length).replace(/^\n/, ""));
}

export async function runWeb({ quick }) {
  if (!existsSync(script)) {
    return {
      title: "4. Web",
      notes: ["scripts/bench-web.mjs no existe: se omite esta parte."],
      figures: [],
    };
  }
  // One Lighthouse run per route with --quick; otherwise bench-web's own default (RUNS, 3).
  const runs = process.env.RUNS ?? (quick ? "1" : undefined);
  console.log(`bench:web: scripts/bench-web.mjs${runs ? ` (RUNS=${runs})` : ""}...`);
  const child = spawnTracked(process.execPath, [script], {
    env: { ...process.env, ...(runs ? { RUNS: runs } : {}) },
  });
  let stdout = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
    for (const line of String(chunk).split("\n")) if (line.startsWith("bench:web:")) console.log(line);
  });
  const code = await new Promise((resolve) => child.once("exit", (c, s) => resolve(c ?? s)));
  const section = printedSection(stdout);
  removeFromDocs(section);

  if (code !== 0 || !section) {
    return {
      title: "4. Web (scripts/bench-web.mjs)",
      notes: [
        `scripts/bench-web.mjs terminó con código ${code}:`,
        "```",
        child.output.slice(-2000).trim(),
        "```",
      ],
      figures: [figure("bench-web", code !== 0 ? `falló (código ${code})` : "sin resumen", { ok: false })],
    };
  }
  // Its table and verdict, without its own heading (this run's heading and machine line cover it).
  const body = section
    .split("\n")
    .filter((line) => !line.startsWith("## "))
    .join("\n")
    .trim();
  const missed = /\*\*MISSED:\*\*\s*(.*?)\.?$/m.exec(body)?.[1];
  return {
    title: "4. Web (scripts/bench-web.mjs)",
    notes: [],
    markdown: body,
    figures: [
      figure(
        "Presupuestos de bench-web (JS de / comprimido, rendimiento y accesibilidad Lighthouse)",
        missed ?? "todos se cumplen",
        {
          goal: /^- Presupuestos: (.*)$/m.exec(body)?.[1] ?? "los de bench-web",
          ok: !missed,
        },
      ),
    ],
  };
}
