// The yardstick for the public API: a bare `node:http` + `pg` handler that runs, for each route, the SAME
// SQL statements the raffles service sends (captured from it by route-sql.ts and handed over in
// BENCH_ROUTE_SQL, a JSON file) against the same database with the same pool size, and answers the rows as
// JSON. No framework, no validation, no serializer, no ETag, no security headers: whatever the API spends
// above this is the cost of Fastify and of our own code.
//   GET /api/raffles       card list, then the winners of those raffles (ids from the first result)
//   GET /api/raffles/:id   detail row, then prize levels and winners in parallel
// Env: DATABASE_URL, PORT, BENCH_ROUTE_SQL. Prints "ready" once listening.
import { readFileSync } from "node:fs";
import http from "node:http";
import pg from "pg";

const routeSql = JSON.parse(readFileSync(process.env.BENCH_ROUTE_SQL, "utf8"));
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on("error", () => {});

const [listQuery, listWinners] = routeSql.list;
const [detailQuery, ...detailRest] = routeSql.detail;
const capturedId = routeSql.detailId;
const withId = (params, id) => params.map((value) => (value === capturedId ? id : value));

async function list() {
  const { rows } = await pool.query(listQuery.sql, listQuery.params);
  let winners = [];
  if (listWinners && rows.length > 0) {
    // The service passes the ids of the rows it got: one array literal ("{a,b}", its prepared statement)
    // or one placeholder each, in order.
    const ids = rows.map((row) => row.id);
    const asArray = listWinners.params.length === 1 && String(listWinners.params[0]).startsWith("{");
    const params = asArray
      ? [`{${ids.join(",")}}`]
      : ids.length === listWinners.params.length
        ? ids
        : listWinners.params;
    winners = (await pool.query(listWinners.sql, params)).rows;
  }
  const byRaffle = new Map();
  for (const winner of winners) {
    const entry = byRaffle.get(winner.raffle_id) ?? [];
    entry.push(winner);
    byRaffle.set(winner.raffle_id, entry);
  }
  return { items: rows.map((row) => ({ ...row, winners: byRaffle.get(row.id) ?? [] })) };
}

async function detail(id) {
  const { rows } = await pool.query(detailQuery.sql, withId(detailQuery.params, id));
  const row = rows[0];
  if (!row) return null;
  const [levels, winners] = await Promise.all(
    detailRest.map((query) => pool.query(query.sql, withId(query.params, id)).then((r) => r.rows)),
  );
  return { ...row, prizeLevels: levels ?? [], winners: winners ?? [] };
}

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(json),
  });
  res.end(json);
}

const server = http.createServer((req, res) => {
  const url = req.url ?? "/";
  const path = url.split("?")[0];
  let work;
  if (path === "/api/raffles") work = list();
  else if (path.startsWith("/api/raffles/"))
    work = detail(decodeURIComponent(path.slice("/api/raffles/".length)));
  else if (path === "/api/health") work = pool.query("SELECT 1").then(() => ({ ok: true }));
  else return send(res, 404, { error: "not found" });
  work.then(
    (body) => (body ? send(res, 200, body) : send(res, 404, { error: "not found" })),
    (error) => send(res, 500, { error: String(error?.message ?? error) }),
  );
});
server.keepAliveTimeout = 72_000;

server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("ready"));

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close();
    server.closeAllConnections?.();
    pool.end().finally(() => process.exit(0));
  });
}
