import { describe, expect, it } from "vitest";
import { shortHash } from "./purchase";

describe("shortHash", () => {
  it("keeps the start and the end", () => {
    expect(shortHash("0123456789abcdef0123456789abcdef")).toBe("0123456789ab…cdef");
  });

  it("leaves short values alone", () => {
    expect(shortHash("abc")).toBe("abc");
  });
});
