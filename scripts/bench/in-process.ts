// Entry point for the in-process parts of `npm run bench` (run through tsx by scripts/bench.mjs):
//   --db=postgres --url=postgres://...   a database the orchestrator created (and drops afterwards)
//   --db=pglite                           PGlite in memory
//   --parts=approvals,pool,race,hoarding,reconciliation,admin-screens | route-sql   what to measure
//   --extra=N --runs=R                    bulk proofs added and timed calls per request (admin-screens part)
//   --buyers=N                            buyers of the race for the last numbers (race part)
//   --hoarders=N --minutes=M              hoarding accounts and simulated minutes (hoarding part)
//   --movements=N --proofs=N              statement size and pending proofs (reconciliation part)
//   --proofs=N --concurrency=C --max-seconds=S --runs=R   sizes; --detail-id=UUID for route-sql
//   --engine=1                            also time the draw engine (pool part)
//   --data-dir=DIR                        DATA_DIR of the app (files, outbox); a temporary one otherwise
//   --out=FILE                            JSON result
import { writeFileSync } from "node:fs";
import { type AdminScreensResult, benchAdminScreens } from "./admin-screens";
import { type ApprovalsResult, benchApprovals } from "./approvals";
import { openHarness } from "./harness";
import { benchHoarding, type HoardingResult } from "./hoarding";
import { benchPool, type PoolResult } from "./pool";
import { benchRace, type RaceResult } from "./race";
import { benchReconciliation, type ReconciliationResult } from "./reconciliation";
import { captureRouteSql } from "./route-sql";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, "").split("=");
    return [key, value.join("=")];
  }),
) as Record<string, string | undefined>;

const parts = new Set((args.parts ?? "").split(",").filter(Boolean));
const out = args.out;
if (!out) throw new Error("falta --out");
const url = args.db === "postgres" ? args.url : undefined;
if (args.db === "postgres" && !url) throw new Error("falta --url");

const result: {
  approvals?: ApprovalsResult;
  pool?: PoolResult;
  race?: RaceResult;
  hoarding?: HoardingResult;
  reconciliation?: ReconciliationResult;
  adminScreens?: AdminScreensResult;
  routeSql?: unknown;
} = {};

if (parts.has("route-sql")) {
  if (!url || !args["detail-id"]) throw new Error("route-sql necesita --url y --detail-id");
  result.routeSql = await captureRouteSql(url, args["detail-id"]);
} else {
  const label = url ? "PostgreSQL" : "PGlite";
  const h = await openHarness(url, args["data-dir"]);
  try {
    if (parts.has("approvals")) {
      const proofs = Number(args.proofs ?? 200);
      const concurrency = Number(args.concurrency ?? 1);
      const maxSeconds = Number(args["max-seconds"] ?? 20);
      console.log(
        `bench: ${label}: aprobando hasta ${proofs} comprobantes (máx. ${maxSeconds} s) con ${concurrency} en paralelo...`,
      );
      result.approvals = await benchApprovals(h, { proofs, concurrency, buyers: 10, maxSeconds });
    }
    if (parts.has("race")) {
      const buyers = Number(args.buyers ?? 1000);
      const concurrency = Number(args.concurrency ?? 100);
      console.log(
        `bench: ${label}: ${buyers} compradores por los últimos 100 números (${concurrency} a la vez)...`,
      );
      result.race = await benchRace(h, { buyers, concurrency });
    }
    if (parts.has("hoarding")) {
      const hoarders = Number(args.hoarders ?? 6);
      const minutes = Number(args.minutes ?? 180);
      console.log(`bench: ${label}: ${hoarders} cuentas acaparadoras, ${minutes} minutos simulados...`);
      result.hoarding = await benchHoarding(h, {
        hoarders,
        minutes,
        totalTickets: 500,
        cap: 100,
        holdMinutes: 15,
        honestEveryMinutes: 2,
      });
    }
    if (parts.has("reconciliation")) {
      const movements = Number(args.movements ?? 5000);
      const proofs = Number(args.proofs ?? 1000);
      console.log(`bench: ${label}: conciliación de ${movements} movimientos × ${proofs} comprobantes...`);
      result.reconciliation = await benchReconciliation(h, { movements, proofs });
    }
    if (parts.has("admin-screens")) {
      const extra = Number(args.extra ?? 100_000);
      console.log(`bench: ${label}: pantallas Hoy y Comprobantes, demo y con ${extra} comprobantes más...`);
      result.adminScreens = await benchAdminScreens(h, {
        extra,
        runs: Number(args.runs ?? 7),
        buyers: Math.max(100, Math.round(extra / 20)),
        raffles: 40,
      });
    }
    if (parts.has("pool")) {
      console.log(`bench: ${label}: lote de 10 000 boletos y sorteo...`);
      result.pool = await benchPool(h, { runs: Number(args.runs ?? 5), engine: args.engine === "1" });
    }
  } finally {
    await h.close();
  }
}

writeFileSync(out, JSON.stringify(result));
// Timers of the app (mail worker retries, pools) must not keep the process alive once the result is out.
process.exit(0);
