import { describe, expect, it } from "vitest";
import { isFiltered, normalizeSearch, readCriteria, writeCriteria } from "./list-filters";

describe("raffle list criteria in the URL", () => {
  it("defaults to active and upcoming raffles without a search", () => {
    expect(readCriteria(new URLSearchParams())).toEqual({ status: "active_upcoming", q: "" });
  });

  it("reads the status and the search", () => {
    expect(readCriteria(new URLSearchParams("estado=finished&q=%20moto%20%20roja "))).toEqual({
      status: "finished",
      q: "moto roja",
    });
  });

  it("ignores an unknown status", () => {
    expect(readCriteria(new URLSearchParams("estado=borrador")).status).toBe("active_upcoming");
  });

  it("drops defaults and empty searches, keeps other parameters", () => {
    const params = new URLSearchParams("estado=active&q=tv&utm_source=ig");
    expect(writeCriteria(params, { status: "active_upcoming", q: "  " }).toString()).toBe("utm_source=ig");
    expect(writeCriteria(new URLSearchParams(), { status: "upcoming", q: " ps5 " }).toString()).toBe(
      "estado=upcoming&q=ps5",
    );
  });

  it("leaves a criterion alone when it is not given", () => {
    expect(writeCriteria(new URLSearchParams("estado=active"), { q: "moto" }).toString()).toBe(
      "estado=active&q=moto",
    );
  });

  it("caps the search at the API's limit", () => {
    expect(normalizeSearch("a".repeat(150))).toHaveLength(100);
  });

  it("knows when the list is narrowed", () => {
    expect(isFiltered({ status: "active_upcoming", q: "" })).toBe(false);
    expect(isFiltered({ status: "all", q: "" })).toBe(true);
    expect(isFiltered({ status: "active_upcoming", q: "tv" })).toBe(true);
  });
});
