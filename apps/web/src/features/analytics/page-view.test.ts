import { describe, expect, it } from "vitest";
import { buildPageView, PAGE_VIEW_ENDPOINT, sendPageView } from "./page-view";

describe("page views", () => {
  const view = { path: "/rifas" };

  it("sends the page only: no referrer, time or device", () => {
    expect(buildPageView("/rifas")).toEqual({ path: "/rifas" });
    expect(buildPageView("/rifas/9b2c1e7a-0f4d-4c1a-9d1e-2f3a4b5c6d7e")).toEqual({
      path: "/rifas/9b2c1e7a-0f4d-4c1a-9d1e-2f3a4b5c6d7e",
    });
  });

  it("does not send paths the server would refuse", () => {
    expect(buildPageView("/Rifas")).toBeNull();
    expect(buildPageView("/rifas/")).toBeNull();
    expect(buildPageView("//x")).toBeNull();
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
