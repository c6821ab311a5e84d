// Realtime streams (GET /api/events) against a server listening on a real port, with real HTTP
// connections: caps per client address, per user and per instance (429/503 with Retry-After and a Spanish
// error), and a signed-in stream that ends within seconds of sign-out, suspension, password change or
// "close other sessions", on PGlite and on PostgreSQL. See docs/decisions/0006-realtime-stream-limits.md.
import type { AddressInfo } from "node:net";
import { ERROR_MESSAGES, REALTIME_RETRY_AFTER_SECONDS } from "@rifazo/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { DEFAULT_STREAM_LIMITS } from "../../src/modules/events/stream-limits";
import { collectSseMessages, type SseMessage } from "../faults/support";
import { createTestApp, createUser, signIn, type TestApp } from "../helpers";

const LIMITS = { perClient: 3, perUser: 2, total: 8 };
/** "Within seconds": the periodic backstop check runs every 60 s, so only the announced end can pass. */
const END_WITHIN_MS = 3_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Stream {
  status: number;
  headers: Headers;
  /** The refusal's JSON body (only when the status is not 200). */
  body: unknown;
  messages: SseMessage[];
  ended: () => boolean;
  waitFor(match: (message: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  waitForEnd(timeoutMs: number): Promise<number>;
  close(): void;
}

let ipCounter = 0;
/** A client address of its own (the app trusts X-Forwarded-For here, as behind a proxy). */
const freshIp = () => {
  ipCounter += 1;
  return `10.77.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
};

describe("realtime streams (real connections)", () => {
  let t: TestApp;
  let base: string;
  const opened: Stream[] = [];

  beforeAll(async () => {
    t = await createTestApp({ trustProxy: true, streamLimits: LIMITS });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    for (const stream of opened) stream.close();
    await t?.close();
  });

  // Every test starts with an empty instance.
  afterEach(async () => {
    await closeAll();
  });

  /** Opens GET /api/events over a real connection; a 200 is read in the background as it arrives. */
  async function openStream(options: { ip: string; cookie?: string }): Promise<Stream> {
    const controller = new AbortController();
    const response = await fetch(`${base}/api/events`, {
      headers: {
        accept: "text/event-stream",
        "x-forwarded-for": options.ip,
        ...(options.cookie ? { cookie: options.cookie } : {}),
      },
      signal: controller.signal,
    });
    const messages: SseMessage[] = [];
    let ended = false;
    let body: unknown = null;
    if (response.status === 200 && response.body) {
      void collectSseMessages(response.body, messages).finally(() => {
        ended = true;
      });
    } else {
      body = await response.json();
      ended = true;
    }
    const stream: Stream = {
      status: response.status,
      headers: response.headers,
      body,
      messages,
      ended: () => ended,
      async waitFor(match, timeoutMs = 5_000) {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = messages.find(match);
          if (found) return found;
          if (ended) throw new Error("el flujo terminó sin el mensaje esperado");
          if (Date.now() > deadline) throw new Error("el mensaje no llegó a tiempo");
          await sleep(10);
        }
      },
      async waitForEnd(timeoutMs) {
        const started = Date.now();
        while (!ended) {
          if (Date.now() - started > timeoutMs)
            throw new Error(`el flujo sigue abierto tras ${timeoutMs} ms`);
          await sleep(10);
        }
        return Date.now() - started;
      },
      close: () => controller.abort(),
    };
    opened.push(stream);
    // The first frame is written once the stream is subscribed to the bus.
    if (stream.status === 200) await stream.waitFor((m) => m.retry !== undefined);
    return stream;
  }

  /** Closes every stream opened so far and waits until the server has let go of them all. */
  async function closeAll(): Promise<void> {
    for (const stream of opened.splice(0)) stream.close();
    const deadline = Date.now() + 5_000;
    for (;;) {
      const probes: Stream[] = [];
      for (let i = 0; i < LIMITS.total; i++) {
        const probe = await openStream({ ip: freshIp() });
        probes.push(probe);
        if (probe.status !== 200) break;
      }
      for (const probe of opened.splice(0)) probe.close();
      if (probes.every((probe) => probe.status === 200)) return;
      if (Date.now() > deadline) throw new Error("el servidor no liberó los flujos cerrados");
      await sleep(50);
    }
  }

  async function signedIn(role: "user" | "admin" = "user") {
    const user = await createUser(t.app, { role });
    return { ...user, cookie: await signIn(t.app, user.email, user.password) };
  }

  function post(path: string, cookie: string, body: unknown = {}) {
    return fetch(`${base}${path}`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify(body),
    });
  }

  async function notify(userId: string, mark: string): Promise<void> {
    await t.app.ctx.events.publish(t.app.ctx.db, {
      topic: "notification",
      userId,
      payload: { type: "notification.created", mark },
    });
  }

  async function raffleEvent(mark: string): Promise<void> {
    await t.app.ctx.events.publish(t.app.ctx.db, {
      topic: "raffle",
      payload: { type: "raffle.updated", mark },
    });
  }

  const hasMark = (mark: string) => (m: SseMessage) => JSON.parse(m.data ?? "{}").mark === mark;
  const marks = (stream: Stream) =>
    stream.messages.filter((m) => m.data).map((m) => JSON.parse(m.data ?? "{}").mark as string);

  function expectRefused(stream: Stream, status: 429 | 503, code: string): void {
    expect(stream.status).toBe(status);
    expect(stream.headers.get("retry-after")).toBe(String(REALTIME_RETRY_AFTER_SECONDS));
    expect(stream.body).toEqual({
      error: { code, message: (ERROR_MESSAGES as Record<string, string>)[code] },
    });
  }

  it("ships sane production defaults, overridable by environment", () => {
    const limits = loadConfig({ NODE_ENV: "production" }).streamLimits;
    expect(limits).toEqual(DEFAULT_STREAM_LIMITS);
    // A browser tab holds up to two streams (catalogue + notifications): a few tabs per user fit...
    expect(limits.perUser).toBeGreaterThanOrEqual(6);
    expect(limits.perUser).toBeLessThanOrEqual(50);
    // ...several people behind one carrier NAT fit, one address cannot take the instance...
    expect(limits.perClient).toBeGreaterThanOrEqual(limits.perUser);
    expect(limits.perClient).toBeLessThanOrEqual(limits.total / 50);
    // ...and the instance stays under a common open-file limit of 8192 with room for ordinary requests.
    expect(limits.total).toBeGreaterThanOrEqual(1_000);
    expect(limits.total).toBeLessThanOrEqual(6_000);
    expect(REALTIME_RETRY_AFTER_SECONDS).toBeGreaterThanOrEqual(5);

    expect(
      loadConfig({ SSE_MAX_STREAMS: "100", SSE_MAX_STREAMS_PER_CLIENT: "7", SSE_MAX_STREAMS_PER_USER: "3" })
        .streamLimits,
    ).toEqual({ total: 100, perClient: 7, perUser: 3 });
    // Junk never disables a cap.
    expect(loadConfig({ SSE_MAX_STREAMS: "0", SSE_MAX_STREAMS_PER_CLIENT: "muchos" }).streamLimits).toEqual(
      DEFAULT_STREAM_LIMITS,
    );
  });

  it("refuses one address beyond its cap with 429 and Retry-After, and lets others in", async () => {
    const ip = freshIp();
    const streams: Stream[] = [];
    for (let i = 0; i < LIMITS.perClient; i++) {
      const stream = await openStream({ ip });
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const refused = await Promise.all([openStream({ ip }), openStream({ ip })]);
    for (const stream of refused) expectRefused(stream, 429, "TOO_MANY_STREAMS");

    // Another address is not affected, and the open streams still work.
    const other = await openStream({ ip: freshIp() });
    expect(other.status).toBe(200);
    await raffleEvent("cap-client");
    for (const stream of [...streams, other]) await stream.waitFor(hasMark("cap-client"));

    // A closed stream gives its slot back.
    streams.shift()?.close();
    let again = await openStream({ ip });
    for (let tries = 0; again.status !== 200 && tries < 100; tries++) {
      await sleep(20);
      again = await openStream({ ip });
    }
    expect(again.status).toBe(200);
  });

  it("refuses one user beyond its cap from any address with 429; visitors there still connect", async () => {
    const ana = await signedIn();
    const streams: Stream[] = [];
    for (let i = 0; i < LIMITS.perUser; i++) {
      const stream = await openStream({ ip: freshIp(), cookie: ana.cookie });
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const ip = freshIp();
    expectRefused(await openStream({ ip, cookie: ana.cookie }), 429, "TOO_MANY_STREAMS");
    const visitor = await openStream({ ip });
    expect(visitor.status).toBe(200);
    // The refused attempt did not take the address's slots.
    const otherUser = await signedIn();
    expect((await openStream({ ip, cookie: otherUser.cookie })).status).toBe(200);
  });

  it("refuses everyone with 503 and Retry-After once the instance is full", async () => {
    const accepted: Stream[] = [];
    /** Opens until one is refused (slots of just-closed streams may free up meanwhile: they are taken too). */
    async function untilRefused(signedInAs?: "user" | "admin"): Promise<Stream> {
      for (let i = 0; i <= LIMITS.total; i++) {
        const cookie = signedInAs ? (await signedIn(signedInAs)).cookie : undefined;
        const stream = await openStream({ ip: freshIp(), ...(cookie ? { cookie } : {}) });
        if (stream.status !== 200) return stream;
        accepted.push(stream);
      }
      throw new Error("la instancia aceptó más flujos que su límite");
    }
    expectRefused(await untilRefused(), 503, "STREAMS_FULL");
    expectRefused(await untilRefused("admin"), 503, "STREAMS_FULL");
    // Never more open at once than the cap, and every accepted one is still open.
    expect(accepted.length).toBeLessThanOrEqual(LIMITS.total);
    expect(accepted.length).toBeGreaterThanOrEqual(LIMITS.total - 2);
    for (const stream of accepted) expect(stream.ended()).toBe(false);
  });

  describe("a signed-in stream ends within seconds when its session ends", () => {
    /** Opens the user's stream and a visitor's, checks both work, runs `end`, checks what follows. */
    async function expectEndedBy(
      user: { id: string; cookie: string },
      end: () => Promise<void>,
    ): Promise<void> {
      const stream = await openStream({ ip: freshIp(), cookie: user.cookie });
      const visitor = await openStream({ ip: freshIp() });
      expect(stream.status).toBe(200);
      await notify(user.id, "before");
      await stream.waitFor(hasMark("before"));

      await end();
      // Published right after the session ended: it must not reach the old stream.
      await notify(user.id, "after");
      await raffleEvent("public-after");
      const took = await stream.waitForEnd(END_WITHIN_MS);
      expect(took).toBeLessThan(END_WITHIN_MS);
      expect(marks(stream)).not.toContain("after");
      // Its last message tells the browser why, so it forgets its offline copy (decision 0017); no id, so
      // the reconnection resumes where the events left off.
      const last = stream.messages.at(-1);
      expect(last).toMatchObject({ event: "session", data: JSON.stringify({ type: "session.ended" }) });
      expect(last?.id).toBeUndefined();

      // Visitors are not affected.
      await visitor.waitFor(hasMark("public-after"));
      expect(visitor.ended()).toBe(false);
      // The same cookie now reconnects as a visitor: public events only.
      const reconnected = await openStream({ ip: freshIp(), cookie: user.cookie });
      expect(reconnected.status).toBe(200);
      await notify(user.id, "after-reconnect");
      await raffleEvent("public-after-reconnect");
      await reconnected.waitFor(hasMark("public-after-reconnect"));
      expect(marks(reconnected)).not.toContain("after-reconnect");
      expect(reconnected.ended()).toBe(false);
    }

    it("after sign-out", async () => {
      const ana = await signedIn();
      await expectEndedBy(ana, async () => {
        expect((await post("/api/account/logout", ana.cookie)).status).toBe(200);
      });
    });

    it("after an admin suspends the user", async () => {
      const [luis, admin] = await Promise.all([signedIn(), signedIn("admin")]);
      const adminStream = await openStream({ ip: freshIp(), cookie: admin.cookie });
      await expectEndedBy(luis, async () => {
        expect((await post(`/api/admin/users/${luis.id}/suspend`, admin.cookie)).status).toBe(200);
      });
      // The admin's own stream is untouched.
      await notify(admin.id, "admin-still-here");
      await adminStream.waitFor(hasMark("admin-still-here"));
    });

    it("after a password change on another device, which keeps its own stream", async () => {
      const marta = await signedIn();
      const otherDevice = await signIn(t.app, marta.email, marta.password);
      const otherStream = await openStream({ ip: freshIp(), cookie: otherDevice });
      await expectEndedBy(marta, async () => {
        const changed = await post("/api/account/change-password", otherDevice, {
          currentPassword: marta.password,
          newPassword: "OtraClaveSegura456",
          confirmPassword: "OtraClaveSegura456",
        });
        expect(changed.status, await changed.text()).toBe(200);
      });
      // The device that changed the password still gets the user's own events.
      await notify(marta.id, "still-mine");
      await otherStream.waitFor(hasMark("still-mine"));
    });

    it("after 'close other sessions' from another device", async () => {
      const pedro = await signedIn();
      const otherDevice = await signIn(t.app, pedro.email, pedro.password);
      await expectEndedBy(pedro, async () => {
        const revoked = await post("/api/account/sessions/revoke-others", otherDevice);
        expect(revoked.status).toBe(200);
        expect(await revoked.json()).toEqual({ revoked: 1 });
      });
    });
  });
});
