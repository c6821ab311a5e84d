// `npm run lint` step: production files over 400 lines and functions over 80 lines fail, except the ones
// recorded in scripts/size-exceptions.json at their recorded size (they may shrink, never grow; each one's
// reason is in decision 0028, which a test holds to this file). Also fails on a comment citing an issue
// number: comments cite the spec or a decision record. `--update` rewrites the baseline; it never raises a recorded size.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import {
  checkSizes,
  describeFailure,
  findIssueCitations,
  LIMITS,
  measure,
  updatedBaseline,
} from "./lib/check-sizes.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const baselinePath =
  process.argv.find((a) => a.startsWith("--baseline="))?.slice("--baseline=".length) ??
  fileURLToPath(new URL("size-exceptions.json", import.meta.url));
const rootArg = process.argv.find((a) => a.startsWith("--root="))?.slice("--root=".length) ?? root;

let baseline = {};
try {
  baseline = JSON.parse(readFileSync(baselinePath, "utf8"));
} catch (error) {
  if (error.code !== "ENOENT") throw error;
}

const measured = measure(rootArg);
let failed = false;

if (process.argv.includes("--update")) {
  const next = updatedBaseline(measured, baseline);
  writeFileSync(baselinePath, `${JSON.stringify(next, null, 2)}\n`);
  console.log(
    `${baselinePath}: ${Object.keys(next.files).length} archivo(s) y ` +
      `${Object.values(next.functions).reduce((n, fns) => n + Object.keys(fns).length, 0)} función(es) registradas.`,
  );
} else {
  const failures = checkSizes(measured, baseline);
  if (failures.length === 0) {
    console.log(
      `Tamaños dentro de los límites (${LIMITS.fileLines} líneas por archivo, ${LIMITS.functionLines} por función) o de sus excepciones.`,
    );
  } else {
    failed = true;
    console.error(`${failures.length} archivo(s)/función(es) exceden su límite:`);
    for (const failure of failures) console.error(`  ${describeFailure(failure)}`);
    console.error("Divide el código; las excepciones de scripts/size-exceptions.json solo pueden bajar.");
  }
}

const citations = findIssueCitations(rootArg);
if (citations.length > 0) {
  failed = true;
  console.error(
    `${citations.length} comentario(s) citan un número de issue (citen la especificación o una decisión):`,
  );
  for (const { file, line, citation } of citations) console.error(`  ${file}:${line}: «${citation}»`);
}

if (failed) process.exit(1);
