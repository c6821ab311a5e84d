import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers";
import { liveBroadcasts, raffles, testimonials } from "../../db/schema";

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
    // The newest: it comes first, every field as stored.
    const luisa = {
      name: "Luisa M.",
      location: "Caracas",
      prize: "Teléfono",
      text: "Muy serios.",
      rating: 4,
      date: "2026-02-20",
    };
    await db.insert(testimonials).values([
      {
        name: "Carlos R.",
        location: "Maracaibo",
        prize: "Moto",
        text: "¡Increíble!",
        rating: 5,
        date: "2026-01-10",
      },
      luisa,
    ]);
    const response = await t.app.inject({ method: "GET", url: "/api/testimonials" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
    const { items } = response.json();
    expect(items.map((item: { name: string }) => item.name)).toEqual(["Luisa M.", "Carlos R."]);
    expect(items[0]).toMatchObject(luisa);
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

  it("GET /api/live-broadcasts: en vivo solo con un sorteo al aire, luego lo próximo, con la etiqueta", async () => {
    const db = t.app.ctx.db;
    const hour = 60 * 60 * 1000;
    const now = Date.now();
    await db.insert(liveBroadcasts).values([
      { platform: "radio", title: "Rifazo en la radio", schedule: "Sábados 10:00 a. m.", sortOrder: 2 },
      {
        platform: "instagram",
        title: "Sorteo en Instagram",
        sortOrder: 1,
        url: "https://instagram.com/rifazo",
        // The hand-set switch no longer decides: nothing is on the air on Instagram.
        isLive: true,
      },
      { platform: "youtube", title: "En vivo ahora", sortOrder: 5, url: "https://youtube.com/rifazo" },
      { platform: "tv", title: "Programa de TV", sortOrder: 3 },
      { platform: "facebook", title: "Facebook Live", sortOrder: 4 },
    ]);
    const external = (
      platform: string,
      endDate: Date | null,
      extra: Partial<typeof raffles.$inferInsert> = {},
    ) => ({
      title: `Rifa por ${platform}`,
      price: 5,
      totalTickets: 100,
      announcementType: "external",
      externalAnnouncementPlatform: platform,
      endDate,
      status: "frozen",
      ...extra,
    });
    const nextFacebook = new Date(now + 50 * hour);
    await db.insert(raffles).values([
      // YouTube: announced half an hour ago, winners not in yet: live.
      external("YouTube Live", new Date(now - hour / 2)),
      // Facebook: two coming, the nearest one is shown.
      external("Facebook Live", new Date(now + 90 * hour), { status: "active" }),
      external("Facebook Live", nextFacebook, { status: "active" }),
      // Instagram: its draw was yesterday and its results are out.
      external("Instagram Live", new Date(now - 24 * hour), {
        status: "finished",
        drawnAt: new Date(now - 23 * hour),
      }),
      // TV: due three hours ago with no results recorded: not on the air any more, nothing coming.
      external("Programa de TV", new Date(now - 3 * hour)),
      // Radio: a percentage raffle whose last 24 h of sales end in an hour: its draw comes then.
      external("Radio", null, {
        status: "active",
        activationType: "percentage",
        percentageDrawActivatedAt: new Date(now - 23 * hour),
      }),
    ]);
    const response = await t.app.inject({ method: "GET", url: "/api/live-broadcasts" });
    expect(response.statusCode).toBe(200);
    const { items } = response.json();
    expect(items.map((item: { platform: string; status: string }) => [item.platform, item.status])).toEqual([
      ["youtube", "live"],
      ["radio", "upcoming"],
      ["facebook", "upcoming"],
      ["instagram", "finished"],
      ["tv", "none"],
    ]);
    expect(items[0]).toMatchObject({
      platformLabel: "YouTube Live",
      title: "En vivo ahora",
      isLive: true,
      nextDrawAt: null,
      url: "https://youtube.com/rifazo",
    });
    expect(items[2]).toMatchObject({ isLive: false, nextDrawAt: nextFacebook.toISOString() });
    expect(items[1]).toMatchObject({
      platformLabel: "Radio",
      schedule: "Sábados 10:00 a. m.",
      url: null,
      nextDrawAt: new Date(now + hour).toISOString(),
    });
    expect(items[3]).toMatchObject({ isLive: false, nextDrawAt: null });
    expect(items[4].platformLabel).toBe("Programa de TV");
  });
});
