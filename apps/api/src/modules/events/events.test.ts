import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesFrom,
  createTestApp,
  createTestDatabase,
  type TestApp,
  type TestDatabase,
} from "../../../test/helpers";
import { type Database, type ListenOptions, openDatabase } from "../../db/client";
import { events, users } from "../../db/schema";
import { currentUser } from "../auth/session";
import { eventRoutes, parseLastEventId } from "./routes";
import { createEventBus, type EventBus, isVisibleTo, MAX_INLINE_BYTES, type RealtimeEvent } from "./service";
import { formatEvent } from "./stream";

const log = pino({ level: "silent" });

/** Collects what a bus delivers; `waitFor` resolves once a matching event has arrived. */
function recorder(bus: EventBus) {
  const received: RealtimeEvent[] = [];
  const waiters = new Set<() => void>();
  const unsubscribe = bus.subscribe((event) => {
    received.push(event);
    for (const wake of [...waiters]) wake();
  });
  function waitFor(match: (event: RealtimeEvent) => boolean, timeoutMs = 5_000): Promise<RealtimeEvent> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = received.find(match);
        if (!found) return false;
        clearTimeout(timer);
        waiters.delete(wake);
        resolve(found);
        return true;
      };
      const wake = () => void check();
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error("el evento no llegó a tiempo"));
      }, timeoutMs);
      if (!check()) waiters.add(wake);
    });
  }
  return { received, waitFor, unsubscribe };
}

const byMark = (mark: string) => (event: RealtimeEvent) => event.payload.mark === mark;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The database as a bus sees it, with a LISTEN connection the test can lose and bring back the way
 * db/client.ts does: onResubscribe first, then LISTEN (notifications flow again), then `listening` settles.
 */
function droppableListener(database: Database) {
  let up = true;
  let onResubscribe: ListenOptions["onResubscribe"];
  const passed: string[] = [];
  const wrapped: Database = {
    ...database,
    async listen(channel, onPayload, options) {
      onResubscribe = options?.onResubscribe;
      return database.listen(channel, (payload) => {
        if (!up) return; // Lost with the connection: PostgreSQL only notifies current listeners.
        passed.push(payload);
        onPayload(payload);
      });
    },
  };
  return {
    database: wrapped,
    passed,
    drop() {
      up = false;
    },
    /** LISTEN is active again from here on; call the returned function when its statement "completes". */
    resubscribe(): () => void {
      let settle = () => {};
      const listening = new Promise<void>((resolve) => {
        settle = resolve;
      });
      onResubscribe?.(listening);
      up = true;
      return settle;
    },
  };
}

async function until(check: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`no ocurrió a tiempo: ${what}`);
    await sleep(10);
  }
}

describe("EventBus", () => {
  let testDb: TestDatabase;
  let bus: EventBus;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    bus = createEventBus({ database: testDb.database, db: testDb.database.db, log });
    await bus.start();
  });

  afterAll(async () => {
    await bus.stop();
    await testDb.drop();
  });

  it("delivers nothing for a publish whose transaction rolls back", async () => {
    const { db } = testDb.database;
    const rec = recorder(bus);
    await expect(
      db.transaction(async (tx) => {
        await bus.publish(tx, { topic: "raffle", payload: { type: "raffle.updated", mark: "rolled-back" } });
        throw new Error("falla después de publicar");
      }),
    ).rejects.toThrow("falla después de publicar");
    // A later committed event arrives; NOTIFY keeps commit order, so the first would have come before it.
    await bus.publish(db, { topic: "raffle", payload: { type: "raffle.updated", mark: "after-rollback" } });
    await rec.waitFor(byMark("after-rollback"));
    expect(rec.received.filter(byMark("rolled-back"))).toEqual([]);
    const rows = await db.select().from(events).where(sql`${events.payload}->>'mark' = 'rolled-back'`);
    expect(rows).toEqual([]);
    rec.unsubscribe();
  });

  it("delivers a committed publish only after the commit, with its id", async () => {
    const { db } = testDb.database;
    const rec = recorder(bus);
    await db.transaction(async (tx) => {
      await bus.publish(tx, {
        topic: "notification",
        userId: "user-1",
        payload: { type: "x", mark: "committed" },
      });
      await sleep(150);
      expect(rec.received.filter(byMark("committed"))).toEqual([]);
    });
    const event = await rec.waitFor(byMark("committed"));
    const [row] = await db.select().from(events).where(eq(events.id, event.id));
    expect(event).toEqual({
      id: row?.id,
      topic: "notification",
      userId: "user-1",
      payload: { type: "x", mark: "committed" },
      createdAt: row?.createdAt.toISOString(),
    });
    rec.unsubscribe();
  });

  it("delivers a payload too big for NOTIFY by fetching its row, in order", async () => {
    const { db } = testDb.database;
    const rec = recorder(bus);
    const big = "x".repeat(MAX_INLINE_BYTES + 100);
    await bus.publish(db, { topic: "raffle", payload: { mark: "big", big } });
    await bus.publish(db, { topic: "raffle", payload: { mark: "small-after-big" } });
    await rec.waitFor(byMark("small-after-big"));
    const marks = rec.received.map((event) => event.payload.mark);
    expect(marks.indexOf("big")).toBeGreaterThanOrEqual(0);
    expect(marks.indexOf("big")).toBeLessThan(marks.indexOf("small-after-big"));
    expect(rec.received.find(byMark("big"))?.payload.big).toBe(big);
    rec.unsubscribe();
  });

  it("refuses a notification without its user", async () => {
    await expect(bus.publish(testDb.database.db, { topic: "notification", payload: {} })).rejects.toThrow(
      /usuario destinatario/,
    );
  });

  it("stops delivering to a listener after it unsubscribes", async () => {
    const { db } = testDb.database;
    const early = recorder(bus);
    const late = recorder(bus);
    early.unsubscribe();
    await bus.publish(db, { topic: "raffle", payload: { mark: "after-unsubscribe" } });
    await late.waitFor(byMark("after-unsubscribe"));
    expect(early.received.filter(byMark("after-unsubscribe"))).toEqual([]);
    late.unsubscribe();
  });

  it("replays later events: raffle events for everyone, notifications only for their user", async () => {
    const { db } = testDb.database;
    const [last] = await db.select({ max: sql<number>`coalesce(max(${events.id}), 0)::int` }).from(events);
    const start = Number(last?.max ?? 0);
    await bus.publish(db, { topic: "raffle", payload: { mark: "r1" } });
    await bus.publish(db, { topic: "notification", userId: "ana", payload: { mark: "n-ana" } });
    await bus.publish(db, { topic: "notification", userId: "luis", payload: { mark: "n-luis" } });
    await bus.publish(db, { topic: "raffle", payload: { mark: "r2" } });
    const marks = async (after: number, userId: string | null) =>
      (await bus.replaySince(after, userId)).map((event) => event.payload.mark);

    expect(await marks(start, null)).toEqual(["r1", "r2"]);
    expect(await marks(start, "ana")).toEqual(["r1", "n-ana", "r2"]);
    expect(await marks(start, "luis")).toEqual(["r1", "n-luis", "r2"]);
    expect(await marks(start, "nadie")).toEqual(["r1", "r2"]);
    const all = await bus.replaySince(start, "ana");
    expect(await marks(all[0]?.id ?? 0, "ana")).toEqual(["n-ana", "r2"]);
    expect(await marks(all[2]?.id ?? 0, "ana")).toEqual([]);
  });

  it("delivers an event to every API process on the database", async () => {
    // Two processes share one PostgreSQL database; with PGlite both buses sit on the one instance.
    const url = testDb.url;
    const second: Database = url ? await openDatabase({ url }) : testDb.database;
    const busB = createEventBus({ database: second, db: second.db, log });
    await busB.start();
    try {
      const onA = recorder(bus);
      const onB = recorder(busB);
      await busB.publish(second.db, { topic: "raffle", payload: { mark: "from-b" } });
      await bus.publish(testDb.database.db, { topic: "raffle", payload: { mark: "from-a" } });
      for (const rec of [onA, onB]) {
        await rec.waitFor(byMark("from-b"));
        await rec.waitFor(byMark("from-a"));
      }
      await sleep(100);
      // Exactly once each: the publisher hears its own event through NOTIFY like everyone else.
      expect(onA.received.filter(byMark("from-b"))).toHaveLength(1);
      expect(onB.received.filter(byMark("from-a"))).toHaveLength(1);
      onA.unsubscribe();
      onB.unsubscribe();
    } finally {
      await busB.stop();
      if (url) await second.close();
    }
  });

  it("after LISTEN is re-subscribed, delivers once and in order what committed while it was down", async () => {
    const { db } = testDb.database;
    const link = droppableListener(testDb.database);
    const gapBus = createEventBus({ database: link.database, db, log });
    await gapBus.start();
    const rec = recorder(gapBus);
    const publish = (mark: string, userId?: string) =>
      gapBus.publish(
        db,
        userId
          ? { topic: "notification", userId, payload: { mark } }
          : { topic: "raffle", payload: { mark } },
      );
    try {
      await publish("gap-before");
      await rec.waitFor(byMark("gap-before"));

      link.drop();
      await publish("gap-1");
      await publish("gap-2", "ana");
      // The reconnect: LISTEN is active again, and an event commits before the catch-up reads the table,
      // so it comes both through NOTIFY and through the catch-up.
      const listeningDone = link.resubscribe();
      await publish("gap-overlap");
      await until(() => link.passed.some((raw) => raw.includes("gap-overlap")), "NOTIFY de gap-overlap");
      listeningDone();
      await publish("gap-after");
      await rec.waitFor(byMark("gap-after"));
      // Anything doubled would be fanned out right behind its first copy; let the queue drain.
      await sleep(100);

      const marks = rec.received
        .map((event) => String(event.payload.mark))
        .filter((m) => m.startsWith("gap-"));
      expect(marks).toEqual(["gap-before", "gap-1", "gap-2", "gap-overlap", "gap-after"]);
      expect(rec.received.find(byMark("gap-2"))).toMatchObject({ topic: "notification", userId: "ana" });
    } finally {
      rec.unsubscribe();
      await gapBus.stop();
    }
  });

  it("does not replay, after a re-subscription, events from before the bus started", async () => {
    const { db } = testDb.database;
    await bus.publish(db, { topic: "raffle", payload: { mark: "old-news" } });
    const link = droppableListener(testDb.database);
    const lateBus = createEventBus({ database: link.database, db, log });
    await lateBus.start();
    const rec = recorder(lateBus);
    try {
      link.drop();
      await lateBus.publish(db, { topic: "raffle", payload: { mark: "missed" } });
      link.resubscribe()();
      await rec.waitFor(byMark("missed"));
      expect(rec.received.map((event) => event.payload.mark)).toEqual(["missed"]);
    } finally {
      rec.unsubscribe();
      await lateBus.stop();
    }
  });

  // PGlite runs one transaction at a time, so an event cannot stay uncommitted while a newer one commits.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "after a re-subscription, also delivers an older event whose transaction committed during the gap",
    async () => {
      const { db } = testDb.database;
      const link = droppableListener(testDb.database);
      const gapBus = createEventBus({ database: link.database, db, log });
      await gapBus.start();
      const rec = recorder(gapBus);
      try {
        let commit = () => {};
        const held = new Promise<void>((resolve) => {
          commit = resolve;
        });
        let inserted = () => {};
        const insertDone = new Promise<void>((resolve) => {
          inserted = resolve;
        });
        // Takes its id first, commits last.
        const slow = db.transaction(async (tx) => {
          await gapBus.publish(tx, { topic: "raffle", payload: { mark: "slow-older" } });
          inserted();
          await held;
        });
        await insertDone;
        await gapBus.publish(db, { topic: "raffle", payload: { mark: "fast-newer" } });
        await rec.waitFor(byMark("fast-newer"));
        link.drop();
        commit();
        await slow;
        link.resubscribe()();
        await rec.waitFor(byMark("slow-older"));
        await gapBus.publish(db, { topic: "raffle", payload: { mark: "then" } });
        await rec.waitFor(byMark("then"));
        await sleep(100);
        // Only this test's events: the listening connection is shared by the file's buses, so a NOTIFY of
        // the test before (still queued in the client on a busy machine) may reach this new bus too.
        const own = new Set(["fast-newer", "slow-older", "then"]);
        const marks = rec.received.map((event) => String(event.payload.mark)).filter((mark) => own.has(mark));
        expect(marks).toEqual(["fast-newer", "slow-older", "then"]);
      } finally {
        rec.unsubscribe();
        await gapBus.stop();
      }
    },
  );

  it("deletes events older than an hour (the events-cleanup job's run)", async () => {
    const { db } = testDb.database;
    const [old] = await db
      .insert(events)
      .values({
        topic: "raffle",
        payload: { mark: "old" },
        createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000),
      })
      .returning();
    const [recent] = await db
      .insert(events)
      .values({
        topic: "raffle",
        payload: { mark: "recent" },
        createdAt: new Date(Date.now() - 10 * 60 * 1000),
      })
      .returning();
    const another = createEventBus({ database: testDb.database, db, log });
    await another.removeOld();
    const left = await db
      .select({ id: events.id })
      .from(events)
      .where(sql`${events.id} in (${old?.id}, ${recent?.id})`);
    expect(left.map((row) => row.id)).toEqual([recent?.id]);
  });
});

describe("event visibility and format", () => {
  it("shows raffle events to all and notifications to their user only", () => {
    expect(isVisibleTo({ topic: "raffle", userId: null }, null)).toBe(true);
    expect(isVisibleTo({ topic: "raffle", userId: null }, "ana")).toBe(true);
    expect(isVisibleTo({ topic: "notification", userId: "ana" }, "ana")).toBe(true);
    expect(isVisibleTo({ topic: "notification", userId: "ana" }, "luis")).toBe(false);
    expect(isVisibleTo({ topic: "notification", userId: "ana" }, null)).toBe(false);
    expect(isVisibleTo({ topic: "notification", userId: null }, null)).toBe(false);
  });

  it("formats one SSE message per event", () => {
    const event: RealtimeEvent = {
      id: 42,
      topic: "raffle",
      userId: null,
      payload: { type: "raffle.updated", title: "Línea 1\nLínea 2" },
      createdAt: new Date().toISOString(),
    };
    expect(formatEvent(event)).toBe(
      'id: 42\nevent: raffle\ndata: {"type":"raffle.updated","title":"Línea 1\\nLínea 2"}\n\n',
    );
    expect(formatEvent({ ...event, payload: { raffleId: "r" } })).toContain(
      'data: {"type":"raffle","raffleId":"r"}',
    );
  });

  it("reads Last-Event-ID from the header, else the query, ignoring junk", () => {
    expect(parseLastEventId("17", undefined)).toBe(17);
    expect(parseLastEventId(undefined, "9")).toBe(9);
    expect(parseLastEventId("17", "9")).toBe(17);
    expect(parseLastEventId("abc", undefined)).toBeNull();
    expect(parseLastEventId("-1", undefined)).toBeNull();
    expect(parseLastEventId(undefined, "1e3")).toBeNull();
    expect(parseLastEventId(undefined, undefined)).toBeNull();
  });
});

interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/** A streaming SSE client over Node's fetch, parsing frames as they arrive. */
async function connectSse(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  if (!response.body) throw new Error("respuesta sin cuerpo");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const messages: SseMessage[] = [];
  let buffer = "";
  let ended = false;

  async function pump(): Promise<void> {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += value;
    let index = buffer.indexOf("\n\n");
    while (index >= 0) {
      const frame = buffer.slice(0, index);
      buffer = buffer.slice(index + 2);
      const message: SseMessage = {};
      for (const line of frame.split("\n")) {
        if (line.startsWith(":")) message.comment = line.slice(1).trim();
        else {
          const [field, ...rest] = line.split(": ");
          (message as Record<string, string>)[field ?? ""] = rest.join(": ");
        }
      }
      messages.push(message);
      index = buffer.indexOf("\n\n");
    }
  }

  async function waitFor(match: (message: SseMessage) => boolean, timeoutMs = 5_000): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    while (true) {
      const found = messages.find(match);
      if (found) return found;
      if (ended) throw new Error("el flujo terminó sin el mensaje esperado");
      if (Date.now() > deadline) throw new Error("el mensaje no llegó a tiempo");
      await Promise.race([pump(), sleep(Math.max(0, deadline - Date.now()))]);
    }
  }

  async function waitForEnd(timeoutMs = 5_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!ended) {
      if (Date.now() > deadline) throw new Error("el flujo no terminó");
      await Promise.race([pump(), sleep(Math.max(0, deadline - Date.now()))]);
    }
  }

  const payloads = (event: string) =>
    messages
      .filter((m) => m.event === event)
      .map((m) => JSON.parse(m.data ?? "{}") as Record<string, unknown>);

  return { response, messages, waitFor, waitForEnd, payloads, close: () => controller.abort() };
}

const hasMark = (mark: string) => (message: SseMessage) =>
  message.data !== undefined && (JSON.parse(message.data) as { mark?: string }).mark === mark;

describe("GET /api/events (SSE)", () => {
  let t: TestApp;
  let base: string;
  let activeSubscriptions = 0;
  /** The streams' live listeners, to hand one an event the way a late NOTIFY would. */
  const liveListeners = new Set<(event: RealtimeEvent) => void>();

  async function signIn(email: string): Promise<{ cookie: string; userId: string }> {
    const password = "clave-segura-123";
    const register = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      payload: { fullName: "Ana Pérez", email, password, confirmPassword: password },
    });
    expect(register.statusCode).toBe(201);
    await t.app.ctx.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const login = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    return { cookie: cookiesFrom(login), userId: (login.json() as { user: { id: string } }).user.id };
  }

  beforeAll(async () => {
    t = await createTestApp();
    // Counts live subscriptions (the real bus underneath) to see that closed streams let go of theirs.
    const bus = t.app.ctx.events;
    const subscribe = bus.subscribe.bind(bus);
    bus.subscribe = (listener) => {
      activeSubscriptions++;
      liveListeners.add(listener);
      const unsubscribe = subscribe(listener);
      return () => {
        activeSubscriptions--;
        liveListeners.delete(listener);
        unsubscribe();
      };
    };
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await t.close();
  });

  async function waitForSubscriptions(count: number): Promise<void> {
    const deadline = Date.now() + 5_000;
    while (activeSubscriptions !== count) {
      if (Date.now() > deadline)
        throw new Error(`suscripciones: ${activeSubscriptions}, se esperaban ${count}`);
      await sleep(20);
    }
  }

  it("gives a visitor raffle events but never a user's notification", async () => {
    const { db, events: bus } = t.app.ctx;
    const visitor = await connectSse(`${base}/api/events`);
    expect(visitor.response.status).toBe(200);
    expect(visitor.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(visitor.response.headers.get("cache-control")).toBe("no-cache, no-transform");
    expect(visitor.response.headers.get("x-accel-buffering")).toBe("no");
    await visitor.waitFor((m) => m.retry === "3000");

    await bus.publish(db, {
      topic: "notification",
      userId: randomUUID(),
      payload: { type: "admin_message", mark: "private" },
    });
    await bus.publish(db, { topic: "raffle", payload: { type: "raffle.updated", mark: "public" } });
    const raffle = await visitor.waitFor(hasMark("public"));
    expect(raffle.event).toBe("raffle");
    expect(Number(raffle.id)).toBeGreaterThan(0);
    expect(JSON.parse(raffle.data ?? "")).toEqual({ type: "raffle.updated", mark: "public" });
    // The notification was committed first, so it would have arrived before the raffle event.
    expect(visitor.messages.filter(hasMark("private"))).toEqual([]);
    expect(visitor.payloads("notification")).toEqual([]);
    visitor.close();
  });

  it("gives a signed-in user their own notifications and nobody else's", async () => {
    const { db, events: bus } = t.app.ctx;
    const ana = await signIn("ana.sse@example.com");
    const luis = await signIn("luis.sse@example.com");
    const anaStream = await connectSse(`${base}/api/events`, { cookie: ana.cookie });
    const luisStream = await connectSse(`${base}/api/events`, { cookie: luis.cookie });
    const visitor = await connectSse(`${base}/api/events`);
    for (const stream of [anaStream, luisStream, visitor]) await stream.waitFor((m) => m.retry === "3000");

    await bus.publish(db, {
      topic: "notification",
      userId: ana.userId,
      payload: { type: "proof_approved", mark: "for-ana" },
    });
    await bus.publish(db, {
      topic: "notification",
      userId: luis.userId,
      payload: { type: "proof_rejected", mark: "for-luis" },
    });
    await bus.publish(db, { topic: "raffle", payload: { type: "raffle.updated", mark: "for-all" } });

    for (const stream of [anaStream, luisStream, visitor]) await stream.waitFor(hasMark("for-all"));
    expect(anaStream.payloads("notification")).toEqual([{ type: "proof_approved", mark: "for-ana" }]);
    expect(luisStream.payloads("notification")).toEqual([{ type: "proof_rejected", mark: "for-luis" }]);
    expect(visitor.payloads("notification")).toEqual([]);
    for (const stream of [anaStream, luisStream, visitor]) stream.close();
  });

  it("gives admin events (a proof changed) to administrators' streams only, live and on replay", async () => {
    const { db, events: bus } = t.app.ctx;
    const admin = await signIn("admin.sse@example.com");
    await db.update(users).set({ role: "admin" }).where(eq(users.id, admin.userId));
    const buyer = await signIn("buyer.sse@example.com");
    const adminStream = await connectSse(`${base}/api/events`, { cookie: admin.cookie });
    const buyerStream = await connectSse(`${base}/api/events`, { cookie: buyer.cookie });
    const visitor = await connectSse(`${base}/api/events`);
    for (const stream of [adminStream, buyerStream, visitor]) await stream.waitFor((m) => m.retry === "3000");

    await bus.publish(db, { topic: "admin", payload: { type: "proofs.changed", mark: "inbox" } });
    await bus.publish(db, { topic: "raffle", payload: { type: "raffle.updated", mark: "after-inbox" } });
    for (const stream of [adminStream, buyerStream, visitor]) await stream.waitFor(hasMark("after-inbox"));
    expect(adminStream.payloads("admin")).toEqual([{ type: "proofs.changed", mark: "inbox" }]);
    expect(buyerStream.payloads("admin")).toEqual([]);
    expect(visitor.payloads("admin")).toEqual([]);
    const inbox = adminStream.messages.find(hasMark("inbox"));
    for (const stream of [adminStream, buyerStream, visitor]) stream.close();

    // Reconnecting from before it: the administrator gets it again, the buyer does not.
    const since = String(Number(inbox?.id) - 1);
    const adminAgain = await connectSse(`${base}/api/events`, {
      cookie: admin.cookie,
      "last-event-id": since,
    });
    const buyerAgain = await connectSse(`${base}/api/events`, {
      cookie: buyer.cookie,
      "last-event-id": since,
    });
    for (const stream of [adminAgain, buyerAgain]) await stream.waitFor(hasMark("after-inbox"));
    expect(adminAgain.payloads("admin")).toEqual([{ type: "proofs.changed", mark: "inbox" }]);
    expect(buyerAgain.payloads("admin")).toEqual([]);
    for (const stream of [adminAgain, buyerAgain]) stream.close();
  });

  it("replays missed events after Last-Event-ID, filtered by who is asking", async () => {
    const { db, events: bus } = t.app.ctx;
    const ana = await signIn("ana.replay@example.com");
    const rec = recorder(bus);
    await bus.publish(db, { topic: "raffle", payload: { mark: "before" } });
    const before = await rec.waitFor(byMark("before"));
    rec.unsubscribe();
    await bus.publish(db, { topic: "notification", userId: ana.userId, payload: { mark: "missed-ana" } });
    await bus.publish(db, { topic: "notification", userId: randomUUID(), payload: { mark: "missed-other" } });
    await bus.publish(db, { topic: "raffle", payload: { mark: "missed-raffle" } });

    const visitor = await connectSse(`${base}/api/events`, { "last-event-id": String(before.id) });
    await visitor.waitFor(hasMark("missed-raffle"));
    expect(visitor.messages.filter((m) => m.data).map((m) => JSON.parse(m.data ?? "").mark)).toEqual([
      "missed-raffle",
    ]);

    const anaStream = await connectSse(`${base}/api/events?lastEventId=${before.id}`, { cookie: ana.cookie });
    await anaStream.waitFor(hasMark("missed-raffle"));
    expect(anaStream.messages.filter((m) => m.data).map((m) => JSON.parse(m.data ?? "").mark)).toEqual([
      "missed-ana",
      "missed-raffle",
    ]);
    // Live events keep flowing after the replay.
    await bus.publish(db, { topic: "raffle", payload: { mark: "live-after-replay" } });
    await anaStream.waitFor(hasMark("live-after-replay"));
    visitor.close();
    anaStream.close();
  });

  it("sends a replayed event once even when its notification is heard after the replay", async () => {
    const { db, events: bus } = t.app.ctx;
    const rec = recorder(bus);
    await bus.publish(db, { topic: "raffle", payload: { mark: "late-before" } });
    const before = await rec.waitFor(byMark("late-before"));
    await bus.publish(db, { topic: "raffle", payload: { mark: "late-notify" } });
    const late = await rec.waitFor(byMark("late-notify"));
    rec.unsubscribe();

    await waitForSubscriptions(0);
    const stream = await connectSse(`${base}/api/events`, { "last-event-id": String(before.id) });
    await stream.waitFor(hasMark("late-notify"));
    // On PostgreSQL a NOTIFY committed just before the replay query can reach the bus after it.
    for (const listener of liveListeners) listener(late);
    await bus.publish(db, { topic: "raffle", payload: { mark: "late-after" } });
    await stream.waitFor(hasMark("late-after"));
    expect(stream.messages.filter((m) => m.data).map((m) => JSON.parse(m.data ?? "").mark)).toEqual([
      "late-notify",
      "late-after",
    ]);
    stream.close();
  });

  it("treats a stale session cookie as a visitor", async () => {
    const { db, events: bus } = t.app.ctx;
    const stream = await connectSse(`${base}/api/events`, {
      cookie: "better-auth.session_token=falso.firma",
    });
    expect(stream.response.status).toBe(200);
    await stream.waitFor((m) => m.retry === "3000");
    await bus.publish(db, { topic: "raffle", payload: { mark: "stale-cookie" } });
    await stream.waitFor(hasMark("stale-cookie"));
    stream.close();
  });

  it("releases the subscription when the client goes away", async () => {
    await waitForSubscriptions(0);
    const stream = await connectSse(`${base}/api/events`);
    await stream.waitFor((m) => m.retry === "3000");
    expect(activeSubscriptions).toBe(1);
    stream.close();
    await waitForSubscriptions(0);
  });

  describe("with short timings", () => {
    let mini: FastifyInstance;

    beforeAll(async () => {
      // The same real context (auth, bus, database) behind a second server with test timings.
      mini = Fastify();
      mini.setValidatorCompiler(validatorCompiler);
      mini.setSerializerCompiler(serializerCompiler);
      mini.decorate("ctx", t.app.ctx);
      await mini.register(eventRoutes, { heartbeatMs: 50, sessionCheckMs: 50, currentUser });
      await mini.listen({ port: 0, host: "127.0.0.1" });
    });

    afterAll(async () => {
      await mini.close();
    });

    it("ends a signed-in stream once its session is gone", async () => {
      const port = (mini.server.address() as AddressInfo).port;
      const ana = await signIn("ana.logout@example.com");
      const stream = await connectSse(`http://127.0.0.1:${port}/api/events`, { cookie: ana.cookie });
      await stream.waitFor((m) => m.comment === "ping");
      const logout = await t.app.inject({
        method: "POST",
        url: "/api/account/logout",
        headers: { cookie: ana.cookie },
        payload: {},
      });
      expect(logout.statusCode).toBe(200);
      // EventSource then reconnects without the cookie, as a visitor.
      await stream.waitForEnd();
    });

    it("sends heartbeat comments and ends open streams when the server closes", async () => {
      const port = (mini.server.address() as AddressInfo).port;
      const stream = await connectSse(`http://127.0.0.1:${port}/api/events`);
      await stream.waitFor((m) => m.comment === "ping");
      const closing = mini.close();
      await stream.waitForEnd();
      await closing;
    });
  });
});
