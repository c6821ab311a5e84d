import { describe, expect, it } from "vitest";
import { buildPageView, PAGE_VIEW_ENDPOINT, sendPageView } from "./page-view";

describe("page views", () => {
  const view = buildPageView("/rifas", "/", new Date("2025-01-01T00:00:00Z"));

  it("describes the page and where the visitor came from", () => {
    expect(view).toEqual({ path: "/rifas", referrer: "/", at: "2025-01-01T00:00:00.000Z" });
  });

  it("sends a JSON beacon to the analytics endpoint", async () => {
    let sentTo = "";
    let sent: unknown;
    const ok = sendPageView(view, (url, data) => {
      sentTo = url;
      sent = data;
      return true;
    });
    expect(ok).toBe(true);
    expect(sentTo).toBe(PAGE_VIEW_ENDPOINT);
    expect(JSON.parse(await (sent as Blob).text())).toEqual(view);
  });

  it("stays silent when beacons are missing or throw", () => {
    expect(sendPageView(view, undefined)).toBe(false);
    expect(
      sendPageView(view, () => {
        throw new Error("blocked");
      }),
    ).toBe(false);
  });
});
