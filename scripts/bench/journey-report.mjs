// The journey part's figures (journey.mjs) as `npm run bench:web` prints and records them: per step the
// median, the fastest and the slowest run against its goal, and the requests between the tap on
// «Reservar» and the payment page.

/** Goals of the signed-in buyer's journey on Slow 3G with the CPU 4× slower (ms). */
export const JOURNEY_GOALS = { hydrated: 6000, gridUsable: 4000, payment: 10_000, upload: 15_000 };

const FLOWS = { chosen: "números elegidos", random: "cantidad al azar" };

/** The steps of each flow: key of the run's result, label, goal key (none: reported without a goal). */
const STEPS = {
  chosen: [
    ["fcp", "primer pintado (FCP)"],
    ["hydrated", "rifa hidratada (si el comprador no reservó antes)"],
    ["gridUsable", "cuadrícula utilizable (un número libre tocado queda elegido)", "gridUsable"],
    ["reserveUsable", "«Reservar» utilizable con sesión"],
    ["payment", "reservado y página de pago mostrada (desde la navegación)", "payment"],
    ["tapToPayment", "del toque en «Reservar» a la página de pago"],
    ["paymentHydrated", "página de pago hidratada (desde su navegación)", "hydrated"],
    ["upload", "comprobante de 1.5 MB aceptado (desde «Enviar Comprobante»)", "upload"],
  ],
  random: [
    ["fcp", "primer pintado (FCP)"],
    ["hydrated", "rifa hidratada (si el comprador no reservó antes)"],
    ["reserveUsable", "«Reservar boletos» utilizable con sesión"],
    ["payment", "reservado y página de pago mostrada (desde la navegación)", "payment"],
    ["tapToPayment", "del toque en «Reservar» a la página de pago"],
    ["paymentHydrated", "página de pago hidratada (desde su navegación)", "hydrated"],
  ],
};

export function spread(values) {
  const present = values.filter((v) => typeof v === "number" && Number.isFinite(v));
  if (!present.length) return undefined;
  const sorted = [...present].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor((sorted.length - 1) / 2)],
    min: sorted[0],
    max: sorted[sorted.length - 1],
    runs: present,
  };
}

const s2 = (ms) => (ms === undefined ? "—" : `${(ms / 1000).toFixed(2)} s`);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const spreadText = (s) => (s ? `${s2(s.median)} (${s2(s.min)}–${s2(s.max)})` : "—");

/** Every step's spread, with its goal and whether the median met it. */
export function journeySteps(journey) {
  const steps = [];
  for (const [flow, list] of Object.entries(STEPS)) {
    for (const [key, label, goalKey] of list) {
      const s = spread(journey[flow].map((run) => run[key]));
      const goal = goalKey ? JOURNEY_GOALS[goalKey] : undefined;
      steps.push({
        flow,
        key,
        label,
        s,
        goal,
        ok: goal === undefined ? undefined : s !== undefined && s.median <= goal,
      });
    }
  }
  return steps;
}

/** The requests of the median run (by time from the tap to the payment page) of a flow. */
function medianRunRequests(runs) {
  const s = spread(runs.map((r) => r.tapToPayment));
  return runs.find((r) => r.tapToPayment === s?.median);
}

/** Lines of the history entry (and of the console); `missed` collects what missed its goal. */
export function journeyLines(journey, { runs, network, cpu, phone, missed }) {
  if (journey.skipped) return [`Recorrido del comprador: no medido (${journey.skipped}).`];
  const lines = [
    `Recorrido de un comprador con sesión: Playwright, ${phone.width}×${phone.height} (teléfono), caché vacía y ` +
      `service workers bloqueados, "Slow 3G" de DevTools (latencia ${network.latency} ms por petición, ` +
      `${network.downloadThroughput} B/s de bajada y de subida), CPU ${cpu}× más lenta; sesión iniciada por la API ` +
      `(cookie en un contexto nuevo). Rifa de números elegidos: «${journey.raffles.chosen.title}» ` +
      `(${journey.raffles.chosen.origin}); al azar: «${journey.raffles.random.title}» (${journey.raffles.random.origin}). ` +
      `Cada corrida reserva de verdad 2 boletos (comprobado en la API) y, en la de números elegidos, sube una ` +
      `captura PNG de 1080×2400 y ${kb(journey.pngBytes)} (comprobado: un solo comprobante, ligado a la reserva). ` +
      `Mediana (más rápida–más lenta) de ${runs} corridas; tiempos desde el inicio de la navegación a la página de la rifa.` +
      (journey.pauseMs
        ? ` La compradora espera ${s2(journey.pauseMs)} entre elegir y tocar «Reservar» (JOURNEY_PAUSE_MS): ` +
          "una serie de ensayo, que no cambia las cifras actuales."
        : ""),
    "",
    "| Recorrido | Paso | Mediana (mín–máx) | Corridas | Objetivo |",
    "|---|---|---:|---|---|",
  ];
  for (const step of journeySteps(journey)) {
    const goal = step.goal === undefined ? "" : `≤ ${s2(step.goal)} ${step.ok ? "ok" : "MISSED"}`;
    if (step.ok === false)
      missed.push(
        `recorrido ${FLOWS[step.flow]}: ${step.label} ${step.s ? s2(step.s.median) : "sin medida"} > ${s2(step.goal)}`,
      );
    const all = step.s ? step.s.runs.map(s2).join(", ") : "—";
    lines.push(`| ${FLOWS[step.flow]} | ${step.label} | ${spreadText(step.s)} | ${all} | ${goal} |`);
  }
  const taps = journey.chosen.map((r) => r.gridTaps).filter((t) => t !== undefined);
  if (taps.length)
    lines.push(
      "",
      `Toques en la cuadrícula hasta que uno eligió un número, por corrida: ${taps.join(", ")}.`,
    );
  const uploads = journey.chosen.map((r) => r.uploadBytes).filter((b) => b !== undefined);
  if (uploads.length) lines.push(`Cuerpo del POST /api/proofs enviado: ${uploads.map(kb).join(", ")}.`);
  for (const flow of ["chosen", "random"]) {
    const run = medianRunRequests(journey[flow]);
    if (!run) continue;
    const bytes = run.requests.reduce((sum, r) => sum + (r.bytes || 0), 0);
    const load = run.loadRequests ?? [];
    lines.push(
      "",
      `Peticiones de la página de la rifa hasta poder reservar (${FLOWS[flow]}, misma corrida): ${load.length}, ` +
        `${kb(load.reduce((sum, r) => sum + (r.bytes || 0), 0))} recibidos con cabeceras.`,
    );
    lines.push(
      "",
      `Peticiones del toque en «Reservar» a la página de pago (${FLOWS[flow]}, corrida mediana): ` +
        `${run.requests.length}, ${kb(bytes)} recibidos con cabeceras, ${s2(run.tapToPayment)} ` +
        "(inicio–fin de cada una desde el toque):",
      "",
      ...run.requests.map(
        (r) =>
          `- +${s2(r.startMs)}–${r.endMs === undefined ? "sin terminar" : `+${s2(r.endMs)}`} ${r.method} ${r.path} → ` +
          `${r.status}, ${kb(r.bytes || 0)}`,
      ),
    );
  }
  if (journey.failures.length) lines.push("", `Corridas fallidas: ${journey.failures.join("; ")}.`);
  if (journey.pageErrors.length) lines.push("", `Errores en la página: ${journey.pageErrors.join("; ")}.`);
  return lines;
}

/** Rows of the current-figures table: the steps with a goal, plus the request count of each flow. */
export function journeyRows(journey, { how, day, loadNote, runs }) {
  // A series with a pause before «Reservar» is a trial: its figures are not the journey's.
  if (journey.skipped || journey.pauseMs) return [];
  const rows = journeySteps(journey)
    .filter((step) => step.goal !== undefined)
    .map((step) => ({
      what: `Web: recorrido con sesión en Slow 3G + CPU 4×, ${FLOWS[step.flow]}: ${step.label}`,
      how,
      value: step.s
        ? `${spreadText(step.s)}, mediana de ${step.s.runs.length} de ${runs} (${loadNote})`
        : `sin medida (${journey.failures.join("; ")})`,
      goal: `≤ ${s2(step.goal)}`,
      ok: step.ok,
      date: day,
    }));
  for (const flow of ["chosen", "random"]) {
    const run = medianRunRequests(journey[flow]);
    if (!run) continue;
    const bytes = run.requests.reduce((sum, r) => sum + (r.bytes || 0), 0);
    rows.push({
      what: `Web: recorrido con sesión, ${FLOWS[flow]}: peticiones del toque en «Reservar» a la página de pago`,
      how,
      value: `${run.requests.length} (${kb(bytes)}), corrida mediana; lista en el historial`,
      goal: "",
      date: day,
    });
  }
  return rows;
}
