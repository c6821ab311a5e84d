// The public catalogue answered from memory (catalogue-cache.ts) must look exactly like a fresh answer and
// follow every change at once. Two instances: events/two-instances.test.ts.
import { raffleListQuerySchema } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { raffleBody } from "../../../test/admin-fixtures";
import { insertProof } from "../../../test/fixtures";
import { createTestApp, createUser, signedInUser, type TestApp } from "../../../test/helpers";
import { waitForTicketPools } from "../admin/raffles/ticket-pool";
import { catalogueCacheOf } from "./routes";
import * as service from "./service";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await signedInUser(t.app, { role: "admin" })).cookie;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers });
const asAdmin = (method: "POST" | "PATCH", url: string, payload: object) =>
  t.app.inject({ method, url, headers: { cookie: adminCookie }, payload });
const cache = () => {
  const found = catalogueCacheOf(t.app.ctx);
  if (!found) throw new Error("sin caché del catálogo");
  return found;
};

/** JSON as the route's serializer would have written it from a fresh service answer. */
const fresh = <T>(body: T): T => JSON.parse(JSON.stringify(body));

describe("catálogo público en memoria", () => {
  it("la segunda respuesta sale de memoria, igual a una recién consultada, con el mismo ETag y 304", async () => {
    const created = await asAdmin("POST", "/api/admin/raffles", raffleBody({ title: "Rifa Memoria" }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    await waitForTicketPools(t.app.ctx);

    for (const url of [
      "/api/raffles",
      "/api/raffles/featured",
      "/api/raffles/upcoming",
      `/api/raffles/${id}`,
    ]) {
      const first = await get(url);
      const hits = cache().stats().hits;
      const second = await get(url);
      expect(cache().stats().hits, url).toBe(hits + 1);
      expect(second.statusCode).toBe(200);
      expect(second.body).toBe(first.body);
      expect(second.headers.etag).toBe(first.headers.etag);
      expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(second.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      const revalidated = await get(url, { "if-none-match": String(second.headers.etag) });
      expect(revalidated.statusCode).toBe(304);
      expect(revalidated.body).toBe("");
    }

    const db = t.app.ctx.db;
    expect((await get("/api/raffles")).json()).toEqual(
      fresh({ items: await service.listRaffles(db, raffleListQuerySchema.parse({})) }),
    );
    expect((await get(`/api/raffles/${id}`)).json()).toEqual(fresh(await service.raffleDetail(db, id)));
    expect((await get("/api/raffles?q=memoria")).json().items.map((r: { id: string }) => r.id)).toEqual([id]);
  });

  it("una edición, un comprobante nuevo y una aprobación se ven en la respuesta siguiente", async () => {
    const created = await asAdmin(
      "POST",
      "/api/admin/raffles",
      raffleBody({ title: "Antes", totalTickets: 20 }),
    );
    const { id } = created.json() as { id: string };
    await waitForTicketPools(t.app.ctx);
    const detail = async () => (await get(`/api/raffles/${id}`)).json();
    const listed = async () =>
      (await get("/api/raffles")).json().items.find((r: { id: string }) => r.id === id) as { title: string };

    expect((await detail()).title).toBe("Antes");
    expect((await listed()).title).toBe("Antes");
    expect((await asAdmin("PATCH", `/api/admin/raffles/${id}`, { title: "Después" })).statusCode).toBe(200);
    expect((await detail()).title).toBe("Después");
    expect((await listed()).title).toBe("Después");

    // A proof sent for review holds tickets; the upload publishes the change like the approval does.
    const buyer = await createUser(t.app);
    const proof = await insertProof(t.app.ctx.db, { userId: buyer.id, raffleId: id, quantityOfTickets: 4 });
    const approved = await t.app.inject({
      method: "POST",
      url: `/api/admin/proofs/${proof.id}/approve`,
      headers: { cookie: adminCookie },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await detail()).toMatchObject({ soldTickets: 4, pendingTickets: 0, remaining: 16 });
  });

  it("una rifa inexistente sigue dando 404 y no ocupa memoria", async () => {
    const entries = cache().stats().entries;
    for (const id of ["7d4a3a5e-8f7b-4a8e-9a43-2a1b0c9d8e7f", "no-es-un-id"]) {
      const response = await get(`/api/raffles/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe("RAFFLE_NOT_FOUND");
    }
    expect(cache().stats().entries).toBe(entries);
  });
});
