import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { liveBroadcasts, testimonials } from "../../db/schema";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("contenido público", () => {
  it("GET /api/testimonials: el más reciente primero, con todos los campos", async () => {
    const db = t.app.ctx.db;
    await db.insert(testimonials).values([
      {
        name: "Carlos R.",
        location: "Maracaibo",
        prize: "Moto",
        text: "¡Increíble!",
        rating: 5,
        date: "2026-01-10",
      },
      {
        name: "Luisa M.",
        location: "Caracas",
        prize: "Teléfono",
        text: "Muy serios.",
        rating: 4,
        date: "2026-02-20",
      },
    ]);
    const response = await t.app.inject({ method: "GET", url: "/api/testimonials" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const { items } = response.json();
    expect(items.map((item: { name: string }) => item.name)).toEqual(["Luisa M.", "Carlos R."]);
    expect(items[0]).toMatchObject({
      name: "Luisa M.",
      location: "Caracas",
      prize: "Teléfono",
      text: "Muy serios.",
      rating: 4,
      date: "2026-02-20",
    });
    expect(typeof items[0].id).toBe("string");
  });

  it("la base de datos rechaza calificaciones fuera de 1-5 y plataformas desconocidas", async () => {
    const db = t.app.ctx.db;
    await expect(db.insert(testimonials).values({ name: "X", text: "Y", rating: 6 })).rejects.toThrow();
    await expect(db.insert(testimonials).values({ name: "X", text: "Y", rating: 0 })).rejects.toThrow();
    await expect(db.insert(liveBroadcasts).values({ platform: "tiktok", title: "T" })).rejects.toThrow();
    await expect(
      db.insert(liveBroadcasts).values({ platform: "youtube", title: "T", url: "javascript:alert(1)" }),
    ).rejects.toThrow();
  });

  it("GET /api/live-broadcasts: en vivo primero, luego por orden, con la etiqueta de la plataforma", async () => {
    const db = t.app.ctx.db;
    await db.insert(liveBroadcasts).values([
      { platform: "radio", title: "Rifazo en la radio", schedule: "Sábados 10:00 a. m.", sortOrder: 2 },
      {
        platform: "instagram",
        title: "Sorteo en Instagram",
        sortOrder: 1,
        url: "https://instagram.com/rifazo",
      },
      {
        platform: "youtube",
        title: "En vivo ahora",
        isLive: true,
        sortOrder: 5,
        url: "https://youtube.com/rifazo",
      },
      { platform: "tv", title: "Programa de TV", sortOrder: 3 },
      { platform: "facebook", title: "Facebook Live", sortOrder: 4 },
    ]);
    const response = await t.app.inject({ method: "GET", url: "/api/live-broadcasts" });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.map((item: { platform: string }) => item.platform)).toEqual([
      "youtube",
      "instagram",
      "radio",
      "tv",
      "facebook",
    ]);
    expect(items[0]).toMatchObject({
      platformLabel: "YouTube Live",
      title: "En vivo ahora",
      isLive: true,
      url: "https://youtube.com/rifazo",
    });
    expect(items[2]).toMatchObject({ platformLabel: "Radio", schedule: "Sábados 10:00 a. m.", url: null });
    expect(items[3].platformLabel).toBe("Programa de TV");
  });
});
