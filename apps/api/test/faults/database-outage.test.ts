// The database becomes unreachable under load and comes back ("faults"). Restarting the shared
// PostgreSQL server would break the other test files running at the same time, so a TCP proxy sits between
// the app and PostgreSQL: cutting it kills every connection (in use or idle, the LISTEN one included) and
// refuses new ones, which is what the app sees when the server restarts or the network drops.
import { mkdtempSync, rmSync } from "node:fs";
import type net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { NEEDS_SERVER } from "./env";
import type * as Harness from "./harness";
import type { TcpProxy as PgProxy, ScratchDatabase } from "./support";

// Loaded only when the suite runs: without a server the file is skipped at the cost of its vitest import.
const {
  buildApp,
  checkInvariants,
  createScratchDatabase,
  createUser,
  ERROR_MESSAGES,
  generateTicketPool,
  LISTENER_APPLICATION_NAME,
  loadConfig,
  proofForm,
  openDatabase,
  openEventStream,
  pg,
  raffles,
  runMigrations,
  signIn,
  sleep,
  TcpProxy,
  teardown,
  tinyPng,
} = NEEDS_SERVER ? ({} as typeof Harness) : await import("./harness");

/** The pool's connectionTimeoutMillis (db/client.ts): no request may wait longer than this plus slack. */
const POOL_CONNECT_TIMEOUT_MS = 5_000;
const OUTAGE_MS = 3_000;
const WORKERS = 6;

/** Upload refusals by the per-buyer limits, answered from the database (decision 0008). */
const BUSINESS_REFUSALS = new Set(["TICKET_CAP_REACHED", "TOO_MANY_PENDING_PROOFS"]);

interface Sample {
  kind: "me" | "mine" | "raffle" | "upload" | "health";
  start: number;
  end: number;
  status: number;
  code?: string;
  message?: string;
  retryAfter: string | null;
  failure?: string;
}

// A TCP proxy cuts the app off its database: PGlite has no connection to cut (it lives in this process).
describe.skipIf(NEEDS_SERVER)(
  "faults: database outage under load (needs TEST_DATABASE_URL; a TCP proxy cuts PostgreSQL for 3 s)",
  () => {
    let scratch: ScratchDatabase;
    let proxy: PgProxy;
    let database: Database;
    let app: FastifyInstance;
    let base: string;
    let dataDir: string;
    let png: Buffer;

    beforeAll(async () => {
      scratch = await createScratchDatabase("outage");
      const direct = await openDatabase({ url: scratch.url, poolMax: 2 });
      try {
        await runMigrations(direct, scratch.url);
      } finally {
        await direct.close();
      }
      const target = new URL(scratch.url);
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const viaProxy = new URL(scratch.url);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-outage-"));
      const config = loadConfig(
        { NODE_ENV: "test" },
        {
          dataDir,
          databaseUrl: viaProxy.toString(),
          publicUrl: "http://localhost:3000",
          // FAULTS_LOG=error prints the app's error log when a run needs explaining.
          logLevel: process.env.FAULTS_LOG ?? "silent",
          seedDemo: false,
        },
      );
      database = await openDatabase({ url: viaProxy.toString(), poolMax: 10 });
      app = await buildApp({ config, database });
      await app.listen({ port: 0, host: "127.0.0.1" });
      base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
      png = await tinyPng();
    });

    afterAll(() =>
      teardown(
        () => app?.close(),
        () => database?.close(),
        () => proxy?.stop(),
        () => scratch?.drop(),
        () => dataDir && rmSync(dataDir, { recursive: true, force: true }),
      ),
    );

    it("answers 503 + Retry-After while PostgreSQL is unreachable, never 500 or a hang, and recovers by itself (SSE too)", async () => {
      // Ten buyers (the per-user upload limit stays far away) and one raffle with room for every upload.
      const buyers = await Promise.all(
        Array.from({ length: 10 }, async (_, i) => {
          const user = await createUser(app, { fullName: `Comprador ${i}` });
          return { ...user, cookie: await signIn(app, user.email, user.password) };
        }),
      );
      const [raffle] = await app.ctx.db
        .insert(raffles)
        .values({
          title: "Rifa de la caída",
          price: 1,
          status: "active",
          totalTickets: 2_000,
          endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        })
        .returning();
      if (!raffle) throw new Error("sin rifa");
      await generateTicketPool(app.ctx, raffle.id);

      const stream = await openEventStream(`${base}/api/events`);
      const probe = async (label: string) =>
        app.ctx.events.publish(app.ctx.db, {
          topic: "raffle",
          payload: { type: "raffle.updated", id: raffle.id, change: label },
        });
      const arrived = (label: string) => (message: { data?: string }) =>
        message.data?.includes(`"change":"${label}"`) ?? false;
      await probe("before");
      await stream.waitFor(arrived("before"), 5_000);

      const samples: Sample[] = [];
      let stop = false;
      let uploads = 0;
      async function request(kind: Sample["kind"], worker: number): Promise<void> {
        const buyer = buyers[(worker + samples.length) % buyers.length];
        if (!buyer) return;
        let url = `${base}/api/account/me`;
        const init: RequestInit = { headers: { cookie: buyer.cookie } };
        if (kind === "mine") url = `${base}/api/proofs/mine`;
        if (kind === "raffle") url = `${base}/api/raffles/${raffle?.id}`;
        if (kind === "health") url = `${base}/api/health`;
        if (kind === "upload") {
          uploads += 1;
          const form = proofForm(png, {
            raffleId: raffle?.id ?? "",
            paymentMethod: "pago_movil",
            quantity: 2,
            refPrefix: "OUT",
            keyPrefix: "outage",
          });
          url = `${base}/api/proofs`;
          init.method = "POST";
          init.body = form.body;
          init.headers = { cookie: buyer.cookie, "content-type": form.contentType };
        }
        const start = Date.now();
        try {
          const response = await fetch(url, {
            ...init,
            signal: AbortSignal.timeout(POOL_CONNECT_TIMEOUT_MS * 3),
          });
          const text = await response.text();
          let body: { error?: { code?: string; message?: string } } = {};
          try {
            body = JSON.parse(text);
          } catch {}
          samples.push({
            kind,
            start,
            end: Date.now(),
            status: response.status,
            code: body.error?.code,
            message: body.error?.message,
            retryAfter: response.headers.get("retry-after"),
          });
        } catch (error) {
          samples.push({
            kind,
            start,
            end: Date.now(),
            status: 0,
            retryAfter: null,
            failure: String(error),
          });
        }
      }
      const kinds: Sample["kind"][] = ["me", "mine", "raffle", "upload", "health", "mine", "raffle", "me"];
      const workers = Array.from({ length: WORKERS }, async (_, worker) => {
        for (let i = worker; !stop; i++) {
          await request(kinds[i % kinds.length] ?? "me", worker);
          await sleep(15);
        }
      });

      // Phases end on counts as well as time, so a busy machine (other suites, e2e) still gets enough
      // samples of each: load first, then the cut for at least OUTAGE_MS, then the recovery.
      const finished = (from: number, to = Number.POSITIVE_INFINITY) =>
        samples.filter((s) => s.start >= from && s.end <= to).length;
      const waitUntil = async (done: () => boolean, minMs: number, maxMs: number) => {
        const started = Date.now();
        while (Date.now() - started < maxMs && (Date.now() - started < minMs || !done())) await sleep(20);
      };
      const loadStarted = Date.now();
      await waitUntil(() => finished(loadStarted) >= 30, 1_000, 20_000);
      const cutAt = Date.now();
      await proxy.cut();
      const connectionsCut = proxy.connectionsCut;
      await waitUntil(() => finished(cutAt + 100) >= 20, OUTAGE_MS, 10_000);
      const restoredAt = Date.now();
      await proxy.restore();

      // Recovery without touching the app: the first healthy answer after the proxy is back.
      let recoveredAt = 0;
      while (!recoveredAt && Date.now() - restoredAt < 10_000) {
        const health = await fetch(`${base}/api/health`);
        await health.text();
        if (health.status === 200) recoveredAt = Date.now();
        else await sleep(50);
      }
      expect(recoveredAt, "la API no se recuperó en 10 s").toBeGreaterThan(0);
      // An event committed right now, possibly before the LISTEN connection is back: the bus reads it back
      // from the events table once LISTEN is re-subscribed, so the stream gets it either way.
      const gapProbeAt = Date.now();
      await probe("at-recovery");
      await waitUntil(() => finished(recoveredAt) >= 30, 1_000, 20_000);
      stop = true;
      await Promise.all(workers);

      // The LISTEN connection is re-established on its own (a new backend, started after the restore)...
      const direct = new pg.Client({ connectionString: scratch.url });
      await direct.connect();
      let listenBackAt = 0;
      try {
        while (!listenBackAt && Date.now() - restoredAt < 15_000) {
          const { rows } = await direct.query(
            `SELECT max(backend_start) AS since FROM pg_stat_activity
             WHERE datname = $1 AND application_name = $3 AND backend_start >= $2`,
            [scratch.name, new Date(restoredAt), LISTENER_APPLICATION_NAME],
          );
          if (rows[0]?.since) listenBackAt = new Date(rows[0].since).getTime();
          else await sleep(50);
        }
      } finally {
        await direct.end();
      }
      expect(listenBackAt, "LISTEN no se restableció").toBeGreaterThan(0);
      // ... and an event published after recovery reaches the SSE client that stayed connected throughout.
      expect(stream.ended, "el flujo SSE se cerró durante la caída").toBe(false);
      await probe("after");
      await stream.waitFor(arrived("after"), 5_000);
      // The catch-up runs ahead of the notifications of the new LISTEN connection, so it is already there,
      // once and before "after".
      const gapDeliveries = stream.messages.filter(arrived("at-recovery")).length;
      const order =
        stream.messages.findIndex(arrived("at-recovery")) < stream.messages.findIndex(arrived("after"));
      stream.close();
      expect({ gapDeliveries, order }).toEqual({ gapDeliveries: 1, order: true });

      const failures = samples.filter((s) => s.status === 0);
      expect(failures, "peticiones sin respuesta (cuelgue o conexión rota)").toEqual([]);
      // An upload cut while saving answers 503 like everything else and keeps its file (the row may have
      // committed); the orphan sweep removes the file later if no row refers to it.
      const errors5xx = samples.filter((s) => s.status >= 500 && s.status !== 503);
      expect(errors5xx, "ningún 500 durante la caída").toEqual([]);

      const before = samples.filter((s) => s.end < cutAt);
      const during = samples.filter((s) => s.start >= cutAt + 100 && s.end <= restoredAt);
      const after = samples.filter((s) => s.start >= recoveredAt);
      expect(before.length).toBeGreaterThan(20);
      expect(during.length).toBeGreaterThan(20);
      expect(after.length).toBeGreaterThan(20);
      // A buyer's uploads stop at the pending-proof and per-buyer limits (decision 0008): that 409 is the
      // database answering, so it counts as a working request; the first uploads still succeed.
      const refusedByRule = (s: Sample) =>
        s.kind === "upload" && s.status === 409 && BUSINESS_REFUSALS.has(String(s.code));
      expect(before.filter((s) => s.status >= 300 && !refusedByRule(s))).toEqual([]);
      expect(before.some((s) => s.kind === "upload" && s.status === 201)).toBe(true);
      for (const s of during) {
        expect(s.status, `${s.kind} durante la caída`).toBe(503);
        if (s.kind === "health") continue;
        expect(s, `${s.kind} durante la caída`).toMatchObject({
          code: "SERVICE_UNAVAILABLE",
          message: ERROR_MESSAGES.SERVICE_UNAVAILABLE,
        });
        expect(Number(s.retryAfter), `${s.kind}: Retry-After`).toBeGreaterThan(0);
      }
      expect(after.filter((s) => s.status >= 300 && !refusedByRule(s))).toEqual([]);
      // A 503 comes at once (refused) or after at most the pool's connection timeout, never later.
      const slowest503 = Math.max(...samples.filter((s) => s.status === 503).map((s) => s.end - s.start));
      expect(slowest503).toBeLessThan(POOL_CONNECT_TIMEOUT_MS + 1_500);
      const slowest = Math.max(...samples.map((s) => s.end - s.start));

      // Whatever was cut mid-transaction rolled back cleanly; files kept for uploads whose row never
      // committed are what the sweep removes once they are old enough ("later" here: grace 0).
      const { sweepOrphanProofFiles } = await import("../../src/modules/proofs/orphan-sweep");
      const swept = await sweepOrphanProofFiles(app.ctx, { graceMs: 0 });
      expect(await checkInvariants(scratch.url, { storageRoot: path.join(dataDir, "files") })).toEqual([]);

      const maxDuring = Math.max(...during.map((s) => s.end - s.start));
      console.info(
        `[outage] ${samples.length} requests (${uploads} uploads): before ${before.length}, during ${during.length} ` +
          `(all 503, slowest ${maxDuring} ms, slowest 503 overall ${slowest503} ms), after ${after.length}; connections cut ${connectionsCut}; ` +
          `API healthy ${recoveredAt - restoredAt} ms after the restore, LISTEN back after ${listenBackAt - restoredAt} ms; ` +
          `event published ${gapProbeAt - restoredAt} ms after the restore delivered once: ${gapDeliveries === 1}; slowest request ${slowest} ms; ` +
          `files of uploads cut while saving, swept afterwards: ${swept.deleted.length}`,
      );
    }, 90_000);
  },
);
