import { describe, expect, it } from "vitest";
import { parseNotifyIds } from "./notify-storage";

describe("parseNotifyIds", () => {
  it("reads a stored list of ids without duplicates", () => {
    expect(parseNotifyIds('["a","b","a"]')).toEqual(["a", "b"]);
  });

  it("ignores missing, broken or foreign values", () => {
    expect(parseNotifyIds(null)).toEqual([]);
    expect(parseNotifyIds("{no es json")).toEqual([]);
    expect(parseNotifyIds('{"a":1}')).toEqual([]);
    expect(parseNotifyIds('["a", 3, null, ""]')).toEqual(["a"]);
  });
});
