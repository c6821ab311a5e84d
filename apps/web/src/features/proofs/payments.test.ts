import { describe, expect, it } from "vitest";
import { clampPage, ticketPreview, ticketsLabel } from "./payments";

describe("Mis Pagos display rules", () => {
  it("previews 4 tickets and counts the rest", () => {
    expect(ticketPreview(["0001", "0002", "0003"])).toEqual({ shown: ["0001", "0002", "0003"], hidden: 0 });
    expect(ticketPreview(["0001", "0002", "0003", "0004", "0005", "0006"])).toEqual({
      shown: ["0001", "0002", "0003", "0004"],
      hidden: 2,
    });
    // Five numbers: all shown, never "y 1 más".
    expect(ticketPreview(["01", "02", "03", "04", "05"])).toEqual({
      shown: ["01", "02", "03", "04", "05"],
      hidden: 0,
    });
  });

  it("keeps page numbers in range", () => {
    expect(clampPage(null)).toBe(1);
    expect(clampPage("abc")).toBe(1);
    expect(clampPage("0")).toBe(1);
    expect(clampPage("3")).toBe(3);
    expect(clampPage("9", 4)).toBe(4);
  });

  it("says boleto or boletos", () => {
    expect(ticketsLabel(1)).toBe("1 boleto");
    expect(ticketsLabel(2)).toBe("2 boletos");
  });
});
