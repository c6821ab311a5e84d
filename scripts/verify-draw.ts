// Verifies a Rifazo draw with the same shared code the site uses: a record ("acta", format
// rifazo-record-3 or rifazo-record-1: hash chain, frozen list, drand round and BLS signature, the proof
// the round was in the future, winners, blind replacements, external results, the prizes after the
// draw, the instant prizes decided while it sold) or a v1 transcript (rifazo-draw-v1). docs/draw-protocol.md describes them all.
//
//   npm run verify-draw -- acta.json                          a downloaded record or v1 transcript
//   npm run verify-draw -- https://rifazo.example/rifas/<id>  a raffle (or /sorteo/<id>) page
//   npm run verify-draw -- --all https://rifazo.example       every draw the site has published
//   npm run verify-draw -- acta.json --earlier copia.json     also: a copy taken earlier is a prefix
//                                                             of this record (nothing rewritten)
//   npm run verify-draw -- acta.json --checkpoint rifazo-cp-1:…  also: the record extends the checkpoint
//                                                             of a receipt (repeatable; protocol §14)
//
// Exit code 0 when everything checks out (a record still waiting for its round counts as checked:
// what is pending is printed), 1 when any check fails or a source cannot be read.
import { readFile } from "node:fs/promises";
import {
  CheckpointFormatError,
  checkCheckpoint,
  checkpointsSummary,
  parseCheckpoint,
  type RecordCheckpoint,
} from "../packages/shared/src/domain/draw-checkpoint";
import {
  type AnyVerification,
  type DrawRecord,
  RECORD_FORMAT_V3,
  RECORD_STATUS_LABELS,
  verifyAny,
} from "../packages/shared/src/domain/draw-record";
import { INSTANT_PRIZE_LEVEL } from "../packages/shared/src/domain/instant-draw";
import { countText } from "../packages/shared/src/domain/plural";
import {
  PRIZE_DELIVERY_METHOD_LABELS,
  type PrizeDeliveryMethod,
  prizeStatusText,
} from "../packages/shared/src/domain/prizes";
import { formatTicketNumber } from "../packages/shared/src/domain/tickets";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

class HttpError extends Error {
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${url}: HTTP ${status}`);
  }
}

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new HttpError(url, response.status);
  return (await response.json()) as T;
}

/** The raffle's v2 record, or its v1 transcript when it has no record (a draw from before v2). */
async function fetchDraw(origin: string, raffleId: string): Promise<unknown> {
  try {
    return await fetchJson(`${origin}/api/raffles/${raffleId}/record`);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 404) throw error;
    return fetchJson(`${origin}/api/draws/${raffleId}/transcript`);
  }
}

async function load(source: string): Promise<unknown> {
  if (/^https?:\/\//.test(source)) {
    const url = new URL(source);
    if (url.pathname.startsWith("/api/")) return fetchJson(url.href);
    const id = url.pathname.match(UUID)?.[0];
    if (!id) throw new Error(`No encuentro el id de la rifa en ${source}`);
    return fetchDraw(url.origin, id);
  }
  return JSON.parse(await readFile(source, "utf8"));
}

/**
 * The raffle's size as its record publishes it (rules entry), so numbers print in its digits as the site
 * shows them; a v1 transcript does not carry it, so its numbers print in the protocol's 4 digits.
 */
function totalTicketsOf(json: unknown): number {
  const entries = (json as { entries?: Array<{ data?: { totalTickets?: unknown } }> } | null)?.entries;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const total = entry?.data?.totalTickets;
    if (typeof total === "number" && Number.isInteger(total) && total > 0) return total;
  }
  return 10_000;
}

function print(label: string, result: AnyVerification, totalTickets: number): void {
  const ticket = (n: number) => formatTicketNumber(n, totalTickets);
  const kind =
    result.format === RECORD_FORMAT_V3
      ? "acta v3"
      : result.format === "rifazo-record-1"
        ? "acta v2"
        : "sorteo v1";
  console.log(
    `\n${result.ok ? "✔ VERIFICADO" : "✘ NO COINCIDE"}  ${label} (${kind}, ${RECORD_STATUS_LABELS[result.status] ?? result.status})`,
  );
  for (const c of result.checks) {
    console.log(`  ${c.ok ? "✔" : "✘"} ${c.name}`);
    if (!c.ok) console.log(`      esperado: ${c.expected}\n      en el acta: ${c.actual}`);
  }
  for (const d of result.decisions ?? []) {
    const round = d.round === null ? "" : ` · ronda ${d.round} de drand`;
    const outcome =
      d.status === "pending"
        ? `reemplazo pendiente del sorteo de la ronda ${d.round}`
        : d.replacement
          ? `reemplazo: boleto ${ticket(d.replacement.ticketNumber)}`
          : "sin boletos para reemplazarlo";
    console.log(
      `  ⚑ Descalificado el boleto ${ticket(d.ticketNumber)} (nivel ${d.level} #${d.index + 1}): ${d.reasonText}${round} → ${outcome}`,
    );
  }
  for (const warning of result.warnings) console.log(`  ⚠ ${warning}`);
  for (const pending of result.pending) console.log(`  … Pendiente: ${pending}`);
  if (result.ok && result.winners.length > 0) {
    console.log("  Ganadores:");
    for (const w of result.winners) {
      const tag = "tag" in w ? `  marca ${w.tag}` : "";
      console.log(
        `    Nivel ${w.level} #${w.index + 1}: boleto ${ticket(w.ticketNumber)} (${w.description})${tag}`,
      );
    }
  }
  printInstant(result, ticket);
  printPrizes(result, ticket);
}

/** Decision 0035: the instant prizes decided so far (verified), and what is left. */
function printInstant(result: AnyVerification, ticket: (n: number) => string): void {
  const instant = result.instant;
  if (!result.ok || !instant || instant.total === 0) return;
  const won = instant.total - instant.left;
  console.log(
    `  Premios instantáneos: ${won} de ${countText(instant.total, "premio", "premios")} ganados; ${countText(instant.left, "queda", "quedan")} por ganar.`,
  );
  for (const w of instant.wins) {
    console.log(
      `    Boleto ${ticket(w.ticketNumber)}: ${w.description} (premio instantáneo ${w.index + 1}, decidido en la entrada ${w.drawSeq})`,
    );
  }
}

/** Decision 0035: each prize's verified status, once the record holds a claim. */
function printPrizes(result: AnyVerification, ticket: (n: number) => string): void {
  const prizes = result.ok ? (result.prizes ?? []) : [];
  if (!prizes.some((p) => p.claimedAt !== null)) return;
  console.log("  Premios:");
  for (const p of prizes) {
    const method = p.method
      ? ` · ${PRIZE_DELIVERY_METHOD_LABELS[p.method as PrizeDeliveryMethod] ?? p.method}`
      : "";
    const proof = p.proofHash ? ` · prueba SHA-256 ${p.proofHash}` : "";
    const place =
      p.level === INSTANT_PRIZE_LEVEL
        ? `Premio instantáneo ${p.index + 1}`
        : `Nivel ${p.level} #${p.index + 1}`;
    console.log(`    ${place}, boleto ${ticket(p.ticketNumber)}: ${prizeStatusText(p)}${method}${proof}`);
  }
}

/**
 * A copy of the record taken earlier must be a prefix of it, entry for entry (same seq and hash): a
 * record rebuilt from an earlier point differs from every copy taken before (protocol §11.3).
 */
function checkEarlier(current: unknown, earlier: unknown): string | null {
  const a = current as Partial<DrawRecord>;
  const b = earlier as Partial<DrawRecord>;
  if (!Array.isArray(a?.entries) || !Array.isArray(b?.entries)) return "la copia anterior no es un acta";
  if (a.raffleId !== b.raffleId) return `la copia anterior es de otra rifa (${String(b.raffleId)})`;
  if (b.entries.length > a.entries.length)
    return `la copia anterior tiene ${b.entries.length} entradas y el acta solo ${a.entries.length}: se borraron entradas`;
  for (const [i, e] of b.entries.entries()) {
    if (e?.hash !== a.entries[i]?.hash)
      return `la entrada ${i} cambió desde la copia anterior (huella ${String(e?.hash)} → ${String(a.entries[i]?.hash)})`;
  }
  return null;
}

async function check(
  label: string,
  json: unknown,
  earlier?: unknown,
  checkpoints: readonly RecordCheckpoint[] = [],
): Promise<boolean> {
  try {
    const result = await verifyAny(json);
    print(label, result, totalTicketsOf(json));
    let ok = result.ok;
    if (earlier !== undefined) {
      const problem = checkEarlier(json, earlier);
      console.log(
        problem
          ? `  ✘ Coincide con la copia anterior: ${problem}`
          : `  ✔ Coincide con la copia anterior (${(earlier as DrawRecord).entries.length} entradas sin cambios)`,
      );
      ok = ok && problem === null;
    }
    if (checkpoints.length > 0) {
      // A v1 transcript has no entries: every checkpoint is then reported as not extended.
      const results = checkpoints.map((cp) => checkCheckpoint(json as DrawRecord, cp));
      for (const r of results) console.log(`  ${r.ok ? "✔" : "✘"} ${r.text}`);
      console.log(`  ${results.every((r) => r.ok) ? "✔" : "✘"} ${checkpointsSummary(results)}`);
      ok = ok && results.every((r) => r.ok);
    }
    return ok;
  } catch (error) {
    console.log(`\n✘ NO SE PUDO VERIFICAR  ${label}\n  ${(error as Error).message}`);
    return false;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  let earlier: unknown;
  const e = args.indexOf("--earlier");
  if (e >= 0) {
    const source = args[e + 1];
    if (!source) {
      console.error("Uso: --earlier <copia anterior del acta (archivo o URL)>");
      return 1;
    }
    args.splice(e, 2);
    try {
      earlier = await load(source);
    } catch (error) {
      console.log(`\n✘ NO SE PUDO LEER  ${source}\n  ${(error as Error).message}`);
      return 1;
    }
  }
  const checkpoints: RecordCheckpoint[] = [];
  for (let c = args.indexOf("--checkpoint"); c >= 0; c = args.indexOf("--checkpoint")) {
    const text = args[c + 1];
    if (!text) {
      console.error("Uso: --checkpoint rifazo-cp-1:<id de la rifa>:<entradas>:<huella>:<ronda> (del recibo)");
      return 1;
    }
    args.splice(c, 2);
    try {
      checkpoints.push(parseCheckpoint(text));
    } catch (error) {
      if (!(error instanceof CheckpointFormatError)) throw error;
      console.log(`\n✘ ${error.message}`);
      return 1;
    }
  }
  if (args.length === 0) {
    console.error("Uso: npm run verify-draw -- <acta.json | URL de la rifa> | --all <URL del sitio>");
    return 1;
  }
  let ok = true;
  if (args[0] === "--all") {
    const base = new URL(args[1] ?? "http://localhost:3000").origin;
    const draws = await fetchJson<Array<{ raffleId: string; title: string; recordUrl?: string | null }>>(
      `${base}/api/draws`,
    );
    if (draws.length === 0) console.log("El sitio no ha publicado sorteos todavía.");
    for (const d of draws) {
      const json = d.recordUrl
        ? await fetchJson(new URL(d.recordUrl, base).href)
        : await fetchDraw(base, d.raffleId);
      ok = (await check(`${d.title} (${d.raffleId})`, json)) && ok;
    }
    console.log(`\n${draws.length} sorteo(s) revisado(s).`);
  } else {
    for (const source of args) {
      let json: unknown;
      try {
        json = await load(source);
      } catch (error) {
        console.log(`\n✘ NO SE PUDO LEER  ${source}\n  ${(error as Error).message}`);
        ok = false;
        continue;
      }
      ok = (await check(source, json, earlier, checkpoints)) && ok;
    }
  }
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`Error: ${(error as Error).message}`);
    process.exit(1);
  },
);
