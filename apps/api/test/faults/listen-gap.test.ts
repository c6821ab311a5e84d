// The LISTEN connection drops (PostgreSQL restart, network cut) while browsers stay connected to the API.
// Events that commit before LISTEN is re-subscribed produce no notification for this instance; the bus
// must read them back from the events table and give them to the open streams, once each and in order.
import { mkdtempSync, rmSync } from "node:fs";
import type net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/db/client";
import { createEventBus } from "../../src/modules/events/service";
import { NEEDS_SERVER } from "./env";
import type * as Harness from "./harness";
import type { TcpProxy as PgProxy, ScratchDatabase, SseMessage } from "./support";

const {
  buildApp,
  createScratchDatabase,
  loadConfig,
  openDatabase,
  openEventStream,
  runMigrations,
  TcpProxy,
  teardown,
} = NEEDS_SERVER ? ({} as typeof Harness) : await import("./harness");

// Cuts the LISTEN connection with a TCP proxy: PGlite has no connection to cut (it lives in this process).
describe.skipIf(NEEDS_SERVER)(
  "faults: events committed while LISTEN is down (needs TEST_DATABASE_URL)",
  () => {
    let scratch: ScratchDatabase;
    let proxy: PgProxy;
    let viaProxy: Database;
    let direct: Database;
    let app: FastifyInstance;
    let base: string;
    let dataDir: string;

    beforeAll(async () => {
      scratch = await createScratchDatabase("listengap");
      direct = await openDatabase({ url: scratch.url, poolMax: 2 });
      await runMigrations(direct, scratch.url);
      const target = new URL(scratch.url);
      proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
      await proxy.start();
      const proxied = new URL(scratch.url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(proxy.port);
      dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-listengap-"));
      const config = loadConfig(
        { NODE_ENV: "test" },
        {
          dataDir,
          databaseUrl: proxied.toString(),
          publicUrl: "http://localhost:3000",
          logLevel: process.env.FAULTS_LOG ?? "silent",
          seedDemo: false,
        },
      );
      viaProxy = await openDatabase({ url: proxied.toString(), poolMax: 4 });
      app = await buildApp({ config, database: viaProxy });
      await app.listen({ port: 0, host: "127.0.0.1" });
      base = `http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}`;
    });

    afterAll(() =>
      teardown(
        () => app?.close(),
        () => viaProxy?.close(),
        () => direct?.close(),
        () => proxy?.stop(),
        () => scratch?.drop(),
        () => dataDir && rmSync(dataDir, { recursive: true, force: true }),
      ),
    );

    it("a connected stream gets, once and in order, the events another instance committed during the gap", async () => {
      // Another API instance whose own connection never dropped: it keeps committing while this one is cut off.
      const other = createEventBus({ database: direct, db: direct.db, log: pino({ level: "silent" }) });
      const publishFromOther = (change: string) =>
        other.publish(direct.db, { topic: "raffle", payload: { type: "raffle.updated", change } });
      const arrived = (change: string) => (message: SseMessage) =>
        message.data?.includes(`"change":"${change}"`) ?? false;

      const stream = await openEventStream(`${base}/api/events`);
      try {
        await publishFromOther("before");
        await stream.waitFor(arrived("before"), 5_000);

        await proxy.cut();
        await publishFromOther("gap-1");
        await publishFromOther("gap-2");
        await proxy.restore();

        // No browser reconnects (the stream to this instance never broke); the bus itself catches up.
        await stream.waitFor(arrived("gap-2"), 15_000);
        await publishFromOther("after");
        await stream.waitFor(arrived("after"), 5_000);
        expect(stream.ended, "el flujo SSE se cerró").toBe(false);

        const changes = stream.messages
          .filter((message) => message.event === "raffle")
          .map((message) => JSON.parse(message.data ?? "{}").change);
        expect(changes).toEqual(["before", "gap-1", "gap-2", "after"]);
        const ids = stream.messages.filter((message) => message.event === "raffle").map((m) => Number(m.id));
        expect(ids).toEqual([...ids].sort((a, b) => a - b));
      } finally {
        stream.close();
      }
    }, 60_000);
  },
);
