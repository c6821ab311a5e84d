import { describe, expect, it } from "vitest";
import type { RealtimeEvent } from "../modules/events/service";
import { createPageCache } from "./page-cache";

function fakeBus() {
  const listeners = new Set<(event: RealtimeEvent) => void>();
  let synced = true;
  let epoch = 0;
  return {
    subscribe(listener: (event: RealtimeEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    sync: async () => synced,
    listenEpoch: () => epoch,
    emit(topic: "raffle" | "notification") {
      for (const listener of listeners)
        listener({ id: 1, topic, userId: null, payload: {} } as RealtimeEvent);
    },
    setSynced(value: boolean) {
      synced = value;
    },
    reconnect() {
      epoch += 1;
    },
  };
}

describe("createPageCache", () => {
  it("reutiliza, caduca, se vacía con eventos de rifa y no con notificaciones", async () => {
    const bus = fakeBus();
    let clock = 0;
    const cache = createPageCache<string>(bus, { ttlMs: 1_000, now: () => clock });
    let renders = 0;
    const render = async () => `página ${++renders}`;

    expect(await cache.get("/", render)).toBe("página 1");
    expect(await cache.get("/", render)).toBe("página 1");
    bus.emit("notification");
    expect(await cache.get("/", render)).toBe("página 1");
    bus.emit("raffle");
    expect(await cache.get("/", render)).toBe("página 2");
    clock += 1_000;
    expect(await cache.get("/", render)).toBe("página 3");
    bus.reconnect();
    expect(await cache.get("/", render)).toBe("página 4");
    // When the bus cannot vouch for having seen every change, every request renders.
    bus.setSynced(false);
    expect(await cache.get("/", render)).toBe("página 5");
    expect(await cache.get("/", render)).toBe("página 6");
    cache.close();
  });

  it("muchas peticiones a la vez esperan un solo renderizado; uno que falla no se guarda", async () => {
    const bus = fakeBus();
    const cache = createPageCache<string>(bus, { ttlMs: 60_000 });
    let renders = 0;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = async () => {
      renders += 1;
      await gate;
      return "lenta";
    };
    const waiting = Array.from({ length: 50 }, () => cache.get("/rifas", slow));
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect(new Set(await Promise.all(waiting))).toEqual(new Set(["lenta"]));
    expect(renders).toBe(1);

    await expect(cache.get("/falla", async () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.get("/falla", async () => "bien")).toBe("bien");

    // A render that finishes after a raffle event serves its request but is not kept.
    let finish = () => {};
    const late = cache.get(
      "/tarde",
      () =>
        new Promise<string>((resolve) => {
          finish = () => resolve("vieja");
        }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    bus.emit("raffle");
    finish();
    expect(await late).toBe("vieja");
    expect(await cache.get("/tarde", async () => "nueva")).toBe("nueva");
    cache.close();
  });
});
