// Part "sellers" (docs/decisions/0034-vendedores.md, slice 6): 50 vendedores sync 2 000 sales saved without
// signal against 500 online buyers, on the built server over PostgreSQL (a fresh rifazo_bench_* database,
// dropped afterwards), driven over HTTP. Setup in sellers-setup.mjs, the measured phase in
// sellers-load.mjs, the invariants in sellers-checks.mjs. Measures each sync request's latency and the
// wall time, counts sales recorded, conflicts resolved and refusals by code, then checks in SQL that no
// number was sold or held twice and that the vendedores' ledger balances to the cent.
import os from "node:os";
import { createPgDatabase, figure, int, ms, percentile, startApiServer } from "./lib.mjs";
import { checkSellerInvariants } from "./sellers-checks.mjs";
import { runLoad } from "./sellers-load.mjs";
import {
  COMMISSION_PERCENT,
  enrolSellers,
  PRICE,
  prepareQueues,
  publishRaffle,
  seedAccounts,
} from "./sellers-setup.mjs";

export const SELLERS_TITLE = "11. Vendedores: ventas sin señal sincronizadas contra compradores en línea";

/**
 * p99 of one sync request, as for a reservation in part 6: a sale takes the same raffle lock, and a vendedor
 * selling online or resolving a conflict waits on it with the buyer in front.
 */
const GOALS = { p99Ms: 2_000 };
/** One buyer in this many sends a proof for their reservation. */
const UPLOAD_EVERY = 3;

/**
 * Sizes. The raffle is sized so that what is asked for (≈ 2.5 numbers a sale, 2 a buyer) is about 60 % of
 * its numbers: every sale can still be placed, but numbers picked offline from the whole grid collide
 * often, with other vendedores and with buyers, and more the later a sale is synced.
 */
const SIZES = {
  full: { sellers: 50, perSeller: 40, buyers: 500, totalTickets: 10_000 },
  quick: { sellers: 10, perSeller: 20, buyers: 100, totalTickets: 1_200 },
};

const loadText = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(" / ");

async function setUp(api, databaseUrl, size) {
  const { admin, raffleId } = await publishRaffle(api, size.totalTickets);
  console.log(
    `bench:sellers: ${size.sellers} vendedores y ${size.buyers} compradores, sesiones iniciadas...`,
  );
  const sellers = await seedAccounts(api, databaseUrl, { kind: "seller", count: size.sellers });
  const buyers = await seedAccounts(api, databaseUrl, { kind: "buyer", count: size.buyers });
  // Room for every sale in cash at 3 numbers, and more.
  const creditLimit = size.perSeller * 3 * PRICE * 2;
  await enrolSellers(api, { admin, raffleId, sellers, creditLimit });
  prepareQueues({ sellers, raffleId, totalTickets: size.totalTickets, perSeller: size.perSeller });
  return { raffle: { id: raffleId, totalTickets: size.totalTickets }, sellers, buyers, creditLimit };
}

/** Runs the part; the server and the database go at the end, whatever happened. */
export async function runSellers({ quick }) {
  const size = quick ? SIZES.quick : SIZES.full;
  const database = await createPgDatabase("sellers");
  let api;
  try {
    console.log("bench:sellers: arrancando el servidor compilado sobre PostgreSQL...");
    // Behind a proxy as in production: each phone's address comes in X-Forwarded-For.
    api = await startApiServer({
      databaseUrl: database.url,
      seedDemo: false,
      env: { TRUST_PROXY: "127.0.0.1" },
    });
    const setup = await setUp(api, database.url, size);
    const loadBefore = loadText();
    console.log(
      `bench:sellers: sincronizando ${int(size.sellers * size.perSeller)} ventas (carga ${loadBefore})...`,
    );
    const load = await runLoad(api, { ...setup, uploadEvery: UPLOAD_EVERY });
    const loadAfter = loadText();
    const checks = await checkSellerInvariants(database.url, {
      raffleId: setup.raffle.id,
      recorded: load.stats.recorded,
      commissionPercent: COMMISSION_PERCENT,
    });
    if (load.stats.refused.size || load.stats.buyers.refused.size)
      console.log(`bench:sellers: últimas líneas del servidor:\n${api.child.output.slice(-3000)}`);
    return report({ size, setup, load, checks, loadBefore, loadAfter });
  } finally {
    await api?.child.stop();
    await database.drop();
  }
}

const byCode = (map) =>
  map.size === 0
    ? "ninguno"
    : [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([code, n]) => `${code} ${n}`)
        .join(", ");

const spread = (values) =>
  `${ms(percentile(values, 50))} / ${ms(percentile(values, 95))} / ${ms(percentile(values, 99))} / ${ms(percentile(values, 100))}`;

function loadFigures({ size, load }) {
  const { stats } = load;
  const p99 = percentile(stats.syncMs, 99);
  const approved = stats.recorded.filter((r) => r.status === "approved").length;
  const refused = [...stats.refused.values()].reduce((a, b) => a + b, 0);
  return [
    figure(
      // The label names the row of the current figures: nothing in it may change between runs.
      "Sincronización: latencia por petición p50 / p95 / p99 / máx",
      `${spread(stats.syncMs)} (${int(stats.syncMs.length)} POST /api/seller/sales)`,
      {
        goal: `p99 ≤ ${ms(GOALS.p99Ms)}`,
        ratio: `${(p99 / GOALS.p99Ms).toFixed(2)}× del límite`,
        ok: p99 <= GOALS.p99Ms,
      },
    ),
    figure(
      "Sincronización: tiempo total (todas las colas) y ventas por segundo",
      `${(load.syncMs / 1000).toFixed(1)} s, ${(load.totalSales / (load.syncMs / 1000)).toFixed(1)} ventas/s`,
    ),
    figure(
      `Ventas registradas (de ${int(load.totalSales)} en ${size.sellers} colas)`,
      `${int(stats.recorded.length)}: ${int(stats.firstTry)} al primer envío, ${int(stats.resolved)} tras un conflicto; ${int(approved)} pagadas (efectivo), ${int(stats.recorded.length - approved)} en revisión (Pago Móvil)`,
      { goal: "todas", ok: stats.recorded.length === load.totalSales },
    ),
    figure(
      "Conflictos (409 NUMBERS_TAKEN) resueltos con «Asignar al azar»",
      `${int(stats.resolved)} de ${int(stats.conflicts)} ventas con conflicto (${int(stats.rounds)} reasignaciones)`,
    ),
    figure("Rechazos por código (sin registrar)", `${int(refused)}: ${byCode(stats.refused)}`, {
      goal: "0",
      ok: refused === 0,
    }),
    figure("Reintentos por falta de respuesta, 429 o 5xx", `${int(stats.later)}`),
    figure("GET /api/raffles/{id}/numbers p50 / p95 / p99 / máx", spread(stats.numbersMs)),
    figure(
      `Compradores: reserva p50 / p95 / p99 / máx (${int(stats.reserveMs.length)} POST reservations)`,
      spread(stats.reserveMs),
    ),
    figure(
      `Compradores: ${int(size.buyers)} en ${(load.buyersMs / 1000).toFixed(1)} s`,
      `${int(stats.buyers.reserved)} reservaron 2 números (${int(stats.buyers.taken)} NUMBERS_TAKEN antes), ${int(stats.buyers.gaveUp)} se rindieron; ${int(stats.buyers.uploaded)} comprobantes (${stats.uploadMs.length ? `p50 ${ms(percentile(stats.uploadMs, 50))}, p99 ${ms(percentile(stats.uploadMs, 99))}` : "ninguno"}); otros rechazos: ${byCode(stats.buyers.refused)}`,
    ),
  ];
}

function invariantFigures({ checks, load, setup }) {
  const zero = (label, n, detail = `${n}`) => figure(label, detail, { goal: "0", ok: n === 0 });
  const balanced = (label, ok, detail) => figure(label, detail, { goal: "cuadra", ok });
  const { soldCounter, unbalanced, cash, totals } = checks;
  const repeated = load.stats.repeated;
  return [
    zero(
      "Números vendidos o retenidos dos veces (boletos repetidos, reservas que comparten número)",
      checks.ticketTwice + checks.claimedTwice,
      `${checks.ticketTwice} boletos repetidos, ${checks.claimedTwice} números en dos reservas`,
    ),
    zero("Números en dos compras (en revisión o aprobadas)", checks.proofsTwice),
    zero("Boletos retenidos sin su reserva vigente, o reservas sin sus boletos", checks.heldMismatch),
    zero("Boletos vendidos sin una compra aprobada que los liste", checks.soldOrphans),
    zero(
      "Compras aprobadas cuyos boletos no suman su cantidad (u otras con boletos)",
      checks.quantityMismatch,
    ),
    balanced(
      "sold_tickets de la rifa = boletos vendidos",
      soldCounter.counter === soldCounter.counted,
      `${soldCounter.counter} = ${soldCounter.counted}`,
    ),
    balanced(
      "Cada asiento del libro de vendedores suma cero",
      unbalanced.n === 0,
      `${unbalanced.n} descuadrados de ${int(unbalanced.entries)} asientos`,
    ),
    balanced(
      "Efectivo en mano de cada vendedor = sus ventas en efectivo pagadas",
      cash.n === 0,
      `${cash.n} vendedores descuadrados; ${cash.held} en cash_held, ${cash.cash} vendido en efectivo (USD)`,
    ),
    balanced(
      `Comisión por pagar = ${COMMISSION_PERCENT} % de las ventas pagadas`,
      cash.commission === 0,
      `${cash.commission} vendedores descuadrados; ${cash.owed} USD por pagar`,
    ),
    zero(
      "saleId registrado dos veces",
      checks.saleTwice + repeated,
      `${checks.saleTwice} en la base, ${repeated} respuestas «ya registrada»`,
    ),
    zero(
      "Ventas confirmadas al vendedor que no están en la base, o al revés",
      checks.notStored + checks.notTold,
      `${checks.notStored} confirmadas sin fila, ${checks.notTold} filas sin confirmar (${int(checks.stored.length)} en la base)`,
    ),
    figure(
      "Estado final de la rifa",
      `${int(totals.sold)} vendidos, ${int(totals.held)} retenidos (${int(totals.buyer_holds)} reservas de compradores, ${int(totals.online_proofs)} comprobantes en línea) de ${int(setup.raffle.totalTickets)}`,
    ),
  ];
}

function report({ size, setup, load, checks, loadBefore, loadAfter }) {
  const { stats } = load;
  return {
    title: SELLERS_TITLE,
    notes: [
      `Rifa de números elegidos de ${int(size.totalTickets)} números a ${PRICE} USD (tasa BCV fijada en 100 Bs.), acepta Pago Móvil. ${size.sellers} vendedores asignados con comisión del ${COMMISSION_PERCENT} % y límite de efectivo de ${setup.creditLimit} USD; ${size.buyers} compradores con sesión. Cuentas insertadas en SQL, sesiones iniciadas por la API; cada teléfono con su dirección (X-Forwarded-For, TRUST_PROXY=127.0.0.1).`,
      `Cada vendedor guarda ${size.perSeller} ventas sin señal (≈ 60 % efectivo, el resto Pago Móvil en Bs. con referencia única; 2 o 3 números al azar de toda la rifa, el mínimo de una compra es 2), firmadas con la clave de su sesión. Luego los ${size.sellers} envían a la vez, cada uno su cola en orden y de una en una, como la app; un 409 NUMBERS_TAKEN se resuelve como «Asignar al azar» (los números que siguen libres más otros libres de GET /numbers, mismo saleId, ya en línea).`,
      `Mientras tanto los compradores llegan repartidos a lo largo de la sincronización (el i-ésimo cuando se ha respondido la fracción i/${size.buyers} de las ventas): cada uno abre la cuadrícula, reserva 2 números libres (otra elección tras NUMBERS_TAKEN, hasta 3) y uno de cada ${UPLOAD_EVERY} envía un comprobante PNG de ${Math.round(load.pngBytes / 1000)} kB por Pago Móvil; el análisis por OCR corre como en producción.`,
      `Carga media del equipo (1 / 5 / 15 min) al empezar la sincronización: ${loadBefore}; al terminar: ${loadAfter}. ${os.cpus().length} núcleos compartidos por el servidor, PostgreSQL, este generador de carga y las pruebas de otros.`,
      ...stats.refusedExamples.map((e) => `Fallo: rechazo de venta, p. ej. ${e}`),
      ...stats.buyers.examples.map((e) => `Fallo: rechazo a un comprador, p. ej. ${e}`),
    ],
    figures: [...loadFigures({ size, load }), ...invariantFigures({ checks, load, setup })],
  };
}
