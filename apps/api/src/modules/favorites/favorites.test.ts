import { type PublicRaffle, RAFFLE_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call as request } from "../../../test/admin-fixtures";
import { insertRaffle, insertWinner } from "../../../test/fixtures";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { userFavorites } from "../../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const call = (method: "GET" | "PUT" | "DELETE", url: string, cookie?: string) =>
  request(t, method, url, cookie);
const idsOf = (response: { json(): unknown }) =>
  (response.json() as { items: PublicRaffle[] }).items.map((item) => item.id);

describe("favoritos", () => {
  it("un visitante recibe 401 con el mensaje de la especificación en todas las rutas", async () => {
    const raffle = await insertRaffle(t.app.ctx.db);
    for (const [method, url] of [
      ["GET", "/api/favorites"],
      ["GET", "/api/favorites/ids"],
      ["PUT", `/api/favorites/${raffle.id}`],
      ["DELETE", `/api/favorites/${raffle.id}`],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({
        error: { code: "UNAUTHENTICATED", message: "Debes iniciar sesión para guardar favoritos." },
      });
    }
    expect(RAFFLE_MESSAGES.favoritesSignIn).toBe("Debes iniciar sesión para guardar favoritos.");
  });

  it("añade (idempotente), lista con los campos de tarjeta, busca y elimina", async () => {
    const db = t.app.ctx.db;
    const user = await signedInUser(t.app);
    const moto = await insertRaffle(db, { title: "Moto Yamaha", description: "Roja" });
    const phone = await insertRaffle(db, { title: "Teléfono", status: "finished" });
    await insertWinner(db, { raffleId: phone.id, ticketNumber: 5 });
    await insertRaffle(db, { title: "Otra rifa no favorita" });

    for (let i = 0; i < 2; i++) {
      const added = await call("PUT", `/api/favorites/${moto.id}`, user.cookie);
      expect(added.statusCode).toBe(200);
      expect(added.json()).toEqual({ ok: true, raffleId: moto.id, favorite: true });
    }
    await call("PUT", `/api/favorites/${phone.id}`, user.cookie);
    const rows = await db.select().from(userFavorites).where(eq(userFavorites.userId, user.id));
    expect(rows).toHaveLength(2);

    const listed = await call("GET", "/api/favorites", user.cookie);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers["cache-control"]).toBe("no-store");
    expect(new Set(idsOf(listed))).toEqual(new Set([moto.id, phone.id]));
    const phoneCard = (listed.json() as { items: PublicRaffle[] }).items.find((item) => item.id === phone.id);
    expect(phoneCard).toMatchObject({
      status: "finished",
      hasWinners: true,
      winners: [{ ticketNumber: "0005" }],
    });

    expect(
      idsOf(await call("GET", `/api/favorites?q=${encodeURIComponent("TELEFONO")}`, user.cookie)),
    ).toEqual([phone.id]);
    expect(idsOf(await call("GET", "/api/favorites?q=roja", user.cookie))).toEqual([moto.id]);
    expect(new Set((await call("GET", "/api/favorites/ids", user.cookie)).json().raffleIds)).toEqual(
      new Set([moto.id, phone.id]),
    );

    const removed = await call("DELETE", `/api/favorites/${moto.id}`, user.cookie);
    expect(removed.json()).toEqual({ ok: true, raffleId: moto.id, favorite: false });
    expect(idsOf(await call("GET", "/api/favorites", user.cookie))).toEqual([phone.id]);
    // Removing again is harmless.
    expect((await call("DELETE", `/api/favorites/${moto.id}`, user.cookie)).statusCode).toBe(200);
  });

  it("404 'Rifa no encontrada.' al añadir una rifa que no existe o un id mal formado", async () => {
    const user = await signedInUser(t.app);
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc"]) {
      const response = await call("PUT", `/api/favorites/${id}`, user.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: "RAFFLE_NOT_FOUND", message: "Rifa no encontrada." });
    }
  });

  it("cada usuario solo ve y cambia sus propios favoritos", async () => {
    const db = t.app.ctx.db;
    const ana = await signedInUser(t.app);
    const luis = await signedInUser(t.app);
    const raffle = await insertRaffle(db, { title: "Rifa de Ana" });
    await call("PUT", `/api/favorites/${raffle.id}`, ana.cookie);

    expect(idsOf(await call("GET", "/api/favorites", luis.cookie))).toEqual([]);
    expect((await call("GET", "/api/favorites/ids", luis.cookie)).json()).toEqual({ raffleIds: [] });
    // Luis "deleting" the same raffle only touches his own (empty) list.
    expect((await call("DELETE", `/api/favorites/${raffle.id}`, luis.cookie)).statusCode).toBe(200);
    expect(idsOf(await call("GET", "/api/favorites", ana.cookie))).toEqual([raffle.id]);
  });
});
