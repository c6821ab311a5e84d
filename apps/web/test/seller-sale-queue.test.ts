// The vendedor's queue as the service worker sends it (Background Sync, lib/seller-sale-queue): the same
// IndexedDB database the page keeps (fake-indexeddb here), oldest first, only the user's own sales; a
// recorded sale leaves, a refusal is marked the way the page marks it, no answer stops the pass.
import "fake-indexeddb/auto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createIdbStorage } from "../src/features/sellers/offline-idb";
import type { QueuedSale } from "../src/features/sellers/offline-types";
import { requestQueueSync, SELLER_SALE_SYNC_TAG } from "../src/lib/seller-sale-queue";
import { openSellerQueue, sendQueuedSales } from "../src/lib/seller-sale-queue-db";

function sale(
  saleId: string,
  userId: string,
  recordedAt: string,
  state: QueuedSale["state"] = "pending",
): QueuedSale {
  return {
    saleId,
    userId,
    recordedAt,
    body: {
      saleId,
      raffleId: "r1",
      numbers: [7, 8],
      buyerName: "María Pérez",
      buyerPhone: "0414-1234567",
      method: "efectivo_usd",
      amount: "10,00",
      recordedAt,
      signature: "x".repeat(43),
    },
    raffleTitle: "Moto",
    totalTickets: 100,
    state,
    refusal: null,
  };
}

async function seed(...sales: QueuedSale[]) {
  const db = await openSellerQueue<QueuedSale>();
  await db.clear("sales");
  for (const s of sales) await db.put("sales", s);
  db.close();
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("cola de ventas: envío en segundo plano", () => {
  it("envía las del usuario en orden; la grabada sale de la cola, el conflicto queda marcado con sus números", async () => {
    await seed(
      sale("b", "ana", "2026-12-01T10:00:02.000Z"),
      sale("a", "ana", "2026-12-01T10:00:01.000Z"),
      sale("c", "ana", "2026-12-01T10:00:03.000Z", "refused"),
      sale("z", "otro", "2026-12-01T09:00:00.000Z"),
    );
    const sent: string[] = [];
    const send = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { saleId: string };
      sent.push(body.saleId);
      if (body.saleId === "a") return json(201, { id: "p1" });
      return json(409, {
        error: {
          code: "NUMBERS_TAKEN",
          message: "El número 07 acaba de ser tomado por otra persona.",
          details: { taken: ["07"] },
        },
      });
    });
    const outcome = await sendQueuedSales("ana", send as typeof fetch);
    expect(outcome).toEqual({ changed: 2, later: false });
    // Oldest first; a refused sale waits for the vendedor; another user's sale is not sent.
    expect(sent).toEqual(["a", "b"]);
    expect(send.mock.calls[0]?.[0]).toBe("/api/seller/sales");
    expect(send.mock.calls[0]?.[1]).toMatchObject({ method: "POST", credentials: "same-origin" });

    // The page reads what the worker wrote, from the same database.
    const storage = createIdbStorage();
    const left = await storage.listSales("ana");
    expect(left.map((s) => [s.saleId, s.state])).toEqual([
      ["b", "conflict"],
      ["c", "refused"],
    ]);
    expect(left[0]?.refusal).toEqual({
      code: "NUMBERS_TAKEN",
      message: "El número 07 acaba de ser tomado por otra persona.",
      taken: ["07"],
    });
    expect((await storage.listSales("otro")).map((s) => s.state)).toEqual(["pending"]);
  });

  it("sin respuesta (sin señal, 5xx, sesión cerrada) se detiene y deja la venta pendiente para reintentar", async () => {
    for (const answer of [
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => Promise.resolve(json(503, { error: { code: "INTERNAL", message: "x" } })),
      () => Promise.resolve(json(401, { error: { code: "UNAUTHORIZED", message: "x" } })),
    ]) {
      await seed(sale("a", "ana", "2026-12-01T10:00:01.000Z"), sale("b", "ana", "2026-12-01T10:00:02.000Z"));
      const send = vi.fn(answer);
      expect(await sendQueuedSales("ana", send as unknown as typeof fetch)).toEqual({
        changed: 0,
        later: true,
      });
      expect(send).toHaveBeenCalledTimes(1);
      const left = await createIdbStorage().listSales("ana");
      expect(left.map((s) => [s.saleId, s.state])).toEqual([
        ["a", "pending"],
        ["b", "pending"],
      ]);
    }
  });

  it("pide al navegador el envío en segundo plano con la etiqueta del usuario, donde existe", async () => {
    const register = vi.fn(async () => undefined);
    vi.stubGlobal("navigator", {
      serviceWorker: { getRegistration: async () => ({ sync: { register } }) },
    });
    expect(await requestQueueSync("ana")).toBe(true);
    expect(register).toHaveBeenCalledWith(`${SELLER_SALE_SYNC_TAG}:ana`);

    vi.stubGlobal("navigator", { serviceWorker: { getRegistration: async () => ({}) } });
    expect(await requestQueueSync("ana")).toBe(false);
  });
});
