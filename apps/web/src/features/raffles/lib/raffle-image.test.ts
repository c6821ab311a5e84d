import { describe, expect, it } from "vitest";
import { imageSources } from "./raffle-image";

describe("imageSources", () => {
  it("lists the WebP width variants of our own images", () => {
    expect(imageSources("/api/images/abc")).toEqual({
      src: "/api/images/abc?w=640",
      srcSet:
        "/api/images/abc?w=320 320w, /api/images/abc?w=640 640w, /api/images/abc?w=720 720w, /api/images/abc?w=960 960w",
    });
  });

  it("uses other URLs as they are", () => {
    expect(imageSources("https://cdn.example.com/moto.jpg")).toEqual({
      src: "https://cdn.example.com/moto.jpg",
    });
    expect(imageSources("/api/images/abc?w=320")).toEqual({ src: "/api/images/abc?w=320" });
  });

  it("gives nothing without an image", () => {
    expect(imageSources(null)).toBeNull();
    expect(imageSources("  ")).toBeNull();
  });
});
