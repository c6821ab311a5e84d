// What the journey part of `npm run bench:web` needs before its first load: a chosen-number raffle and a
// random-quantity raffle on sale that take Pago Móvil (the demo catalogue's, with their images, else
// published by the administrator), and signed-in demo buyers whose caps allow a reservation of 2 there.
// The server runs with NODE_ENV=production, so the demo accounts' passwords are generated and logged
// once at seeding (apps/api/src/seed/demo-accounts.ts); they are read from the server's output, as
// e2e/support/server.ts does.
import { cookieOf } from "./phone.mjs";

const NEEDED_PER_RUN = 2;

/** The generated password of every demo account, from the seed's log line. */
export function demoPasswords(serverOutput) {
  const passwords = new Map();
  for (const line of serverOutput.split("\n")) {
    if (!line.includes('"demoAccounts"')) continue;
    try {
      for (const [email, password] of Object.entries(JSON.parse(line).demoAccounts ?? {}))
        passwords.set(email, password);
    } catch {
      // Not a JSON log line.
    }
  }
  return passwords;
}

async function getJson(baseUrl, endpoint, cookie) {
  const response = await fetch(`${baseUrl}${endpoint}`, { headers: cookie ? { cookie } : {} });
  if (!response.ok) throw new Error(`GET ${endpoint}: ${response.status}`);
  return response.json();
}

/** Signs in through the API; returns the raw Set-Cookie headers (for the browser) and the Cookie header. */
export async function signInApi(baseUrl, email, password) {
  const response = await fetch(`${baseUrl}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: new URL(baseUrl).origin },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`inicio de sesión de ${email}: ${response.status}`);
  return { setCookies: response.headers.getSetCookie(), cookie: cookieOf(response) };
}

/** Set-Cookie headers as Playwright cookies for `baseUrl` (its host, the attributes they carry). */
export function browserCookies(baseUrl, setCookies) {
  const host = new URL(baseUrl).hostname;
  return setCookies
    .map((header) => {
      const [pair, ...attributes] = header.split(";").map((part) => part.trim());
      const eq = pair.indexOf("=");
      const cookie = { name: pair.slice(0, eq), value: pair.slice(eq + 1), domain: host, path: "/" };
      for (const attribute of attributes) {
        const [key, value = ""] = attribute.split("=");
        const name = key.toLowerCase();
        if (name === "path") cookie.path = value;
        if (name === "httponly") cookie.httpOnly = true;
        if (name === "secure") cookie.secure = true;
        if (name === "samesite") cookie.sameSite = value[0].toUpperCase() + value.slice(1).toLowerCase();
      }
      return cookie;
    })
    .filter((cookie) => cookie.value !== "");
}

/** Active raffles on sale by Pago Móvil in `mode`, with their details, most tickets left first. */
async function rafflesOnSale(baseUrl, mode, wanted) {
  const featured = await getJson(baseUrl, "/api/raffles/featured").catch(() => ({ items: [] }));
  const list = await getJson(baseUrl, "/api/raffles?status=active");
  const ids = [...new Set([...(featured.items ?? []), ...(list.items ?? [])].map((r) => r.id))];
  const found = [];
  for (const id of ids) {
    const detail = await getJson(baseUrl, `/api/raffles/${id}`);
    const mine = (detail.numberMode ?? "random") === mode;
    if (mine && detail.remaining >= wanted && detail.acceptedMethods?.includes("pago_movil"))
      found.push(detail);
  }
  // The featured one first (what a visitor opens from the home page), then by tickets left.
  const featuredIds = new Set((featured.items ?? []).map((r) => r.id));
  return found.sort(
    (a, b) => Number(featuredIds.has(b.id)) - Number(featuredIds.has(a.id)) || b.remaining - a.remaining,
  );
}

/** Publishes a raffle in `mode` through the admin API and waits for its ticket pool. */
async function publishRaffle(baseUrl, adminCookie, mode) {
  const origin = new URL(baseUrl).origin;
  const created = await fetch(`${baseUrl}/api/admin/raffles`, {
    method: "POST",
    headers: { cookie: adminCookie, origin, "content-type": "application/json" },
    body: JSON.stringify({
      title: mode === "chosen" ? "Moto del recorrido (números elegidos)" : "Moto del recorrido (al azar)",
      description: "Rifa publicada por npm run bench:web para medir el recorrido del comprador.",
      price: 3,
      currency: "USD",
      totalTickets: 500,
      status: "active",
      activationType: "date",
      endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      announcementType: "internal",
      paymentMethods: ["Pago Móvil", "Zelle"],
      prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
      numberMode: mode,
      reservationMinutes: 15,
    }),
  });
  const body = await created.json().catch(() => null);
  if (created.status !== 201 || !body?.id) throw new Error(`crear la rifa (${mode}): ${created.status}`);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const raffle = await getJson(baseUrl, `/api/admin/raffles/${body.id}`, adminCookie);
    if (raffle.ticketsGenerated) return getJson(baseUrl, `/api/raffles/${body.id}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("el lote de boletos de la rifa no se generó en 60 s");
}

async function raffleFor(baseUrl, admin, mode, wanted) {
  const [demo] = await rafflesOnSale(baseUrl, mode, wanted);
  if (demo) return { id: demo.id, title: demo.title, origin: "demostración" };
  const { cookie } = await signInApi(baseUrl, admin.email, admin.password);
  const published = await publishRaffle(baseUrl, cookie, mode);
  return { id: published.id, title: published.title, origin: "publicada por el administrador" };
}

/**
 * Buyers for `runs` runs of each flow: every demo buyer who signs in, with what the server allows them
 * (GET /api/proofs/allowance) in each raffle. A chosen run also uploads a proof, so its buyer needs a
 * free slot of MAX_PENDING_PROOFS_PER_ACCOUNT; each buyer is used once per flow while there are enough.
 */
async function pickBuyers(baseUrl, passwords, raffles, runs) {
  const usable = [];
  for (const [email, password] of passwords) {
    let session;
    try {
      session = await signInApi(baseUrl, email, password);
    } catch {
      continue; // an inactive demo account
    }
    const allowance = async (raffleId) =>
      getJson(baseUrl, `/api/proofs/allowance?raffleId=${raffleId}`, session.cookie).catch(() => null);
    const chosen = await allowance(raffles.chosen.id);
    const random = await allowance(raffles.random.id);
    usable.push({ email, setCookies: session.setCookies, chosen, random });
  }
  const fits = (a) => a && (a.ticketsAllowed === null || a.ticketsAllowed >= NEEDED_PER_RUN);
  const chosenBuyers = usable.filter(
    (b) => fits(b.chosen) && b.chosen.pendingProofs < b.chosen.maxPendingProofs,
  );
  const randomBuyers = usable.filter((b) => fits(b.random));
  if (!chosenBuyers.length || !randomBuyers.length)
    throw new Error(`ningún comprador de demostración puede reservar (${usable.length} iniciaron sesión)`);
  // Random-flow buyers other than the chosen-flow ones first, so no account holds in both at once.
  const chosenPicked = Array.from({ length: runs }, (_, i) => chosenBuyers[i % chosenBuyers.length]);
  const others = randomBuyers.filter((b) => !chosenPicked.includes(b));
  const randomPool =
    others.length >= runs ? others : [...others, ...randomBuyers.filter((b) => !others.includes(b))];
  const randomPicked = Array.from({ length: runs }, (_, i) => randomPool[i % randomPool.length]);
  return { chosen: chosenPicked, random: randomPicked };
}

/** The raffles and the buyers of each run; throws with the reason when the journey cannot be measured. */
export async function prepareJourney({ baseUrl, admin, serverOutput, runs }) {
  const passwords = demoPasswords(serverOutput);
  if (passwords.size === 0)
    throw new Error("el log del servidor no trae las contraseñas de los compradores de demostración");
  const wanted = NEEDED_PER_RUN * runs + 10;
  const raffles = {
    chosen: await raffleFor(baseUrl, admin, "chosen", wanted),
    random: await raffleFor(baseUrl, admin, "random", wanted),
  };
  const buyers = await pickBuyers(baseUrl, passwords, raffles, runs);
  return { raffles, buyers };
}
