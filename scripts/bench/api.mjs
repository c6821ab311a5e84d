// Part "api": the public catalogue on PostgreSQL against a bare node:http + pg handler running the same SQL.
// Both servers run as separate processes on the same fresh database (demo catalogue); autocannon (in this
// process) drives 100 connections at one of them at a time, after a short warm-up of each. No
// If-None-Match is sent, so the API answers 200 with the full body every time, as the bare handler does.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import {
  createPgDatabase,
  figure,
  freePort,
  int,
  ms,
  pct,
  runInProcess,
  spawnTracked,
  startApiServer,
  summarize,
  tempDir,
  times,
  waitForHttp,
} from "./lib.mjs";

const CONNECTIONS = 100;

function rssMiB(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}
const GOALS = { rpsRatio: 0.85, p99Ratio: 1.2 };

async function load(url, duration) {
  return summarize(await autocannon({ url, connections: CONNECTIONS, duration }));
}

export async function runApi({ quick }) {
  const duration = quick ? 5 : 10;
  const warmup = quick ? 1 : 2;
  const database = await createPgDatabase("api");
  console.log("bench:api: arrancando el servidor compilado sobre PostgreSQL (catálogo de demostración)...");
  const api = await startApiServer({ databaseUrl: database.url, seedDemo: true });

  const featured = await (await fetch(`${api.url}/api/raffles/featured`)).json();
  const detailId = featured.items?.[0]?.id;
  if (!detailId) throw new Error("el catálogo de demostración no tiene rifas destacadas");

  const captured = await runInProcess([
    "--parts=route-sql",
    "--db=postgres",
    `--url=${database.url}`,
    `--detail-id=${detailId}`,
  ]);
  const sqlFile = path.join(tempDir("rifazo-bench-sql-"), "route-sql.json");
  writeFileSync(sqlFile, JSON.stringify(captured.routeSql));

  const barePort = await freePort();
  const bare = spawnTracked(process.execPath, ["scripts/bench/bare-server.mjs"], {
    env: { ...process.env, DATABASE_URL: database.url, PORT: String(barePort), BENCH_ROUTE_SQL: sqlFile },
  });
  const bareUrl = `http://127.0.0.1:${barePort}`;
  await waitForHttp(bare, `${bareUrl}/api/health`);

  const routes = [
    { label: "GET /api/raffles", path: "/api/raffles" },
    { label: "GET /api/raffles/{id}", path: `/api/raffles/${detailId}` },
  ];
  // Body sizes, to show both answer the same order of bytes.
  for (const route of routes) {
    route.apiBytes = (await (await fetch(`${api.url}${route.path}`)).arrayBuffer()).byteLength;
    route.bareBytes = (await (await fetch(`${bareUrl}${route.path}`)).arrayBuffer()).byteLength;
  }

  const figures = [];
  const rows = [];
  for (const route of routes) {
    for (const base of [api.url, bareUrl]) {
      await autocannon({ url: `${base}${route.path}`, connections: 20, duration: warmup });
    }
    console.log(`bench:api: ${route.label}: API ${duration} s con ${CONNECTIONS} conexiones...`);
    const ours = await load(`${api.url}${route.path}`, duration);
    console.log(`bench:api: ${route.label}: base node:http + pg ${duration} s...`);
    const base = await load(`${bareUrl}${route.path}`, duration);
    rows.push({ route, ours, base });

    const rpsRatio = ours.rps / base.rps;
    const p99Ratio = ours.p99 / Math.max(base.p99, 1);
    const errors = ours.errors + ours.non2xx;
    figures.push(
      figure(`${route.label}: req/s API vs base`, `${int(ours.rps)} vs ${int(base.rps)}`, {
        goal: `≥ ${GOALS.rpsRatio * 100} % de la base`,
        ratio: `${pct(rpsRatio)} (${times(rpsRatio / GOALS.rpsRatio)} del límite)`,
        ok: rpsRatio >= GOALS.rpsRatio,
      }),
      figure(`${route.label}: p99 API vs base`, `${ms(ours.p99)} vs ${ms(base.p99)}`, {
        goal: `≤ ${GOALS.p99Ratio}× la base`,
        ratio: `${times(p99Ratio)} (${times(p99Ratio / GOALS.p99Ratio)} del límite)`,
        ok: p99Ratio <= GOALS.p99Ratio,
      }),
      figure(
        `${route.label}: errores API (base)`,
        `${int(errors)} de ${int(ours.total)} (${int(base.errors + base.non2xx)})`,
        {
          goal: "0",
          ok: errors === 0,
        },
      ),
      figure(
        `${route.label}: bytes por respuesta API vs base`,
        `${int(route.apiBytes)} vs ${int(route.bareBytes)}`,
      ),
    );
  }
  figures.push(
    figure("Referencia publicada", "PostgREST (publicado): ~2,000 req/s single-row GET on 2 vCPUs"),
    figure(
      "Arranque del servidor en una base vacía (migraciones + catálogo de demostración)",
      ms(api.startMs),
    ),
    figure("Memoria residente del servidor tras la carga", `${rssMiB(api.child.pid) ?? "?"} MiB`),
  );

  const table = [
    "| Ruta | Servidor | req/s | p50 | p99 | errores | no 2xx | bytes |",
    "|---|---|---:|---:|---:|---:|---:|---:|",
    ...rows.flatMap(({ route, ours, base }) => [
      `| ${route.label} | API (Fastify) | ${int(ours.rps)} | ${ms(ours.p50)} | ${ms(ours.p99)} | ${ours.errors} | ${ours.non2xx} | ${int(route.apiBytes)} |`,
      `| ${route.label} | base node:http + pg | ${int(base.rps)} | ${ms(base.p50)} | ${ms(base.p99)} | ${base.errors} | ${base.non2xx} | ${int(route.bareBytes)} |`,
    ]),
  ];

  await bare.stop();
  await api.child.stop();
  await database.drop();
  return {
    title: "1. API pública sobre PostgreSQL frente a un manejador node:http + pg",
    notes: [
      `${CONNECTIONS} conexiones, ${duration} s por ruta y servidor (${warmup} s de calentamiento con 20), sin If-None-Match (200 con cuerpo completo, como la base).`,
      "La base ejecuta las mismas sentencias SQL que el servicio de rifas (capturadas del propio servicio con el logger de drizzle), con el mismo tamaño de pool (10), sobre la misma base de datos.",
      "autocannon corre en el mismo equipo y compite por los núcleos con el servidor y con PostgreSQL.",
      "La API responde el catálogo desde memoria (modules/raffles/catalogue-cache.ts) hasta el siguiente evento de rifa; cada petición espera antes un viaje de ida y vuelta por la conexión LISTEN para haber visto todo cambio ya confirmado. La base consulta PostgreSQL en cada petición.",
    ],
    figures,
    table,
  };
}
