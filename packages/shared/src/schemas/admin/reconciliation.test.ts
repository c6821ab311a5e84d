import { describe, expect, it } from "vitest";
import { reconciliationQuerySchema, TOLERANCE_MESSAGE } from "./reconciliation";

const tolerance = (value: unknown) => reconciliationQuerySchema.safeParse({ tolerance: value });

describe("reconciliationQuerySchema tolerance", () => {
  it("reads es-VE amounts with the shared parser", () => {
    expect(tolerance("1.000,50")).toMatchObject({ success: true, data: { tolerance: 1000.5 } });
    expect(tolerance("0,5")).toMatchObject({ success: true, data: { tolerance: 0.5 } });
    expect(tolerance(2)).toMatchObject({ success: true, data: { tolerance: 2 } });
  });

  it("is 0 when left blank", () => {
    expect(tolerance(undefined)).toMatchObject({ success: true, data: { tolerance: 0 } });
    expect(tolerance(" ")).toMatchObject({ success: true, data: { tolerance: 0 } });
  });

  it.each(["abc", "1,000.50", "0.500", "-1", "2.000.000", "1,234"])("refuses %s in Spanish", (value) => {
    const parsed = tolerance(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(TOLERANCE_MESSAGE);
  });
});
