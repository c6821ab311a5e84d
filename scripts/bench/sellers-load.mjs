// The measured phase of part "sellers" (docs/decisions/0034-vendedores.md, "Offline sales"): every vendedor
// sends its queue at once, oldest first and one at a time, as the app's queue does
// (apps/web/src/features/sellers/sale-queue.ts); a sale that lost numbers is resolved as «Asignar al azar»
// does (use-sale-queue.ts): the numbers it kept, plus free ones drawn from a fresh GET
// /api/raffles/:id/numbers, sent again online with the same saleId. Meanwhile the online buyers, paced by
// the sync's progress so that they arrive all along it, reserve 2 free numbers of a fresh grid (another
// pick after NUMBERS_TAKEN, at most 3 tries) and a share of them send a Pago Móvil proof (a PNG) for it.
import { randomBytes } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { sleep } from "./lib.mjs";
import { randomNumbers, request } from "./sellers-setup.mjs";

/** A sale that loses numbers again after a fresh pick is picked again, up to this many times. */
const MAX_ROUNDS = 5;
/** No answer, 429 or 5xx: the app tries again later; the bench after a second, this many times. */
const LATER_RETRIES = 3;
const BUYER_TRIES = 3;

const count = (map, key) => map.set(key, (map.get(key) ?? 0) + 1);

export function newStats() {
  return {
    syncMs: [],
    numbersMs: [],
    reserveMs: [],
    uploadMs: [],
    recorded: [],
    firstTry: 0,
    conflicts: 0,
    resolved: 0,
    rounds: 0,
    repeated: 0,
    later: 0,
    refused: new Map(),
    refusedExamples: [],
    buyers: { reserved: 0, taken: 0, gaveUp: 0, uploaded: 0, refused: new Map(), examples: [] },
  };
}

/** A phone-screenshot-like PNG (360×640, white with rows of grey "text"), about 40 kB. */
export function receiptPng() {
  const [width, height] = [360, 640];
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height, 0xff);
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    if (y % 24 < 6 || y % 24 >= 14 || y < 60 || y > 560) continue;
    for (let x = 30; x < width - 30; x++)
      if (random() < 0.15) raw.fill(Math.floor(random() * 120), y * row + 1 + x * 3, y * row + 4 + x * 3);
  }
  const chunk = (type, data) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The grid as a phone loads it now: a test of "taken" over the bitmap (bit n of byte n/8, LSB first). */
async function freshGrid(api, raffleId, ip, stats) {
  const answer = await request(api, { path: `/api/raffles/${raffleId}/numbers`, ip });
  stats.numbersMs.push(answer.ms);
  if (answer.status !== 200) return () => false;
  const bytes = Buffer.from(answer.body.bitmap, "base64");
  return (n) => (((bytes[n >> 3] ?? 0) >> (n & 7)) & 1) === 1;
}

async function post(api, seller, body, stats) {
  for (let attempt = 0; ; attempt++) {
    const answer = await request(api, {
      method: "POST",
      path: "/api/seller/sales",
      cookie: seller.cookie,
      ip: seller.ip,
      body,
    });
    stats.syncMs.push(answer.ms);
    const later = answer.status === 0 || answer.status === 429 || answer.status >= 500;
    if (!later || attempt >= LATER_RETRIES) return answer;
    stats.later++;
    await sleep(1000);
  }
}

/** «Asignar al azar»: the numbers still free, plus as many free ones as were lost; online now (no signature). */
async function assignRandom(api, raffle, seller, body, answer, stats) {
  const isTaken = await freshGrid(api, raffle.id, seller.ip, stats);
  const lost = new Set((answer.body?.error?.details?.taken ?? []).map((t) => Number.parseInt(t, 10)));
  const taken = (n) => lost.has(n) || isTaken(n);
  const kept = body.numbers.filter((n) => !taken(n));
  const picks = randomNumbers(
    raffle.totalTickets,
    body.numbers.length - kept.length,
    (n) => taken(n) || kept.includes(n),
  );
  const { recordedAt: _recordedAt, signature: _signature, ...online } = body;
  return { ...online, numbers: [...kept, ...picks].sort((a, b) => a - b) };
}

async function syncSale(api, raffle, seller, queued, stats) {
  let body = queued;
  for (let round = 0; ; round++) {
    const answer = await post(api, seller, body, stats);
    if (answer.status === 201 || answer.status === 200) {
      const sale = answer.body;
      stats.recorded.push({
        saleId: sale.saleId,
        status: sale.status,
        method: sale.method,
        quantity: sale.quantity,
      });
      if (answer.status === 200) stats.repeated++;
      if (round === 0) stats.firstTry++;
      else stats.resolved++;
      return;
    }
    const code = answer.body?.error?.code ?? `HTTP ${answer.status}`;
    if (code !== "NUMBERS_TAKEN" || round >= MAX_ROUNDS) {
      count(stats.refused, code);
      if (stats.refusedExamples.length < 5)
        stats.refusedExamples.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      return;
    }
    if (round === 0) stats.conflicts++;
    stats.rounds++;
    body = await assignRandom(api, raffle, seller, body, answer, stats);
  }
}

async function proofFor(api, buyer, reservation, png, stats) {
  const method = reservation.methods?.find((m) => m.method === "pago_movil");
  const form = new FormData();
  form.set("raffleId", reservation.raffleId);
  form.set("reservationId", reservation.id);
  form.set("paymentMethod", "pago_movil");
  form.set("transactionRef", `9${randomBytes(5).readUIntBE(0, 5)}`);
  form.set("amount", String(method?.amount ?? ""));
  form.set("currency", method?.currency ?? "VES");
  form.set("quantity", String(reservation.quantity));
  form.set("idempotencyKey", `bench-${randomBytes(8).toString("hex")}`);
  form.set("file", new Blob([png], { type: "image/png" }), "comprobante.png");
  const answer = await request(api, {
    method: "POST",
    path: "/api/proofs",
    cookie: buyer.cookie,
    ip: buyer.ip,
    form,
  });
  stats.uploadMs.push(answer.ms);
  if (answer.status === 201) stats.buyers.uploaded++;
  else {
    count(stats.buyers.refused, `comprobante: ${answer.body?.error?.code ?? `HTTP ${answer.status}`}`);
    if (stats.buyers.examples.length < 5)
      stats.buyers.examples.push(`${answer.status} ${answer.text.slice(0, 200)}`);
  }
}

async function buy(api, raffle, buyer, { upload, png }, stats) {
  for (let attempt = 0; attempt < BUYER_TRIES; attempt++) {
    const isTaken = await freshGrid(api, raffle.id, buyer.ip, stats);
    const numbers = randomNumbers(raffle.totalTickets, 2, isTaken);
    const answer = await request(api, {
      method: "POST",
      path: `/api/raffles/${raffle.id}/reservations`,
      cookie: buyer.cookie,
      ip: buyer.ip,
      body: { numbers },
    });
    stats.reserveMs.push(answer.ms);
    if (answer.status === 201) {
      stats.buyers.reserved++;
      if (upload) await proofFor(api, buyer, answer.body, png, stats);
      return;
    }
    const code = answer.body?.error?.code ?? `HTTP ${answer.status}`;
    if (code === "NUMBERS_TAKEN") {
      stats.buyers.taken++;
      continue;
    }
    count(stats.buyers.refused, code);
    if (stats.buyers.examples.length < 5)
      stats.buyers.examples.push(`${answer.status} ${answer.text.slice(0, 200)}`);
    return;
  }
  stats.buyers.gaveUp++;
}

/**
 * All vendedores sync at once while the buyers come; buyer i starts once i/N of the queued sales have
 * been answered. Returns the stats, the sync's wall time and the buyers' (until the last one finished).
 */
export async function runLoad(api, { raffle, sellers, buyers, uploadEvery }) {
  const stats = newStats();
  const png = receiptPng();
  const totalSales = sellers.reduce((sum, s) => sum + s.queue.length, 0);
  let done = 0;
  const waiting = [];
  const advance = () => {
    done++;
    while (waiting.length && waiting[0].at <= done) waiting.shift().resolve();
  };
  const reach = (at) =>
    at <= done ? Promise.resolve() : new Promise((resolve) => waiting.push({ at, resolve }));
  const t0 = performance.now();
  const sync = Promise.all(
    sellers.map(async (seller) => {
      for (const queued of seller.queue) {
        await syncSale(api, raffle, seller, queued, stats);
        advance();
      }
    }),
  ).then(() => performance.now() - t0);
  const shopping = Promise.all(
    buyers.map(async (buyer, i) => {
      await reach(Math.floor((i * totalSales) / buyers.length));
      await buy(api, raffle, buyer, { upload: i % uploadEvery === 0, png }, stats);
    }),
  ).then(() => performance.now() - t0);
  const [syncMs, buyersMs] = await Promise.all([sync, shopping]);
  return { stats, syncMs, buyersMs, totalSales, pngBytes: png.length };
}
