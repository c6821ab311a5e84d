// Part "reconciliation": a bank export of 5 000 credits against 1 000 pending Pago Móvil proofs, through the
// admin API (scripts/bench/reconciliation.ts, in-process), on PostgreSQL (a fresh rifazo_bench_* database,
// dropped afterwards) and on PGlite: upload, import, reconciliation and bulk approval, each timed.
import { createPgDatabase, figure, ms, runInProcess } from "./lib.mjs";

/** The reconciliation screen answers at once; bulk approval of every clean match within a minute. */
const GOALS = { reconcileMs: 2_000, approveMs: 60_000 };
const LABEL = { postgres: "PostgreSQL", pglite: "PGlite" };

async function measure(kind, quick) {
  const sizes = quick ? ["--movements=1000", "--proofs=200"] : ["--movements=5000", "--proofs=1000"];
  const args = ["--parts=reconciliation", ...sizes];
  if (kind === "postgres") {
    const database = await createPgDatabase("reconciliation");
    try {
      return await runInProcess([...args, "--db=postgres", `--url=${database.url}`], { timeoutMs: 600_000 });
    } finally {
      await database.drop();
    }
  }
  return runInProcess([...args, "--db=pglite"], { timeoutMs: 600_000 });
}

export async function runReconciliation({ quick, hasPostgres }) {
  const figures = [];
  for (const kind of hasPostgres ? ["postgres", "pglite"] : ["pglite"]) {
    const r = (await measure(kind, quick)).reconciliation;
    const label = LABEL[kind];
    const size = `${r.movements} movimientos × ${r.proofs} comprobantes`;
    figures.push(
      figure(`${label}: subir el extracto (${r.movements} filas, lectura y detección)`, ms(r.uploadMs)),
      figure(`${label}: importar (una transacción)`, `${ms(r.importMs)} (${r.imported} movimientos nuevos)`),
      figure(
        `${label}: conciliar ${size} (primera / segunda llamada)`,
        `${ms(r.reconcileMs)} / ${ms(r.reconcileAgainMs)}`,
        {
          goal: `≤ ${ms(GOALS.reconcileMs)}`,
          ratio: `${(r.reconcileMs / GOALS.reconcileMs).toFixed(2)}× del límite`,
          ok: r.reconcileMs <= GOALS.reconcileMs,
        },
      ),
      figure(
        `${label}: resultado`,
        `${r.counts.matched} coinciden, ${r.counts.amount_differs} con monto distinto, ${r.counts.movement_used} con movimiento usado o disputado, ${r.counts.no_movement} sin movimiento`,
      ),
      figure(
        `${label}: aprobar en lote las coincidencias limpias (una transacción)`,
        `${ms(r.approveMs)} (${r.approved} aprobados, ${r.skipped} omitidos; ${(r.approved / (r.approveMs / 1000)).toFixed(1)}/s)`,
        {
          goal: `≤ ${ms(GOALS.approveMs)}`,
          ratio: `${(r.approveMs / GOALS.approveMs).toFixed(2)}× del límite`,
          ok: r.approveMs <= GOALS.approveMs,
        },
      ),
      figure(`${label}: aprobar de nuevo (nada cambia)`, ms(r.approveAgainMs)),
      ...r.invariants.map((inv) =>
        figure(`${label}: ${inv.name}`, inv.detail, { goal: "se cumple", ok: inv.ok }),
      ),
    );
  }
  return {
    title: "7. Conciliación con el extracto del banco",
    notes: [
      "Un CSV como lo da un banco venezolano (líneas de cuenta y período, encabezado, montos «1.194,56», línea de totales, UTF-8 con BOM, punto y coma) con 5 000 abonos, y 1 000 comprobantes de Pago Móvil pendientes en una rifa: el 80 % con la referencia completa, el 20 % con sus últimos 6 dígitos, 3 % con el monto 10 Bs distinto y 2 % sin movimiento. Todo por la API de administración (app.inject): subir, importar, GET /api/admin/reconciliation y POST /api/admin/reconciliation/approve con todas las coincidencias limpias.",
    ],
    figures,
  };
}
