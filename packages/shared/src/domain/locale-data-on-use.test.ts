import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it, vi } from "vitest";

// Building the first Intl date or number formatter loads the locale's data: about 200 ms with the CPU 4×
// slower (measured in Chromium), inside the page's first long task. The shared modules build theirs on
// first use (dates.ts), so a page that shows no date never pays for one while its code loads. Plural rules
// cost a few milliseconds and messages count with them as they load.
describe("los módulos compartidos no construyen formateadores de fechas ni de números al cargarse", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("importar cada módulo de domain/ y schemas/ no crea ningún Intl.DateTimeFormat ni Intl.NumberFormat", async () => {
    const built: string[] = [];
    for (const name of ["DateTimeFormat", "NumberFormat"] as const) {
      const Original = Intl[name];
      vi.spyOn(Intl, name).mockImplementation(function (this: unknown, ...args: unknown[]) {
        built.push(name);
        // biome-ignore lint/suspicious/noExplicitAny: forwards to the real constructor whatever its overload.
        return new (Original as any)(...args);
      } as never);
    }
    vi.resetModules();
    const modules = ["./", "../schemas/"].flatMap((folder) => {
      const dir = fileURLToPath(new URL(folder, import.meta.url));
      return readdirSync(dir)
        .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
        .map((name) => path.join(dir, name));
    });
    expect(modules.length).toBeGreaterThan(20);
    for (const file of modules) await import(file);
    expect(built).toEqual([]);

    // The spy sees real constructions: the first date formatted builds one.
    const { formatDate } = await import("./dates");
    expect(formatDate("2026-03-05T12:00:00Z")).toBe("5 de marzo de 2026");
    expect(built).toContain("DateTimeFormat");
  });

  it("receiptDateTime escribe la fecha larga y la corta en hora de Venezuela", async () => {
    const { receiptDateTime } = await import("./receipt");
    expect(receiptDateTime("2026-03-05T22:30:00Z")).toBe("5 de marzo de 2026 a las 6:30 p. m.");
    expect(receiptDateTime("2026-03-05T22:30:00Z", "short")).toBe("5 mar. 2026, 6:30 p. m.");
  });
});

describe("las fechas que el servidor escribió en la página", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("el servidor recibe cada texto que escribe; el navegador los adopta y los escribe igual sin construir un formateador", async () => {
    vi.resetModules();
    const server = await import("./dates");
    const reported: Record<string, string> = {};
    server.reportDateTexts((id, text) => {
      reported[id] = text;
    });
    const drawAt = "2026-12-05T00:00:00Z";
    const onServer = server.formatDrawMoment(drawAt);
    expect(onServer).toBe("viernes 4 de diciembre de 2026, 8:00 p. m.");
    server.reportDateTexts(null);
    server.formatDate("2027-01-01T12:00:00Z");
    // The weekday, the date and the time of the draw, and nothing formatted after the listener left.
    expect(Object.keys(reported)).toHaveLength(3);

    // A fresh module, as in the browser: it adopts the server's texts.
    vi.resetModules();
    const built: string[] = [];
    const Original = Intl.DateTimeFormat;
    vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (this: unknown, ...args: unknown[]) {
      built.push("DateTimeFormat");
      // biome-ignore lint/suspicious/noExplicitAny: forwards to the real constructor whatever its overload.
      return new (Original as any)(...args);
    } as never);
    const browser = await import("./dates");
    // What the server wrote wins, so hydration shows exactly the HTML's words.
    browser.adoptDateTexts({ ...reported, [Object.keys(reported)[0] as string]: "VIERNES" });
    expect(browser.formatDrawMoment(drawAt)).toBe("VIERNES 4 de diciembre de 2026, 8:00 p. m.");
    expect(built).toEqual([]);
    // Any other date is formatted as usual.
    expect(browser.formatDate("2027-01-01T12:00:00Z")).toBe("1 de enero de 2027");
    expect(built).toEqual(["DateTimeFormat"]);
  });
});
