// @vitest-environment happy-dom

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PrizeGallery } from "../src/features/raffles/components/prize-gallery";

// The detail page's prize images: several in a swipeable strip with named buttons and thumbnails, one
// as a single image, and the whole gallery in the server's HTML.

const images = [
  { url: "/api/images/a1", alt: "Moto roja de frente" },
  { url: "/api/images/b2", alt: "Tablero de la moto" },
  { url: "/api/images/c3", alt: "Casco incluido" },
];
const SIZES = "92vw";

describe("galería del premio", () => {
  it("muestra cada imagen con su texto alternativo, en orden, y botones con nombre", () => {
    render(<PrizeGallery images={images} title="Moto Bera" sizes={SIZES} />);
    const gallery = screen.getByRole("region", { name: "Imágenes del premio" });
    const pictures = within(gallery)
      .getAllByRole("img")
      .filter((img) => img.getAttribute("alt"));
    expect(pictures.map((img) => img.getAttribute("alt"))).toEqual(images.map((i) => i.alt));
    // The cover is fetched first; the others wait until they are near.
    expect(pictures[0]?.getAttribute("loading")).toBe("eager");
    expect(pictures[1]?.getAttribute("loading")).toBe("lazy");
    expect(screen.getByRole("button", { name: "Imagen anterior" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Imagen siguiente" })).toBeEnabled();
    expect(screen.getByText("Imagen 1 de 3")).toBeTruthy();
    const thumbs = within(screen.getByRole("list", { name: "Miniaturas" })).getAllByRole("button");
    expect(thumbs.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Ver imagen 1 de 3: Moto roja de frente",
      "Ver imagen 2 de 3: Tablero de la moto",
      "Ver imagen 3 de 3: Casco incluido",
    ]);
    expect(thumbs[0]?.getAttribute("aria-current")).toBe("true");
  });

  it("los botones y las miniaturas cambian la imagen actual", async () => {
    const user = userEvent.setup();
    render(<PrizeGallery images={images} title="Moto Bera" sizes={SIZES} />);
    await user.click(screen.getByRole("button", { name: "Imagen siguiente" }));
    expect(screen.getByText("Imagen 2 de 3")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Ver imagen 3 de 3: Casco incluido" }));
    expect(screen.getByText("Imagen 3 de 3")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Imagen siguiente" })).toBeDisabled();
    expect(
      screen.getByRole("button", { name: "Ver imagen 3 de 3: Casco incluido" }).getAttribute("aria-current"),
    ).toBe("true");
  });

  it("una sola imagen se muestra sola, sin controles; sin imágenes, el marcador lleva el título", () => {
    const { unmount } = render(<PrizeGallery images={images.slice(0, 1)} title="Moto Bera" sizes={SIZES} />);
    expect(screen.getByRole("img", { name: "Moto roja de frente" })).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    unmount();
    render(<PrizeGallery images={[]} title="Moto Bera" sizes={SIZES} />);
    expect(screen.getByRole("img", { name: "Moto Bera" })).toBeTruthy();
  });

  it("se renderiza en el servidor con todas las imágenes y sus textos", () => {
    const html = renderToString(<PrizeGallery images={images} title="Moto Bera" sizes={SIZES} />);
    for (const image of images) expect(html).toContain(`alt="${image.alt}"`);
    expect(html).toContain("snap-x");
    expect(html).toContain("Imagen 1 de 3");
  });
});
