// Parts "approvals" and "pool": run in-process (scripts/bench/in-process.ts through tsx) once per database,
// PostgreSQL (a fresh rifazo_bench_* database, dropped afterwards) and PGlite (in memory). When both parts
// are asked for, one process per database does both, so the app is built and migrated only once.
import { createPgDatabase, figure, ms, runInProcess, times } from "./lib.mjs";

const GOALS = { approvalsPerSecond: 100, poolMs: 200, engineMs: 100 };

function sizes(kind, quick) {
  if (kind === "postgres") return { proofs: quick ? 200 : 500, concurrency: 8, maxSeconds: quick ? 8 : 15 };
  return { proofs: quick ? 100 : 200, concurrency: 1, maxSeconds: quick ? 8 : 15 };
}

async function measure(kind, parts, quick, hasPostgres) {
  if (kind === "postgres" && !hasPostgres) return null;
  const size = sizes(kind, quick);
  const args = [
    `--parts=${parts.join(",")}`,
    // The engine is database-independent: timed in the first process only.
    `--engine=${kind === "postgres" || !hasPostgres ? 1 : 0}`,
    `--proofs=${size.proofs}`,
    `--concurrency=${size.concurrency}`,
    `--max-seconds=${size.maxSeconds}`,
    `--runs=${quick ? 3 : 5}`,
  ];
  if (kind === "postgres") {
    const database = await createPgDatabase(parts.join("_"));
    try {
      return await runInProcess([...args, "--db=postgres", `--url=${database.url}`]);
    } finally {
      await database.drop();
    }
  }
  return runInProcess([...args, "--db=pglite"]);
}

const LABEL = { postgres: "PostgreSQL", pglite: "PGlite" };

function approvalsSection(results) {
  const figures = [];
  const notes = [];
  for (const [kind, result] of results) {
    const a = result?.approvals;
    if (!a) continue;
    const label = LABEL[kind];
    const goal =
      kind === "postgres"
        ? {
            goal: `≥ ${GOALS.approvalsPerSecond}/s`,
            ratio: `${times(a.perSecond / GOALS.approvalsPerSecond)} del objetivo`,
            ok: a.perSecond >= GOALS.approvalsPerSecond,
          }
        : { goal: "sin objetivo (instalación local)" };
    figures.push(
      figure(
        `${label}: aprobaciones por segundo (${a.concurrency} en paralelo)`,
        `${a.perSecond.toFixed(1)}/s (${a.proofs} en ${a.seconds.toFixed(1)} s)`,
        goal,
      ),
      figure(`${label}: latencia de una aprobación p50 / p99`, `${ms(a.latencyP50)} / ${ms(a.latencyP99)}`),
    );
    for (const invariant of a.invariants) {
      figures.push(
        figure(`${label}: ${invariant.name}`, invariant.detail, { goal: "se cumple", ok: invariant.ok }),
      );
    }
    notes.push(
      `${label}: rifa de 10 000 boletos creada con POST /api/admin/raffles; ${a.pending} comprobantes pendientes de 10 boletos de ${a.buyers} compradores insertados en la base; ` +
        `aprobados con POST /api/admin/proofs/:id/approve (app.inject, cookie de administrador), ${a.concurrency} en vuelo, hasta agotarlos o el límite de tiempo.`,
      ...a.failures.map((f) => `${label}: fallo: ${f}`),
    );
  }
  return { title: "2. Aprobaciones por segundo", notes, figures };
}

function poolSection(results) {
  const figures = [];
  for (const [kind, result] of results) {
    const p = result?.pool;
    if (!p) continue;
    const label = LABEL[kind];
    const sorted = [...p.poolRuns].sort((a, b) => a - b);
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    figures.push(
      figure(
        `${label}: lote de 10 000 boletos (mediana de ${sorted.length}; máx.)`,
        `${ms(median)} (máx. ${ms(sorted.at(-1))})`,
        {
          goal: `≤ ${GOALS.poolMs} ms`,
          ratio: `${times(median / GOALS.poolMs)} del límite`,
          ok: median <= GOALS.poolMs,
        },
      ),
      figure(
        `${label}: sorteo completo en el servidor (POST /api/raffles/:id/draw, 10 000 vendidos, 200 compradores)`,
        p.fullDrawStatus === 200
          ? `${ms(p.fullDraw)} (${p.winners} ganadores)`
          : `falló (${p.fullDrawStatus})`,
        p.fullDrawStatus === 200 ? {} : { goal: "200", ok: false },
      ),
    );
  }
  const engine = results.map(([, result]) => result?.pool?.engine).find(Boolean);
  if (engine) {
    figures.unshift(
      figure("Motor de sorteo sobre 10 000 boletos, primera llamada (código en frío)", ms(engine.cold), {
        goal: `≤ ${GOALS.engineMs} ms`,
        ratio: `${times(engine.cold / GOALS.engineMs)} del límite`,
        ok: engine.cold <= GOALS.engineMs,
      }),
      figure(
        "Motor en caliente: createDrawTranscript / drawWinners (mediana de 7)",
        `${ms(engine.warm)} / ${ms(engine.drawWinnersWarm)}`,
      ),
    );
  }
  return {
    title: "3. Lote de boletos y sorteo",
    notes: [
      "Lote: generateTicketPool del módulo de administración (bloquea la rifa, un único INSERT ... SELECT generate_series, marca tickets_generated y publica el cambio), en rifas nuevas.",
      "Motor: createDrawTranscript (hash de la lista + drawWinners con 14 ganadores en 3 niveles), lo que llama selectWinners; no toca la base de datos, así que se mide una vez. «En frío» es su primera llamada en el proceso (con WebCrypto ya cargado, como en un servidor en marcha): el primer sorteo tras un reinicio.",
      "Sorteo completo: carga los vendidos, ejecuta el motor, guarda ganadores y acta, y notifica a los 200 participantes (app.inject con cookie de administrador).",
    ],
    figures,
  };
}

export async function runDbParts({ parts, quick, hasPostgres }) {
  const results = [];
  for (const kind of ["postgres", "pglite"]) {
    results.push([kind, await measure(kind, parts, quick, hasPostgres)]);
  }
  const sections = [];
  const skipped = hasPostgres ? [] : ["PostgreSQL no responde: solo PGlite."];
  if (parts.includes("approvals")) {
    const section = approvalsSection(results);
    section.notes.unshift(...skipped);
    sections.push(section);
  }
  if (parts.includes("pool")) {
    const section = poolSection(results);
    section.notes.unshift(...skipped);
    sections.push(section);
  }
  return sections;
}
