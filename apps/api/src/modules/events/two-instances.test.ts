// Two API processes behind one load balancer: each its own app, pool, LISTEN connection and DATA_DIR,
// sharing only PostgreSQL and a bucket. Whatever one does, the other must see: sessions, realtime events,
// ticket holds and uploaded files. PGlite is one process's database, so this needs a real server.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PaymentProof, SessionUser } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raffleBody } from "../../../test/admin-fixtures";
import { createTestDatabase, createUser, signIn, type TestDatabase } from "../../../test/helpers";
import { type LocalS3, startLocalS3 } from "../../../test/s3-test-server";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import { type Database, openDatabase } from "../../db/client";
import { paymentProofs, raffles } from "../../db/schema";
import { hit } from "../../lib/rate-limit";
import { CONTACT_RATE_RULE } from "../contact/service";
import { catalogueCacheOf } from "../raffles/routes";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Instance {
  app: FastifyInstance;
  database: Database;
  base: string;
  dataDir: string;
}

interface SseMessage {
  event?: string;
  data?: string;
  retry?: string;
}

/** A streaming fetch of /api/events that parses messages as they arrive. */
async function openEvents(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: "text/event-stream" },
    signal: controller.signal,
  });
  if (!response.body) throw new Error("sin cuerpo");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const messages: SseMessage[] = [];
  let buffer = "";
  let reading: Promise<void> | null = null;

  function pump(): Promise<void> {
    reading ??= reader.read().then(({ value, done }) => {
      reading = null;
      if (done) throw new Error("el flujo terminó");
      buffer += value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const message: Record<string, string> = {};
        for (const line of buffer.slice(0, end).split("\n")) {
          const [field, ...rest] = line.split(": ");
          if (field && !line.startsWith(":")) message[field] = rest.join(": ");
        }
        messages.push(message);
        buffer = buffer.slice(end + 2);
      }
    });
    return reading;
  }

  async function waitFor(match: (message: SseMessage) => boolean, timeoutMs: number): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const found = messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`el mensaje no llegó en ${timeoutMs} ms`);
      await Promise.race([pump(), sleep(left)]);
    }
  }

  return { response, waitFor, close: () => controller.abort() };
}

// Two instances share one database only on a server: PGlite is opened by one process at a time.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "two API instances on one PostgreSQL (needs TEST_DATABASE_URL; PGlite is one process's database)",
  () => {
    let s3: LocalS3;
    let testDb: TestDatabase;
    let a: Instance;
    let b: Instance;
    let png: Buffer;

    async function startInstance(url: string): Promise<Instance> {
      const dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-instance-"));
      const config = loadConfig(
        { NODE_ENV: "test" },
        {
          dataDir,
          databaseUrl: url,
          publicUrl: "http://localhost:3000",
          logLevel: "silent",
          seedDemo: false,
          ...s3.config,
        },
      );
      const database = await openDatabase({ url, poolMax: 10 });
      const app = await buildApp({ config, database });
      await app.listen({ port: 0, host: "127.0.0.1" });
      return {
        app,
        database,
        dataDir,
        base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      };
    }

    async function stopInstance(instance: Instance | undefined): Promise<void> {
      if (!instance) return;
      await instance.app.close();
      await instance.database.close();
      rmSync(instance.dataDir, { recursive: true, force: true });
    }

    beforeAll(async () => {
      s3 = await startLocalS3();
      testDb = await createTestDatabase();
      const url = testDb.url ?? "";
      // Started together, as a deployment would: both race for the generated auth secret.
      [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
      png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } })
        .png()
        .toBuffer();
    });

    afterAll(async () => {
      await stopInstance(a);
      await stopInstance(b);
      await testDb?.drop();
      await s3?.close();
    });

    async function signedIn(role: "user" | "admin" = "user") {
      const user = await createUser(a.app, { role });
      return { ...user, cookie: await signIn(a.app, user.email, user.password) };
    }

    it("accepts on B a session made on A, and ends it on B when A logs out", async () => {
      const ana = await signedIn();
      const me = await fetch(`${b.base}/api/account/me`, { headers: { cookie: ana.cookie } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as SessionUser).id).toBe(ana.id);

      const logout = await fetch(`${a.base}/api/account/logout`, {
        method: "POST",
        headers: { cookie: ana.cookie, "content-type": "application/json" },
        body: "{}",
      });
      expect(logout.status).toBe(200);
      expect((await fetch(`${b.base}/api/account/me`, { headers: { cookie: ana.cookie } })).status).toBe(401);
    });

    it("delivers on B's event stream, within 2 s, a notification created on A", async () => {
      const [ana, admin] = await Promise.all([signedIn(), signedIn("admin")]);
      const stream = await openEvents(`${b.base}/api/events`, ana.cookie);
      try {
        expect(stream.response.status).toBe(200);
        // The first frame is written once B has subscribed this stream to its bus.
        await stream.waitFor((m) => m.retry !== undefined, 5_000);

        const sent = await fetch(`${a.base}/api/admin/users/${ana.id}/notify`, {
          method: "POST",
          headers: { cookie: admin.cookie, "content-type": "application/json" },
          body: JSON.stringify({ title: "Hola", message: "Tu pago fue recibido." }),
        });
        expect(sent.status).toBe(200);
        const { notificationId } = (await sent.json()) as { notificationId: string };
        const started = Date.now();
        const message = await stream.waitFor(
          (m) => m.event === "notification" && JSON.parse(m.data ?? "{}").id === notificationId,
          2_000,
        );
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(JSON.parse(message.data ?? "")).toMatchObject({ type: "notification.created" });
      } finally {
        stream.close();
      }
    });

    it("ends on B, within 3 s, a stream whose session was signed out on A (docs/decisions/0006)", async () => {
      const ana = await signedIn();
      const stream = await openEvents(`${b.base}/api/events`, ana.cookie);
      try {
        expect(stream.response.status).toBe(200);
        await stream.waitFor((m) => m.retry !== undefined, 5_000);
        const logout = await fetch(`${a.base}/api/account/logout`, {
          method: "POST",
          headers: { cookie: ana.cookie, "content-type": "application/json" },
          body: "{}",
        });
        expect(logout.status).toBe(200);
        // B's periodic check runs every 60 s: only the announcement through NOTIFY ends it this soon.
        await expect(stream.waitFor(() => false, 3_000)).rejects.toThrow("el flujo terminó");
      } finally {
        stream.close();
      }
    });

    it("never holds more tickets than are left when both instances take the last ones at once", async () => {
      const [raffle] = await testDb.database.db
        .insert(raffles)
        .values({
          title: "Moto de las dos instancias",
          price: 5,
          status: "active",
          totalTickets: 100,
          soldTickets: 96,
          endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        })
        .returning();
      if (!raffle) throw new Error("sin rifa");
      const buyers = await Promise.all(Array.from({ length: 10 }, () => signedIn()));

      // Ten buyers want 2 of the last 4 tickets: half send to A, half to B, all at the same moment.
      const responses = await Promise.all(
        buyers.map(async (buyer, index) => {
          const form = new FormData();
          form.append("raffleId", raffle.id);
          form.append("paymentMethod", "pago_movil");
          form.append("transactionRef", `REF-${randomBytes(5).readUIntBE(0, 5)}`);
          form.append("amount", "10.00");
          form.append("currency", "USD");
          form.append("quantity", "2");
          form.append("file", new Blob([png], { type: "image/png" }), "comprobante.png");
          const instance = index % 2 === 0 ? a : b;
          const response = await fetch(`${instance.base}/api/proofs`, {
            method: "POST",
            headers: { cookie: buyer.cookie },
            body: form,
          });
          return { buyer, instance, status: response.status, body: (await response.json()) as unknown };
        }),
      );

      const accepted = responses.filter((r) => r.status === 201);
      const refused = responses.filter((r) => r.status !== 201);
      expect(accepted).toHaveLength(2);
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ error: { code: "INSUFFICIENT_TICKETS" } });
      }
      const held = await testDb.database.db
        .select({ quantity: paymentProofs.quantityOfTickets })
        .from(paymentProofs)
        .where(eq(paymentProofs.raffleId, raffle.id));
      expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(4);

      // The file went to the shared bucket: the other instance serves it (its own DATA_DIR is empty).
      const first = accepted[0];
      if (!first) throw new Error("sin comprobante aceptado");
      const proof = first.body as PaymentProof;
      const other = first.instance === a ? b : a;
      const file = await fetch(`${other.base}${proof.file?.url}`, {
        headers: { cookie: first.buyer.cookie },
      });
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await file.arrayBuffer()).equals(png)).toBe(true);
    });

    it("shows on B, on its very next request, a catalogue change made on A (B keeps the catalogue in memory)", async () => {
      const admin = await signedIn("admin");
      const buyer = await signedIn();
      const created = await fetch(`${a.base}/api/admin/raffles`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: JSON.stringify(raffleBody({ title: "Rifa en memoria 0", totalTickets: 50, price: 1 })),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      // The pool is generated after the answer and publishes its own change: let it land first.
      await waitForPool(id);
      const cacheB = catalogueCacheOf(b.app.ctx);
      if (!cacheB) throw new Error("B no tiene caché del catálogo");
      const titleOnB = async () => {
        const response = await fetch(`${b.base}/api/raffles/${id}`);
        expect(response.status).toBe(200);
        return ((await response.json()) as { title: string }).title;
      };

      // Both instances serve it, and B's second answer comes from memory.
      expect(await titleOnB()).toBe("Rifa en memoria 0");
      const hits = cacheB.stats().hits;
      expect(await titleOnB()).toBe("Rifa en memoria 0");
      expect(cacheB.stats().hits).toBe(hits + 1);

      // Every edit on A shows on B's next request, with no waiting in between.
      for (let round = 1; round <= 5; round++) {
        const edited = await fetch(`${a.base}/api/admin/raffles/${id}`, {
          method: "PATCH",
          headers: { cookie: admin.cookie, "content-type": "application/json" },
          body: JSON.stringify({ title: `Rifa en memoria ${round}` }),
        });
        expect(edited.status, await edited.text()).toBe(200);
        expect(await titleOnB()).toBe(`Rifa en memoria ${round}`);
      }

      // A sale approved on A: B's next detail and list show the sold tickets.
      const [proof] = await testDb.database.db
        .insert(paymentProofs)
        .values({
          userId: buyer.id,
          raffleId: id,
          amount: 3,
          currency: "USD",
          paymentMethod: "pago_movil",
          transactionRef: `MEM-${randomBytes(4).toString("hex")}`,
          referenceKey: `banco:${randomBytes(4).readUInt32BE(0) + 1}`,
          proofImagePath: `proofs/test/${randomBytes(6).toString("hex")}.png`,
          proofContentType: "image/png",
          proofSize: 100,
          status: "pending",
          quantityOfTickets: 3,
        })
        .returning();
      if (!proof) throw new Error("sin comprobante");
      const approved = await fetch(`${a.base}/api/admin/proofs/${proof.id}/approve`, {
        method: "POST",
        headers: { cookie: admin.cookie, "content-type": "application/json" },
        body: "{}",
      });
      expect(approved.status).toBe(200);
      const detail = (await (await fetch(`${b.base}/api/raffles/${id}`)).json()) as { soldTickets: number };
      expect(detail.soldTickets).toBe(3);
      const list = (await (await fetch(`${b.base}/api/raffles`)).json()) as {
        items: Array<{ id: string; soldTickets: number }>;
      };
      expect(list.items.find((item) => item.id === id)?.soldTickets).toBe(3);
    });

    it("shares one limiter: hits on A and B count in the same window (docs/decisions/0011)", async () => {
      // Both listen on 127.0.0.1, so the contact form's per-address limit sees one client.
      const send = (instance: Instance, i: number) =>
        fetch(`${instance.base}/api/contact`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            name: "Ana",
            email: "ana@example.com",
            subject: `Asunto ${i}`,
            message: "Hola",
          }),
        });
      const statuses: number[] = [];
      for (let i = 0; i < CONTACT_RATE_RULE.max; i++) statuses.push((await send(i % 2 ? b : a, i)).status);
      expect(statuses.every((status) => status === 201)).toBe(true);
      expect((await send(a, 98)).status).toBe(429);
      expect((await send(b, 99)).status).toBe(429);

      // Counted at once through both pools, exactly `max` hits get in.
      const rule = { max: 9, windowSeconds: 60 };
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          hit((i % 2 ? b : a).database.db, "two-instances:parallel", rule),
        ),
      );
      expect(results.filter(Boolean)).toHaveLength(rule.max);
    });

    /** The admin create answers before the ticket pool exists; approvals need it. */
    async function waitForPool(raffleId: string): Promise<void> {
      for (let tries = 0; tries < 200; tries++) {
        const [row] = await testDb.database.db
          .select({ ready: raffles.ticketsGenerated })
          .from(raffles)
          .where(eq(raffles.id, raffleId));
        if (row?.ready) return;
        await sleep(25);
      }
      throw new Error("el lote de boletos no se generó");
    }
  },
);
