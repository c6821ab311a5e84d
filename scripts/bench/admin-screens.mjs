// Part "admin-screens": the organiser's "Hoy" and the proofs inbox ("Comprobantes") timed through the app
// (scripts/bench/admin-screens.ts, in-process), on the demo catalogue and then with 100 000 proofs more,
// on PostgreSQL (a fresh rifazo_bench_* database, dropped afterwards) and on PGlite. Each request is
// called once to warm up, then RUNS times in a row: median and spread (fastest–slowest) are reported
// with the machine's load average at that moment.
import { createPgDatabase, figure, int, median, ms, runInProcess } from "./lib.mjs";

/** An organiser waits under a second on a demo-sized install, under two with 100 000 proofs. */
const GOAL_DEMO_MS = 1_000;
const GOAL_LOADED_MS = 2_000;
const LABEL = { postgres: "PostgreSQL", pglite: "PGlite" };

async function measure(kind, quick) {
  const args = [
    "--parts=admin-screens",
    quick ? "--extra=10000" : "--extra=100000",
    quick ? "--runs=3" : "--runs=7",
  ];
  if (kind === "postgres") {
    const database = await createPgDatabase("admin_screens");
    try {
      return await runInProcess([...args, "--db=postgres", `--url=${database.url}`], { timeoutMs: 900_000 });
    } finally {
      await database.drop();
    }
  }
  return runInProcess([...args, "--db=pglite"], { timeoutMs: 900_000 });
}

export async function runAdminScreens({ quick, hasPostgres }) {
  const figures = [];
  const notes = [
    `Por app.inject con la sesión de un administrador. Primero el catálogo demo; luego ${quick ? "10 000" : "100 000"} comprobantes más sembrados en SQL (generate_series): 40 rifas, ${quick ? "500" : "5 000"} compradores, 6 % pendientes, 78 % aprobados, 16 % rechazados, ocho métodos, la mitad leídos por OCR (uno de cada 25 con otra referencia), uno de cada 200 con imagen casi idéntica y uno de cada 300 reenviado y rechazado (referencia repetida). Cada petición: una llamada de calentamiento y luego ${quick ? 3 : 7} seguidas; se da la mediana y el intervalo (más rápida–más lenta) y la carga media de la máquina en ese momento.`,
  ];
  for (const kind of hasPostgres ? ["postgres", "pglite"] : ["pglite"]) {
    const r = (await measure(kind, quick)).adminScreens;
    r.stages.forEach((stage, index) => {
      const size = index === 0 ? "demo" : `${int(stage.proofs)} comprobantes`;
      const goal = index === 0 ? GOAL_DEMO_MS : GOAL_LOADED_MS;
      notes.push(
        `${LABEL[kind]}, ${size}: ${int(stage.proofs)} comprobantes (${int(stage.pending)} pendientes), sembrado en ${ms(stage.seedMs)}, carga media ${stage.load.toFixed(2)}.`,
      );
      const spread = (t) =>
        `${ms(median(t.runs))} (${ms(Math.min(...t.runs))}–${ms(Math.max(...t.runs))}; carga ${stage.load.toFixed(2)})`;
      const goalOf = (value) => ({
        goal: `≤ ${ms(goal)}`,
        ratio: `${(value / goal).toFixed(2)}× del límite`,
        ok: value <= goal,
      });
      // The screens' own requests carry the goal (the current-figures table); each filter is in the
      // history, and the slowest of them carries the goal too.
      const [today, inbox, count, ...filters] = stage.timings;
      for (const t of [today, inbox, count]) {
        figures.push(
          figure(
            `${LABEL[kind]}, ${size}: ${t.name} (mediana de ${t.runs.length})`,
            spread(t),
            goalOf(median(t.runs)),
          ),
        );
      }
      const slowest = filters.reduce((a, b) => (median(b.runs) > median(a.runs) ? b : a));
      figures.push(
        figure(
          `${LABEL[kind]}, ${size}: el filtro más lento de la bandeja (mediana de ${slowest.runs.length})`,
          `${spread(slowest)}: ${slowest.name.replace("Bandeja: ", "")}`,
          goalOf(median(slowest.runs)),
        ),
      );
      for (const t of filters) {
        figures.push(
          figure(
            `${LABEL[kind]}, ${size}: ${t.name} (mediana de ${t.runs.length})`,
            `${spread(t)}; ${int(t.bytes / 1024)} KiB`,
          ),
        );
      }
    });
  }
  return { title: "10. Pantallas del organizador: Hoy y Comprobantes", notes, figures };
}
