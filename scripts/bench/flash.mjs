// Part "flash": a flash sale on PostgreSQL. The administrator publishes a new 10 000-ticket raffle; then, for
// the whole window, autocannon plays the visitors (each connection loops over the page a phone loads: the
// home HTML, /api/raffles/featured, /api/raffles and the new raffle's detail, with a browser's
// Accept-Encoding) while 200 payment proofs are uploaded through POST /api/proofs (multipart, a real PNG)
// by the signed-in demo users, spread evenly over the window, and the administrator approves each one as
// it arrives (2 at a time). Every user signs in once (sign-in is limited per IP) and keeps the cookie;
// uploads are spread over all demo users (20 per user per 10 minutes).
import { writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  createPgDatabase,
  DEMO_PASSWORD,
  figure,
  int,
  ms,
  percentile,
  sleep,
  spawnTracked,
  startApiServer,
  tempDir,
  times,
} from "./lib.mjs";
import { cookieOf } from "./phone.mjs";

const UPLOADS = 200;
const TICKETS_PER_UPLOAD = 2;
const PRICE = 1;
const APPROVERS = 2;
const UPLOADS_PER_USER = 20; // PROOF_UPLOAD_RULE in apps/api/src/modules/proofs/routes.ts
const GOALS = { p99: 300, errorRate: 0.001 };
// Sent by every visitor, as a phone browser would.
const BROWSER_HEADERS = {
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "es-VE,es;q=0.9",
  "user-agent": "Mozilla/5.0 (Linux; Android 14) rifazo-bench",
};

async function signIn(api, email, password) {
  const response = await fetch(`${api.url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: api.origin },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json().catch(() => ({}));
  if (response.status !== 200 || !body.user) {
    throw new Error(`inicio de sesión de ${email}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  }
  return cookieOf(response);
}

async function adminCall(api, cookie, method, path, body) {
  const response = await fetch(`${api.url}${path}`, {
    method,
    headers: {
      cookie,
      origin: api.origin,
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

export async function runFlash({ quick, connections }) {
  const duration = quick ? 15 : 60;
  const database = await createPgDatabase("flash");
  console.log("bench:flash: arrancando el servidor compilado sobre PostgreSQL (catálogo de demostración)...");
  const api = await startApiServer({ databaseUrl: database.url, seedDemo: true });

  const adminCookie = await signIn(api, ADMIN_EMAIL, ADMIN_PASSWORD);
  const created = await adminCall(api, adminCookie, "POST", "/api/admin/raffles", {
    title: "Venta relámpago: moto 0 km",
    description: "Rifa publicada por npm run bench para la prueba de venta relámpago.",
    price: PRICE,
    currency: "USD",
    totalTickets: 10_000,
    status: "active",
    isFeatured: true,
    activationType: "date",
    endDate: "2030-06-01T20:00:00.000Z",
    prizeLevels: [{ description: "Moto 0 km", winnerCount: 1 }],
  });
  if (created.status !== 201)
    throw new Error(`crear la rifa: ${created.status} ${JSON.stringify(created.body)}`);
  const raffleId = created.body.id;
  const poolDeadline = Date.now() + 60_000;
  for (;;) {
    const raffle = await adminCall(api, adminCookie, "GET", `/api/admin/raffles/${raffleId}`);
    if (raffle.body?.ticketsGenerated) break;
    if (Date.now() > poolDeadline) throw new Error("el lote de boletos no se generó en 60 s");
    await sleep(100);
  }

  // The demo buyers (verified, active, password Demo12345!), straight from the database.
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows: demoUsers } = await client.query(
    `SELECT email FROM users WHERE role = 'user' AND status = 'active' AND email_verified AND email LIKE '%@example.com' ORDER BY email`,
  );
  await client.end();
  const users = [];
  for (const { email } of demoUsers) {
    try {
      users.push({ email, cookie: await signIn(api, email, DEMO_PASSWORD) });
    } catch (error) {
      console.log(`bench:flash: ${error.message}; se omite`);
    }
  }
  const capacity = users.length * UPLOADS_PER_USER;
  if (capacity < UPLOADS) {
    throw new Error(
      `solo ${users.length} usuarios de demostración: ${capacity} subidas posibles < ${UPLOADS}`,
    );
  }

  const requests = [
    { method: "GET", path: "/" },
    { method: "GET", path: "/api/raffles/featured" },
    { method: "GET", path: "/api/raffles" },
    { method: "GET", path: `/api/raffles/${raffleId}` },
  ];
  const labelOf = new Map([
    ["/", "GET / (HTML)"],
    ["/api/raffles/featured", "GET /api/raffles/featured"],
    ["/api/raffles", "GET /api/raffles"],
    [`/api/raffles/${raffleId}`, "GET /api/raffles/{id}"],
  ]);

  // Warm-up, so the first measured seconds are not JIT compilation.
  await autocannon({ url: api.url, connections: 20, duration: 2, requests, headers: BROWSER_HEADERS });

  console.log(
    `bench:flash: ${connections} visitantes durante ${duration} s + ${UPLOADS} comprobantes subidos y aprobados...`,
  );
  const perRoute = new Map();
  const instance = autocannon({
    url: api.url,
    connections,
    duration,
    requests,
    headers: BROWSER_HEADERS,
    timeout: 10,
  });
  instance.on("response", (client, statusCode, _bytes, responseTime) => {
    const path = client.requestIterator.currentRequest.path;
    let entry = perRoute.get(path);
    if (!entry) {
      entry = { latencies: [], non2xx: 0 };
      perRoute.set(path, entry);
    }
    entry.latencies.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) entry.non2xx++;
  });
  const loadDone = instance.then((result) => result);
  const windowMs = duration * 1000;

  // The writers start with the load, in their own process (see flash-writers.mjs).
  const planFile = path.join(tempDir("rifazo-bench-flash-"), "plan.json");
  writeFileSync(
    planFile,
    JSON.stringify({
      url: api.url,
      origin: api.origin,
      raffleId,
      adminCookie,
      users: users.map((u) => ({ cookie: u.cookie })),
      count: UPLOADS,
      windowMs,
      startAt: Date.now(),
      approvers: APPROVERS,
      price: PRICE,
      ticketsPerUpload: TICKETS_PER_UPLOAD,
    }),
  );
  const writer = spawnTracked(process.execPath, ["scripts/bench/flash-writers.mjs", planFile]);
  const writerExit = new Promise((resolve) => writer.once("exit", (c, s) => resolve(c ?? s)));
  const result = await loadDone;
  const writerTimer = setTimeout(() => writer.kill("SIGKILL"), 120_000);
  const writerCode = await writerExit;
  clearTimeout(writerTimer);
  const lastLine = writer.output.trim().split("\n").at(-1) ?? "";
  if (writerCode !== 0 || !lastLine.startsWith("{")) {
    throw new Error(`flash-writers.mjs terminó con ${writerCode}:\n${writer.output.slice(-3000)}`);
  }
  const { uploads, approvals, pngBytes } = JSON.parse(lastLine);
  const total = result.requests.total;

  const detail = await (await fetch(`${api.url}/api/raffles/${raffleId}`)).json();
  if (uploads.failedCount + approvals.failedCount > 0) {
    // The server's own account of the failures (LOG_LEVEL=warn), for whoever investigates.
    console.log(`bench:flash: últimas líneas del servidor:\n${api.child.output.slice(-4000)}`);
  }
  await api.child.stop();
  await database.drop();

  // Page API calls = the three /api requests of each visit (the HTML is reported on its own line).
  const apiLatencies = [];
  const rows = [];
  for (const request of requests) {
    const entry = perRoute.get(request.path) ?? { latencies: [], non2xx: 0 };
    if (request.path.startsWith("/api/")) apiLatencies.push(...entry.latencies);
    rows.push({ label: labelOf.get(request.path), ...entry });
  }
  const apiP99 = percentile(apiLatencies, 99);
  const failedRequests = result.errors + result.timeouts + result.non2xx;
  const errorRate = total > 0 ? failedRequests / total : 1;
  const soldOk = detail.soldTickets === approvals.ok * TICKETS_PER_UPLOAD;

  const figures = [
    figure("p99 de las llamadas API de la página", ms(apiP99), {
      goal: `≤ ${GOALS.p99} ms`,
      ratio: `${times(apiP99 / GOALS.p99)} del límite`,
      ok: apiP99 <= GOALS.p99,
    }),
    figure(
      "Tasa de error (todas las peticiones)",
      `${(errorRate * 100).toFixed(3)} % (${int(failedRequests)} de ${int(total)})`,
      {
        goal: `≤ ${GOALS.errorRate * 100} %`,
        ratio: `${times(errorRate / GOALS.errorRate)} del límite`,
        ok: errorRate <= GOALS.errorRate,
      },
    ),
    figure(
      "Peticiones por segundo (visitantes)",
      `${int(result.requests.average)} req/s, ≈ ${int(total / requests.length)} páginas vistas`,
    ),
    ...rows.map((row) =>
      figure(
        `${row.label}: p50 / p99`,
        `${ms(percentile(row.latencies, 50))} / ${ms(percentile(row.latencies, 99))}`,
      ),
    ),
    figure("Comprobantes subidos (POST /api/proofs)", `${uploads.ok} de ${UPLOADS}`, {
      goal: `${UPLOADS}`,
      ok: uploads.ok === UPLOADS,
    }),
    figure(
      "Subida: p50 / p99",
      `${ms(percentile(uploads.latencies, 50))} / ${ms(percentile(uploads.latencies, 99))}${uploads.late ? ` (${uploads.late} terminaron después de la ventana)` : ""}`,
    ),
    figure("Comprobantes aprobados", `${approvals.ok} de ${uploads.ok}`, {
      goal: `todos los subidos`,
      ok: approvals.ok === uploads.ok,
    }),
    figure(
      "Aprobación: p50 / p99",
      `${ms(percentile(approvals.latencies, 50))} / ${ms(percentile(approvals.latencies, 99))}${approvals.late ? ` (${approvals.late} terminaron después de la ventana)` : ""}`,
    ),
    figure("Vendidos en la rifa = 2 × aprobados", `${detail.soldTickets} = 2 × ${approvals.ok}`, {
      goal: "igual",
      ok: soldOk,
    }),
  ];
  const failures = [
    ...(uploads.failedCount
      ? [`${uploads.failedCount} subidas fallidas; p. ej.`, ...uploads.failed.slice(0, 2)]
      : []),
    ...(approvals.failedCount
      ? [`${approvals.failedCount} aprobaciones fallidas; p. ej.`, ...approvals.failed.slice(0, 2)]
      : []),
  ];
  return {
    title: "5. Venta relámpago sobre PostgreSQL",
    notes: [
      `${connections} conexiones de autocannon (cada una es un visitante que repite la secuencia sin pausa: HTML de /, /api/raffles/featured, /api/raffles, /api/raffles/{id}) durante ${duration} s, con Accept-Encoding: gzip, deflate, br como un navegador; sin If-None-Match.`,
      `${UPLOADS} comprobantes PNG de ${Math.round(pngBytes / 1000)} kB (${TICKETS_PER_UPLOAD} boletos cada uno) repartidos entre ${users.length} usuarios de demostración, uno cada ${ms((windowMs * 0.8) / UPLOADS)}, y aprobados por el administrador (${APPROVERS} a la vez) según llegan.`,
      "Servidor, PostgreSQL, autocannon y los clientes de subida/aprobación comparten los mismos núcleos.",
      ...failures.map((f) => `Fallo: ${f}`),
    ],
    figures,
  };
}
