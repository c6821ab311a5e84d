// Part "ocr": receipts drawn with known values (every style in every degraded variant) read by the proof
// analysis' OCR reader (scripts/bench/ocr.ts through tsx, in its own process so the memory measured is the
// OCR's): accuracy per field, seconds per proof, the first read (worker start and model load) and memory.
// The goals are this part's own: the issue asks for the figures, not for thresholds.
import { readFileSync } from "node:fs";
import path from "node:path";
import { figure, pct, percentile, root, spawnTracked, tempDir } from "./lib.mjs";

const GOALS = { accuracy: 0.9, wrong: 0.05, p95Seconds: 5, peakMiB: 768 };
const FIELDS = ["reference", "amount", "date", "bank"];
const FIELD_LABEL = { reference: "referencia", amount: "monto (con moneda)", date: "fecha", bank: "banco" };

async function measure({ count, concurrency }) {
  const dir = tempDir("rifazo-bench-ocr-");
  const out = path.join(dir, "result.json");
  const tsxCli = path.join(root, "node_modules/tsx/dist/cli.mjs");
  const child = spawnTracked(process.execPath, [
    tsxCli,
    "scripts/bench/ocr.ts",
    `--count=${count}`,
    `--concurrency=${concurrency}`,
    `--out=${out}`,
  ]);
  const timer = setTimeout(() => child.kill("SIGKILL"), 900_000);
  const code = await new Promise((resolve) => child.once("exit", (c, s) => resolve(c ?? s)));
  clearTimeout(timer);
  if (code !== 0) throw new Error(`ocr.ts terminó con ${code}:\n${child.output.slice(-4000)}`);
  return JSON.parse(readFileSync(out, "utf8"));
}

/** "escala 0.5, ruido σ 12, JPEG 50" from a ReceiptVariant. */
function variantText(variant) {
  const parts = [
    variant.scale ? `escala ${variant.scale}` : "",
    variant.rotate ? `girado ${variant.rotate}°` : "",
    variant.blur ? `desenfoque σ ${variant.blur}` : "",
    variant.noise ? `ruido σ ${variant.noise}` : "",
    variant.jpegQuality ? `JPEG ${variant.jpegQuality}` : "PNG",
  ].filter(Boolean);
  return `(${parts.join(", ")})`;
}

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;
const share = (results, field, kind) => results.filter((r) => r.outcomes[field] === kind).length;

/** "| a | b |" rows: right / wrong / not read per field, for each value of `key` (style or variant). */
function breakdown(results, key, heading) {
  const groups = [...new Set(results.map((r) => r[key]))];
  const lines = [
    `| ${heading} | Recibos | ${FIELDS.map((f) => FIELD_LABEL[f]).join(" | ")} | s/recibo (mediana) |`,
    `|---|---:|${FIELDS.map(() => "---:").join("|")}|---:|`,
  ];
  for (const group of groups) {
    const rows = results.filter((r) => r[key] === group);
    const cells = FIELDS.map((f) => `${share(rows, f, "right")}/${rows.length}`);
    lines.push(
      `| ${group} | ${rows.length} | ${cells.join(" | ")} | ${(
        percentile(
          rows.map((r) => r.ms),
          50,
        ) / 1000
      ).toFixed(2)} |`,
    );
  }
  return lines;
}

export async function runOcr({ quick }) {
  const count = quick ? 35 : 70;
  const result = await measure({ count, concurrency: 1 });
  const { results } = result;
  // The first read includes starting the worker: per-proof times are the others.
  const warm = results.slice(1).map((r) => r.ms);
  const p50 = percentile(warm, 50);
  const p95 = percentile(warm, 95);
  const figures = [];
  for (const field of FIELDS) {
    const right = share(results, field, "right");
    const wrong = share(results, field, "wrong");
    const missing = share(results, field, "missing");
    const accuracy = right / results.length;
    figures.push(
      figure(
        `Aciertos: ${FIELD_LABEL[field]}`,
        `${pct(accuracy)} (${right} de ${results.length}; ${wrong} leídos mal, ${missing} sin leer)`,
        {
          goal: `≥ ${pct(GOALS.accuracy)}, leídos mal ≤ ${pct(GOALS.wrong)}`,
          ratio: `${(accuracy / GOALS.accuracy).toFixed(2)}× del objetivo`,
          ok: accuracy >= GOALS.accuracy && wrong / results.length <= GOALS.wrong,
        },
      ),
    );
  }
  const flagged = results.filter((r) => r.flagged.length > 0);
  figures.push(
    figure(
      "Diferencias falsas en la bandeja (el comprador escribió lo verdadero)",
      `${flagged.length} de ${results.length} (${pct(flagged.length / results.length)})${
        flagged.length
          ? `: ${flagged.map((r) => `${r.style}/${r.variant} ${r.flagged.join("+")}`).join(", ")}`
          : ""
      }`,
      {
        goal: `≤ ${pct(GOALS.wrong)}`,
        ratio: `${(flagged.length / results.length / GOALS.wrong).toFixed(2)}× del límite`,
        ok: flagged.length / results.length <= GOALS.wrong,
      },
    ),
  );
  figures.push(
    figure("Segundos por comprobante p50 / p95 (1 worker)", `${seconds(p50)} / ${seconds(p95)}`, {
      goal: `p95 ≤ ${GOALS.p95Seconds} s`,
      ratio: `${(p95 / 1000 / GOALS.p95Seconds).toFixed(2)}× del límite`,
      ok: p95 / 1000 <= GOALS.p95Seconds,
    }),
    figure("Primera lectura (arranca el worker y carga el modelo spa)", seconds(result.firstMs)),
    figure(
      "Memoria residente del proceso: pico",
      `${Math.round(result.peakRssMiB)} MiB (antes del lector ${Math.round(result.rssBeforeMiB)} MiB; tras la primera lectura ${Math.round(result.rssOneWorkerMiB)} MiB)`,
      {
        goal: `≤ ${GOALS.peakMiB} MiB`,
        ratio: `${(result.peakRssMiB / GOALS.peakMiB).toFixed(2)}× del límite`,
        ok: result.peakRssMiB <= GOALS.peakMiB,
      },
    ),
    figure(
      `Dos workers: ${result.twoWorkers.count} comprobantes a la vez`,
      `${(result.twoWorkers.count / result.twoWorkers.seconds).toFixed(2)} comprobantes/s (con 1 worker ${(1000 / p50).toFixed(2)}/s); pico ${Math.round(result.twoWorkers.peakRssMiB)} MiB`,
    ),
  );
  const notes = [
    `${result.engine}, modelo LSTM "best_int" de @tesseract.js-data/spa leído de node_modules (sin descargas). ` +
      `${result.count} recibos dibujados con valores conocidos (apps/api/test/receipt-images.ts, semilla ${result.seed}): ` +
      `5 estilos (Pago Móvil BDV y Banesco, transferencia Mercantil, Zelle, Binance Pay con tema oscuro) × ${
        Object.keys(result.variants).length
      } variantes: ${Object.entries(result.variants)
        .map(([name, v]) => `${name} ${variantText(v)}`)
        .join("; ")}. ` +
      `Leídos de uno en uno con createOcrReader({ concurrency: ${result.concurrency} }) en ${result.totalSeconds.toFixed(1)} s.`,
    "«Leídos mal»: un valor distinto del verdadero; «sin leer»: null (no se marca nada). Las diferencias falsas cuentan lo que la bandeja marcaría " +
      "con ocrMismatches de @rifazo/shared (referencias comparadas por sus dígitos o sus últimos dígitos) si el comprador escribió los valores verdaderos. " +
      "Objetivos propios de esta parte. La memoria es la del proceso de medida (tsx, sharp, las imágenes y el worker).",
  ];
  const wrongs = results
    .flatMap((r) =>
      FIELDS.filter((f) => r.outcomes[f] === "wrong").map(
        (f) =>
          `${r.style}/${r.variant} ${f}: leído ${JSON.stringify(r.read[f])}, era ${JSON.stringify(r.truth[f])}`,
      ),
    )
    .slice(0, 12);
  if (wrongs.length) notes.push(`Lecturas equivocadas: ${wrongs.join("; ")}.`);
  return {
    title: "7. Lectura de comprobantes (OCR)",
    notes,
    figures,
    table: [...breakdown(results, "style", "Estilo"), "", ...breakdown(results, "variant", "Variante")],
  };
}
