// Part "hoarding" (decision 0019): hoarding accounts against honest buyers on a chosen-number raffle, over
// simulated time (scripts/bench/hoarding.ts, in-process on PGlite in memory: the services' clock is
// advanced, nothing waits for real minutes).
import { figure, pct, runInProcess } from "./lib.mjs";

/** Honest demand is below the stock: a fair sale serves nearly all of it. */
const GOALS = { honestServed: 0.8 };

export async function runHoarding({ quick }) {
  const minutes = quick ? 90 : 180;
  const result = await runInProcess(
    ["--parts=hoarding", "--db=pglite", "--hoarders=6", `--minutes=${minutes}`],
    {
      timeoutMs: 600_000,
    },
  );
  const r = result.hoarding;
  const served = r.honestWanted === 0 ? 1 : r.honestGot / r.honestWanted;
  const refusals = Object.entries(r.refusals)
    .map(([code, n]) => `${code} ${n}`)
    .join(", ");
  const figures = [
    figure(
      "Compradores honestos: números obtenidos de los pedidos",
      `${pct(served)} (${r.honestGot} de ${r.honestWanted}; ${r.honestTurnedAway} de ${r.honestBuyers} compradores sin nada)`,
      {
        goal: `≥ ${pct(GOALS.honestServed)}`,
        ratio: `${(served / GOALS.honestServed).toFixed(2)}× del mínimo`,
        ok: served >= GOALS.honestServed,
      },
    ),
    figure("Parte de la rifa en manos de compradores honestos al final", pct(r.honestGot / r.totalTickets)),
    figure(
      "Lo más que retuvo una cuenta acaparadora tras un tiempo de reserva seguido",
      `${r.heldBeyondOnePeriod} números (racha más larga ${r.longestStreakMinutes} min; tiempo de reserva ${r.holdMinutes} min)`,
      {
        goal: "0 números (ninguna racha > 1 tiempo de reserva)",
        ok: r.heldBeyondOnePeriod === 0 && r.longestStreakMinutes <= r.holdMinutes,
      },
    ),
    figure(
      "Retenido por las cuentas acaparadoras (promedio en el tiempo; máximo)",
      `${pct(r.hoardersAverageShare)} de la rifa; máximo ${r.hoardersPeak} de ${r.totalTickets}`,
    ),
    figure(
      "Reservas iniciadas; rechazos",
      `${r.holdsStarted}; ${refusals || "ninguno"} (${r.seconds.toFixed(1)} s reales para ${r.simulatedMinutes} min simulados)`,
    ),
  ];
  return {
    title: "9. Acaparamiento de reservas (tiempo simulado)",
    notes: [
      `Rifa de números elegidos de ${r.totalTickets} números, máximo ${r.cap} por persona (el organizador lo subió: ${r.hoarders} × ${r.cap} ≥ ${r.totalTickets}), reservas de ${r.holdMinutes} min; ${r.simulatedMinutes} minutos simulados, un paso por minuto (el reloj de los servicios avanza; el trabajo de vencimiento corre cada minuto).`,
      `${r.hoarders} cuentas acaparadoras, cada una desde su propia dirección (el peor caso para el límite por dirección), actúan primero en cada minuto: reservan todo lo libre hasta su máximo en cuanto pueden, y a 2 min del vencimiento cancelan y reservan de nuevo; rechazadas, esperan exactamente hasta la hora que se les dice.`,
      `${r.honestBuyers} compradores honestos, uno cada 2 min, piden de 2 a 6 números libres al azar, pagan en el acto (su compra queda en revisión y conserva sus números) y lo intentan cada minuto hasta 30 min antes de irse.`,
      "Antes de la decisión 0019 (mismo escenario, código anterior, 2026-11-29): honestos 0 de 360 números (los 90 sin nada), acaparadores 100 % de la rifa durante los 180 min, racha de 180 min.",
    ],
    figures,
  };
}
