import { ANALYTICS_MESSAGES, OTHER_PAGES_PATH, PAGE_VIEW_LIMITS, todayInVenezuela } from "@rifazo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, nextIp, signedInUser, type TestApp } from "../../../test/helpers";
import { pageViewCounts } from "../../db/schema";
import { PAGE_VIEW_RATE_RULE, pageViewReport, recordPageView } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const view = (payload: unknown, ip = nextIp(), cookie?: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/analytics/page-view",
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });

describe("POST /api/analytics/page-view", () => {
  it("counts a view per day and page, and keeps nothing that identifies the visitor", async () => {
    await t.app.ctx.db.delete(pageViewCounts);
    const user = await signedInUser(t.app);
    expect((await view({ path: "/rifas" })).statusCode).toBe(204);
    expect((await view({ path: "/rifas" }, nextIp(), user.cookie)).statusCode).toBe(204);
    expect((await view({ path: "/ganadores", referrer: "/rifas" })).statusCode).toBe(204);
    const rows = await t.app.ctx.db.select().from(pageViewCounts);
    const today = todayInVenezuela(new Date());
    expect(rows.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { day: today, path: "/ganadores", views: 1 },
      { day: today, path: "/rifas", views: 2 },
    ]);
  });

  it("refuses paths that are not site pages with a Spanish 400, and writes nothing", async () => {
    await t.app.ctx.db.delete(pageViewCounts);
    for (const path of ["rifas", "https://otro.sitio/x", "/Rifas", "/rifas?x=1", "/a".repeat(100), "", 7]) {
      const response = await view({ path });
      expect(response.statusCode, String(path)).toBe(400);
      expect(response.json().error.message).toBe(ANALYTICS_MESSAGES.invalidPath);
    }
    expect(await t.app.ctx.db.select().from(pageViewCounts)).toEqual([]);
  });

  it("limits views per address", async () => {
    const ip = nextIp();
    for (let i = 0; i < PAGE_VIEW_RATE_RULE.max; i++)
      expect((await view({ path: "/" }, ip)).statusCode).toBe(204);
    const refused = await view({ path: "/" }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(ANALYTICS_MESSAGES.rateLimited);
  });

  it("counts pages beyond the day's distinct limit together, so made-up paths cannot grow the table", async () => {
    await t.app.ctx.db.delete(pageViewCounts);
    const day = "2026-01-10";
    await t.app.ctx.db.insert(pageViewCounts).values(
      Array.from({ length: PAGE_VIEW_LIMITS.distinctPathsPerDay }, (_, i) => ({
        day,
        path: `/p-${i}`,
        views: 1,
      })),
    );
    const at = new Date("2026-01-10T15:00:00Z");
    await recordPageView(t.app.ctx, { path: "/nueva" }, at);
    await recordPageView(t.app.ctx, { path: "/otra" }, at);
    await recordPageView(t.app.ctx, { path: "/p-3" }, at);
    const report = await pageViewReport(t.app.ctx.db, 1, at);
    expect(report.total).toBe(PAGE_VIEW_LIMITS.distinctPathsPerDay + 3);
    expect(report.topPages.slice(0, 2)).toEqual(
      expect.arrayContaining([
        { path: "/p-3", views: 2 },
        { path: OTHER_PAGES_PATH, views: 2 },
      ]),
    );
  });

  it("two views at once both count", async () => {
    await t.app.ctx.db.delete(pageViewCounts);
    await Promise.all(Array.from({ length: 6 }, () => view({ path: "/rifas" })));
    const report = await pageViewReport(t.app.ctx.db, 1);
    expect(report.topPages).toEqual([{ path: "/rifas", views: 6 }]);
  });
});

describe("GET /api/admin/analytics/page-views", () => {
  it("is for administrators only", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/admin/analytics/page-views" })).statusCode).toBe(
      401,
    );
    const user = await signedInUser(t.app);
    const asUser = await t.app.inject({
      method: "GET",
      url: "/api/admin/analytics/page-views",
      headers: { cookie: user.cookie },
    });
    expect(asUser.statusCode).toBe(403);
  });

  it("reports views per Venezuelan day, zero-filled, and the most visited pages", async () => {
    await t.app.ctx.db.delete(pageViewCounts);
    // 02:30 UTC on the 11th is still the 10th in Caracas (UTC−4).
    await recordPageView(t.app.ctx, { path: "/" }, new Date("2026-03-11T02:30:00Z"));
    await recordPageView(t.app.ctx, { path: "/" }, new Date("2026-03-12T12:00:00Z"));
    await recordPageView(t.app.ctx, { path: "/rifas" }, new Date("2026-03-12T13:00:00Z"));
    const admin = await signedInUser(t.app, { role: "admin" });
    const response = await t.app.inject({
      method: "GET",
      url: "/api/admin/analytics/page-views?days=3",
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    // The route reports up to today; the service with a fixed "now" shows the shape.
    const report = await pageViewReport(t.app.ctx.db, 3, new Date("2026-03-12T20:00:00Z"));
    expect(report).toEqual({
      days: 3,
      total: 3,
      byDay: [
        { day: "2026-03-10", views: 1 },
        { day: "2026-03-11", views: 0 },
        { day: "2026-03-12", views: 2 },
      ],
      topPages: [
        { path: "/", views: 2 },
        { path: "/rifas", views: 1 },
      ],
    });
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/admin/analytics/page-views?days=0",
      headers: { cookie: admin.cookie },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ANALYTICS_MESSAGES.invalidDays);
  });
});
