// What part "sellers" needs before its sync (docs/decisions/0034-vendedores.md): the built server on a fresh
// PostgreSQL database, trusting X-Forwarded-For from 127.0.0.1 as it would behind a proxy, so that every
// vendedor and buyer is a phone with its own address (sign-in and holds are limited per address); the BCV
// rate; one raffle of chosen numbers; the accounts, inserted in SQL with the administrator's password hash
// (one scrypt made by the app itself) and signed in through the API; the vendedores invited, accepted and
// assigned through the API; and each vendedor's queue, signed with the session's sale key.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { ADMIN_EMAIL, ADMIN_PASSWORD, sleep } from "./lib.mjs";
import { cookieOf } from "./phone.mjs";

export const PRICE = 2;
export const RATE = 100;
export const COMMISSION_PERCENT = 10;

/** One address per actor, from the benchmarking range (RFC 2544). */
export const ipOf = (kind, i) =>
  kind === "seller" ? `198.18.1.${i + 1}` : `198.18.${10 + Math.floor(i / 250)}.${(i % 250) + 1}`;

/** One HTTP call as a phone makes it; never throws (status 0 when the connection failed). */
export async function request(api, { method = "GET", path, cookie, ip, body, form }) {
  const headers = { origin: api.origin };
  if (cookie) headers.cookie = cookie;
  if (ip) headers["x-forwarded-for"] = ip;
  let payload = form;
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    payload = JSON.stringify(body);
  }
  const t0 = performance.now();
  try {
    const response = await fetch(`${api.url}${path}`, { method, headers, body: payload });
    const text = await response.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON (an HTML error page, an empty body).
    }
    return { status: response.status, body: json, text, ms: performance.now() - t0, response };
  } catch (error) {
    return { status: 0, body: null, text: String(error), ms: performance.now() - t0, response: null };
  }
}

const expectStatus = (answer, wanted, what) => {
  if (answer.status !== wanted)
    throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 300)} (se esperaba ${wanted})`);
  return answer.body;
};

async function signIn(api, email, password, ip) {
  const answer = await request(api, {
    method: "POST",
    path: "/api/account/login",
    ip,
    body: { email, password },
  });
  expectStatus(answer, 200, `inicio de sesión de ${email}`);
  return cookieOf(answer.response);
}

/** Runs `fn` over `items` with at most `limit` at once; results in order. */
export async function pool(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The rate and the raffle, published by the administrator; resolves once its ticket pool exists. */
export async function publishRaffle(api, totalTickets) {
  const admin = await signIn(api, ADMIN_EMAIL, ADMIN_PASSWORD);
  const call = (method, path, body) => request(api, { method, path, cookie: admin, body });
  expectStatus(await call("PUT", "/api/admin/settings/exchange-rate", { rate: RATE }), 200, "tasa BCV");
  const created = await call("POST", "/api/admin/raffles", {
    title: "Rifa de los vendedores",
    description: "Rifa publicada por npm run bench para la sincronización de los vendedores.",
    price: PRICE,
    currency: "USD",
    totalTickets,
    status: "active",
    activationType: "date",
    endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    paymentMethods: ["Pago Móvil"],
    prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
    numberMode: "chosen",
    // Long enough that no buyer's hold expires while the bench runs.
    reservationMinutes: 120,
  });
  const raffleId = expectStatus(created, 201, "crear la rifa").id;
  const deadline = Date.now() + 60_000;
  while (!(await call("GET", `/api/admin/raffles/${raffleId}`)).body?.ticketsGenerated) {
    if (Date.now() > deadline) throw new Error("el lote de boletos no se generó en 60 s");
    await sleep(100);
  }
  return { admin, raffleId };
}

/**
 * `count` verified accounts with a Venezuelan celular, inserted in SQL with the administrator's password
 * hash (so they sign in with ADMIN_PASSWORD), then signed in through the API, each from its address.
 */
export async function seedAccounts(api, databaseUrl, { kind, count }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const tag = randomBytes(3).toString("hex");
  const accounts = Array.from({ length: count }, (_, i) => ({
    id: `bench_${kind}_${tag}_${i}`,
    email: `${kind}${i}.${tag}@rifazo.bench`,
    name: kind === "seller" ? `Vendedor ${i + 1}` : `Comprador ${i + 1}`,
    phone: `+58${kind === "seller" ? "412" : "414"}${String(1_000_000 + i).padStart(7, "0")}`,
    ip: ipOf(kind, i),
  }));
  try {
    const { rows } = await client.query(
      `SELECT a.password FROM accounts a JOIN users u ON u.id = a.user_id
       WHERE u.email = $1 AND a.provider_id = 'credential'`,
      [ADMIN_EMAIL],
    );
    if (!rows[0]?.password) throw new Error("no se encontró la clave del administrador");
    const column = (key) => accounts.map((a) => a[key]);
    await client.query(
      `INSERT INTO users (id, email, full_name, phone, email_verified)
       SELECT id, email, name, phone, true
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS x(id, email, name, phone)`,
      [column("id"), column("email"), column("name"), column("phone")],
    );
    await client.query(
      `INSERT INTO accounts (id, account_id, provider_id, user_id, password)
       SELECT 'acc_' || id, id, 'credential', id, $2 FROM unnest($1::text[]) AS id`,
      [column("id"), rows[0].password],
    );
  } finally {
    await client.end();
  }
  await pool(accounts, 4, async (account) => {
    account.cookie = await signIn(api, account.email, ADMIN_PASSWORD, account.ip);
  });
  return accounts;
}

/** Invites each vendedor, who accepts with their session; the administrator assigns them the raffle. */
export async function enrolSellers(api, { admin, raffleId, sellers, creditLimit }) {
  await pool(sellers, 4, async (seller) => {
    const invited = await request(api, {
      method: "POST",
      path: "/api/admin/sellers",
      cookie: admin,
      body: { name: seller.name, email: seller.email },
    });
    const { seller: row, invitationUrl } = expectStatus(invited, 201, "invitar al vendedor");
    const token = new URL(invitationUrl).searchParams.get("token");
    const accepted = await request(api, {
      method: "POST",
      path: "/api/seller/invitations/accept",
      cookie: seller.cookie,
      ip: seller.ip,
      body: { token },
    });
    expectStatus(accepted, 200, "aceptar la invitación");
    const assigned = await request(api, {
      method: "PUT",
      path: `/api/admin/sellers/${row.id}/raffles/${raffleId}`,
      cookie: admin,
      body: { allowed: true, commissionKind: "percent", commissionValue: COMMISSION_PERCENT, creditLimit },
    });
    expectStatus(assigned, 200, "asignar la rifa");
    seller.sellerId = row.id;
    const area = expectStatus(
      await request(api, { path: "/api/seller/me", cookie: seller.cookie, ip: seller.ip }),
      200,
      "el área del vendedor",
    );
    seller.saleKey = area.saleKey;
  });
}

/**
 * What the server signs and checks: sellerSaleSigningText (packages/shared/src/schemas/seller-sales.ts) over
 * the schema's reading of the body. The bench sends bodies already in that reading (E.164 celular, trimmed
 * name, amount as a number, no cédula), so it is the same text; scripts/test/bench-sellers-signing.test.ts
 * holds the two together.
 */
export function signingText(body) {
  return JSON.stringify([
    "rifazo-venta-1",
    body.saleId,
    body.raffleId,
    body.numbers ? [...body.numbers].sort((a, b) => a - b) : null,
    body.quantity ?? null,
    body.buyerName,
    body.buyerPhone,
    body.buyerIdNumber ?? null,
    body.method,
    body.reference ?? null,
    Number(body.amount).toFixed(2),
    body.recordedAt ?? null,
  ]);
}

/** The body as the phone queues it: recordedAt and HMAC-SHA256 (base64url) with the session's sale key. */
export function signSale(body, saleKey, recordedAt) {
  const queued = { ...body, recordedAt };
  const signature = createHmac("sha256", Buffer.from(saleKey, "base64url"))
    .update(signingText(queued))
    .digest("base64url");
  return { ...queued, signature };
}

/** Distinct random numbers of 0..total-1, avoiding `avoid`. */
export function randomNumbers(total, count, avoid = () => false) {
  const picked = new Set();
  for (let guard = 0; picked.size < count && guard < 100_000; guard++) {
    const n = Math.floor(Math.random() * total);
    if (!avoid(n)) picked.add(n);
  }
  return [...picked];
}

/**
 * Each vendedor's queue, as saved without signal over the day: `perSeller` sales of 2 or 3 numbers
 * (2 is the least a purchase may have: MIN_TICKETS_PER_PURCHASE), none repeated within the vendedor's own
 * queue, picked from the whole raffle as the grid loaded ahead showed it (so vendedores collide with each
 * other and with buyers); ~60 % cash, the rest Pago Móvil in bolívares with a unique reference.
 */
export function prepareQueues({ sellers, raffleId, totalTickets, perSeller, cashShare = 0.6 }) {
  const run = randomBytes(2).readUInt16BE(0) % 1000;
  const started = Date.now();
  for (const [s, seller] of sellers.entries()) {
    const mine = new Set();
    seller.queue = Array.from({ length: perSeller }, (_, k) => {
      const numbers = randomNumbers(totalTickets, 2 + (Math.random() < 0.5 ? 1 : 0), (n) => mine.has(n));
      for (const n of numbers) mine.add(n);
      const cash = Math.random() < cashShare;
      const total = numbers.length * PRICE;
      const body = {
        saleId: randomUUID(),
        raffleId,
        numbers,
        buyerName: `Cliente ${s + 1}-${k + 1}`,
        buyerPhone: `+58424${String(s * 1000 + k).padStart(7, "0")}`,
        method: cash ? "efectivo_usd" : "pago_movil",
        ...(cash ? {} : { reference: `${run}${String(s).padStart(3, "0")}${String(k).padStart(4, "0")}` }),
        amount: cash ? total : total * RATE,
      };
      // Saved oldest first over the last hours, one minute apart.
      const recordedAt = new Date(started - (perSeller - k) * 60_000).toISOString();
      return signSale(body, seller.saleKey, recordedAt);
    });
  }
}
