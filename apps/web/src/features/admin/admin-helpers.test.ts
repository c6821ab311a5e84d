import { raffleFormSchema } from "@rifazo/shared/schemas/admin";
import { describe, expect, it } from "vitest";
import { isEmptyCsv } from "./api/csv-download";
import { changedKeys } from "./audit/audit-labels";
import { adminTabHref, adminTabOfPath, parseAdminTab } from "./dashboard/admin-tabs";
import {
  rememberWinners,
  rowsForLevels,
  unsoldRows,
  WINNERS_HISTORY_KEY,
} from "./external-winners/winner-rows";
import { checkImageFile, imageVariant } from "./raffles/image-file";
import { changedFields, isoToCaracasInput, newRaffleValues } from "./raffles/raffle-form-values";
import { previewTickets } from "./shared/ticket-preview";
import { totalTicketsOf } from "./shared/use-admin-raffles";
import { barPercent, niceMax, normalizeSalesByDay } from "./stats/chart-data";

describe("admin tabs", () => {
  it("defaults to raffles and keeps it out of the URL", () => {
    expect(parseAdminTab(null)).toBe("today");
    expect(parseAdminTab("nope")).toBe("today");
    expect(parseAdminTab("payments")).toBe("payments");
    expect(adminTabHref("/admin", "today")).toBe("/admin");
    expect(adminTabHref("/admin", "raffles")).toBe("/admin?tab=raffles");
    expect(adminTabHref("/admin", "users")).toBe("/admin?tab=users");
  });

  it("gives the Vendedores tab its own address", () => {
    expect(adminTabHref("/admin", "sellers")).toBe("/admin/vendedores");
    expect(adminTabOfPath("/admin/vendedores")).toBe("sellers");
    expect(adminTabOfPath("/admin")).toBeNull();
    expect(adminTabOfPath("/admin/vendedores/s1")).toBeNull();
  });
});

describe("stats charts", () => {
  it("fills missing days with zero and sorts", () => {
    expect(
      normalizeSalesByDay([
        { date: "2025-03-03", count: 2 },
        { date: "2025-03-01", count: 5 },
      ]),
    ).toEqual([
      { date: "2025-03-01", count: 5 },
      { date: "2025-03-02", count: 0 },
      { date: "2025-03-03", count: 2 },
    ]);
    expect(normalizeSalesByDay({ "2025-01-31": 1, "2025-02-01": 4 })).toHaveLength(2);
    expect(normalizeSalesByDay(null)).toEqual([]);
  });

  it("scales axes and bars sensibly", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(26)).toBe(50);
    expect(niceMax(180)).toBe(200);
    expect(barPercent(0, 10)).toBe(0);
    expect(barPercent(1, 10_000)).toBe(1);
    expect(barPercent(10, 10)).toBe(100);
  });
});

describe("raffle form values", () => {
  it("a new raffle has the spec's defaults and fails only on what the admin must type", () => {
    const values = newRaffleValues();
    // No total is chosen for the organiser (a silent 10000 made raffles far larger than meant).
    expect(values.totalTickets).toBe("");
    expect(values.currency).toBe("USD");
    expect(values.status).toBe("upcoming");
    expect(values.paymentMethods).toBe("Pago Móvil, Zelle, Binance Pay");
    const result = raffleFormSchema.safeParse(values);
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
    expect(paths.sort()).toEqual(["endDate", "price", "prizeLevels.0.description", "title", "totalTickets"]);
  });

  it("parses once completed (datetime-local read as Venezuelan time)", () => {
    const result = raffleFormSchema.parse({
      ...newRaffleValues(),
      title: "Moto",
      price: "2,5",
      totalTickets: "1.000",
      endDate: "2031-01-15T19:00",
      prizeLevels: [{ description: "Moto 0 km", winnerCount: "1", prizeValue: "" }],
    });
    expect(result.endDate).toBe("2031-01-15T23:00:00.000Z");
    expect(result.price).toBe(2.5);
    expect(result.totalTickets).toBe(1000);
    expect(result.prizeLevels).toEqual([
      { level: 1, description: "Moto 0 km", winnerCount: 1, prizeValue: null, cashCurrency: null },
    ]);
  });

  it("a cash prize level carries its currency and needs its amount (decision 0035)", () => {
    const values = (prizeValue: string) => ({
      ...newRaffleValues(),
      title: "Mil dólares",
      price: "2",
      totalTickets: "100",
      endDate: "2031-01-15T19:00",
      prizeLevels: [
        { description: "Mil dólares", winnerCount: "1", prizeValue, cashCurrency: "USD" as const },
      ],
    });
    expect(raffleFormSchema.parse(values("1.000")).prizeLevels[0]).toMatchObject({
      prizeValue: 1000,
      cashCurrency: "USD",
    });
    const blank = raffleFormSchema.safeParse(values(""));
    expect(blank.success ? [] : blank.error.issues.map((issue) => issue.path.join("."))).toEqual([
      "prizeLevels.0.prizeValue",
    ]);
  });

  it("shows stored instants as Caracas wall-clock time", () => {
    expect(isoToCaracasInput("2031-01-15T23:00:00.000Z")).toBe("2031-01-15T19:00");
    expect(isoToCaracasInput(null)).toBe("");
  });

  it("PATCH sends only what changed", () => {
    expect(changedFields({ a: 1, b: [1, 2], c: "x" }, { a: 1, b: [1, 3], c: "y" })).toEqual({
      b: [1, 3],
      c: "y",
    });
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual({});
  });
});

describe("image files", () => {
  it("accepts JPG, PNG, WEBP and GIF up to 5MB", () => {
    expect(checkImageFile({ name: "a.png", type: "image/png", size: 100 })).toEqual({ ok: true });
    expect(checkImageFile({ name: "a.pdf", type: "application/pdf", size: 100 })).toMatchObject({
      ok: false,
      title: "Tipo de archivo no permitido",
      message: "Solo se permiten imágenes JPG, PNG, WEBP o GIF.",
    });
    expect(checkImageFile({ name: "a.jpg", type: "image/jpeg", size: 5 * 1024 * 1024 + 1 })).toMatchObject({
      ok: false,
      title: "Archivo muy grande",
      message: "La imagen no debe exceder los 5MB.",
    });
    expect(checkImageFile({ name: "a.webp", type: "", size: 10 })).toEqual({ ok: true });
  });

  it("asks for a resized variant of our own images only", () => {
    expect(imageVariant("/api/images/abc", 320)).toBe("/api/images/abc?w=320");
    expect(imageVariant("https://example.com/a.png", 320)).toBe("https://example.com/a.png");
  });
});

describe("external winners", () => {
  it("makes one row per winner of each level, in level order", () => {
    const rows = rowsForLevels([
      { level: 2, description: "Bono", winnerCount: 2 },
      { level: 1, description: "Moto", winnerCount: 1 },
    ]);
    expect(rows.map((row) => `${row.level}:${row.prize}`)).toEqual(["1:Moto", "2:Bono", "2:Bono"]);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
    expect(unsoldRows(rows)).toHaveLength(3);
  });

  it("keeps a local history under rifazo_winners_history", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    const entry = {
      raffleId: "r1",
      raffleName: "Moto",
      drawDate: "2025-01-01T00:00:00Z",
      prizeImage: null,
      winners: [{ name: "Ana", ticket: "0001", prize: "Moto" }],
      announcementSource: "external" as const,
    };
    rememberWinners(entry, storage);
    rememberWinners(entry, storage);
    expect(JSON.parse(store.get(WINNERS_HISTORY_KEY) ?? "[]")).toHaveLength(1);
  });
});

describe("small helpers", () => {
  it("shows at most 3 ticket numbers, then an ellipsis", () => {
    expect(previewTickets(["0001", "0002", "0003", "0004", "0005"])).toEqual({
      items: ["0001", "0002", "0003"],
      more: true,
    });
    // One more than fits is shown rather than hidden behind an ellipsis.
    expect(previewTickets(["0001", "0002", "0003", "0004"])).toEqual({
      items: ["0001", "0002", "0003", "0004"],
      more: false,
    });
    expect(previewTickets(["0001"])).toEqual({ items: ["0001"], more: false });
  });

  it("counts a raffle without total tickets as 10000", () => {
    expect(totalTicketsOf({ totalTickets: 0 })).toBe(10_000);
    expect(totalTicketsOf({ totalTickets: 250 })).toBe(250);
  });

  it("treats a header-only CSV as empty", () => {
    expect(isEmptyCsv("\uFEFFnombre,correo\r\n")).toBe(true);
    expect(isEmptyCsv("nombre,correo\r\nAna,a@b.c\r\n")).toBe(false);
  });

  it("lists the fields an audit entry changed", () => {
    expect(changedKeys({ status: "active", title: "A" }, { status: "inactive", title: "A" })).toEqual([
      "status",
    ]);
    expect(changedKeys(null, { a: 1 })).toEqual(["a"]);
  });
});
