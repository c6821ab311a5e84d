// Part "race" (decision 0014): 1 000 buyers racing for the last 100 numbers of a chosen-mode raffle on
// PostgreSQL (scripts/bench/race.ts, in-process on a fresh rifazo_bench_* database dropped afterwards).
import { createPgDatabase, figure, ms, runInProcess } from "./lib.mjs";

const GOALS = { p99Ms: 2_000 };

export async function runRace({ quick }) {
  const buyers = quick ? 300 : 1_000;
  const database = await createPgDatabase("race");
  let result;
  try {
    result = await runInProcess([
      "--parts=race",
      "--db=postgres",
      `--url=${database.url}`,
      `--buyers=${buyers}`,
      "--concurrency=50",
    ]);
  } finally {
    await database.drop();
  }
  const race = result.race;
  const figures = [
    figure(
      `Reservas atendidas por segundo (${race.buyers} compradores, ${race.concurrency} a la vez)`,
      `${race.perSecond.toFixed(1)}/s (${race.buyers} en ${race.seconds.toFixed(1)} s)`,
    ),
    figure("Latencia de una reserva p50 / p99", `${ms(race.latencyP50)} / ${ms(race.latencyP99)}`, {
      goal: `p99 ≤ ${ms(GOALS.p99Ms)}`,
      ratio: `${(race.latencyP99 / GOALS.p99Ms).toFixed(2)}× del límite`,
      ok: race.latencyP99 <= GOALS.p99Ms,
    }),
    figure(
      "Resultado",
      `${race.won} reservas ganadas (${race.numbersHeld - 900} de los últimos 100 números retenidos), ${race.taken} con NUMBERS_TAKEN, ${
        race.buyers - race.won - race.taken
      } con otra respuesta${race.other.length ? ` (${[...new Set(race.other)].join(", ")})` : ""}`,
    ),
    ...race.invariants.map((inv) => figure(inv.name, inv.detail, { goal: "0 fallos", ok: inv.ok })),
  ];
  return {
    title: "6. Carrera por los últimos 100 números sobre PostgreSQL",
    notes: [
      "Rifa de números elegidos de 1 000 números; 900 ya retenidos por una compra en revisión. Cada comprador pide 2 números al azar de los 100 restantes, una sola vez, con el servicio de reservas (la misma transacción que POST /api/raffles/:id/reservations) y el pool de 10 conexiones de la app. Quien pide números ya tomados recibe NUMBERS_TAKEN con una lectura, sin esperar el bloqueo de la rifa; los demás se deciden bajo ese bloqueo.",
    ],
    figures,
  };
}
