import { describe, expect, it, vi } from "vitest";
import { shareLink } from "./share";

const data = { title: "Moto", url: "https://rifazo.example/rifas/1" };
const abort = () => Object.assign(new Error("cancelado"), { name: "AbortError" });

describe("shareLink", () => {
  it("uses the share sheet when there is one", async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    expect(await shareLink({ share }, data)).toBe("shared");
    expect(share).toHaveBeenCalledWith(data);
  });

  it("says nothing when the visitor closes the share sheet", async () => {
    const writeText = vi.fn();
    expect(
      await shareLink({ share: vi.fn().mockRejectedValue(abort()), clipboard: { writeText } }, data),
    ).toBe("cancelled");
    expect(writeText).not.toHaveBeenCalled();
  });

  it("copies the link without a share sheet, or when it fails", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareLink({ clipboard: { writeText } }, data)).toBe("copied");
    expect(
      await shareLink({ share: vi.fn().mockRejectedValue(new Error("x")), clipboard: { writeText } }, data),
    ).toBe("copied");
    expect(writeText).toHaveBeenCalledWith(data.url);
  });

  it("skips a share sheet that cannot take the data", async () => {
    const share = vi.fn();
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareLink({ share, canShare: () => false, clipboard: { writeText } }, data)).toBe("copied");
    expect(share).not.toHaveBeenCalled();
  });

  it("fails when neither works", async () => {
    expect(await shareLink({}, data)).toBe("failed");
    expect(
      await shareLink({ clipboard: { writeText: vi.fn().mockRejectedValue(new Error("denied")) } }, data),
    ).toBe("failed");
  });
});
