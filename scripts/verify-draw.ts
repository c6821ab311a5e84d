// Recomputes a Rifazo draw from its public transcript with the same shared function the site uses.
//
//   npm run verify-draw -- sorteo.json                         a downloaded transcript
//   npm run verify-draw -- https://rifazo.example/rifas/<id>   a raffle (or /sorteo/<id>) page
//   npm run verify-draw -- --all https://rifazo.example        every draw the site has published
//
// Exit code 0 when every transcript checks out, 1 when any does not (or cannot be read).
import { readFile } from "node:fs/promises";
import { type DrawTranscript, verifyTranscript } from "../packages/shared/src/domain/draw-engine";

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function fetchJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { headers: { accept: "application/json" } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

async function load(source: string): Promise<DrawTranscript> {
  if (/^https?:\/\//.test(source)) {
    const url = new URL(source);
    const id = url.pathname.match(UUID)?.[0];
    if (!id) throw new Error(`No encuentro el id de la rifa en ${source}`);
    return fetchJson<DrawTranscript>(`${url.origin}/api/draws/${id}/transcript`);
  }
  return JSON.parse(await readFile(source, "utf8")) as DrawTranscript;
}

async function check(label: string, transcript: DrawTranscript): Promise<boolean> {
  const result = await verifyTranscript(transcript);
  console.log(`\n${result.ok ? "✔ VERIFICADO" : "✘ NO COINCIDE"}  ${label}`);
  for (const c of result.checks) {
    console.log(`  ${c.ok ? "✔" : "✘"} ${c.name}`);
    if (!c.ok) console.log(`      esperado: ${c.expected}\n      en el acta: ${c.actual}`);
  }
  return result.ok;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0) {
    console.error("Uso: npm run verify-draw -- <acta.json | URL de la rifa> | --all <URL del sitio>");
    return 1;
  }
  let ok = true;
  if (args[0] === "--all") {
    const base = new URL(args[1] ?? "http://localhost:3000").origin;
    const draws = await fetchJson<Array<{ raffleId: string; title: string }>>(`${base}/api/draws`);
    if (draws.length === 0) console.log("El sitio no ha publicado sorteos todavía.");
    for (const d of draws) {
      const transcript = await fetchJson<DrawTranscript>(`${base}/api/draws/${d.raffleId}/transcript`);
      ok = (await check(`${d.title} (${d.raffleId})`, transcript)) && ok;
    }
    console.log(`\n${draws.length} sorteo(s) revisado(s).`);
  } else {
    for (const source of args) ok = (await check(source, await load(source))) && ok;
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
