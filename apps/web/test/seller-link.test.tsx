// @vitest-environment happy-dom
// A vendedor's link (/rifas/:id?v=CODE) credits the purchase it brings (docs/decisions/0034-vendedores.md):
// kept per raffle for 30 days, the last link winning, shown to the buyer with «Quitar», sent with the
// reservation, and in the native form before any script.
import { SELLER_LINK_KEY } from "@rifazo/shared/constants";
import type { RaffleDetail } from "@rifazo/shared/schemas/raffles";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { MemoryRouter, Route, Routes } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "../src/features/auth/hooks/use-session";
import { TicketPurchase } from "../src/features/raffles";
import {
  forgetSellerLink,
  rememberedSellerCode,
  rememberSellerLink,
  sellerCodeInUrl,
} from "../src/features/raffles/lib/seller-link";
import { jsonResponse as json, makePublicSettings, notFoundResponse } from "./fixtures/http";
import { raffle } from "./fixtures/purchase";
import { BUYER } from "./fixtures/user";
import { CurrentLocation, stubFetch, testQueryClient } from "./render";

vi.mock("../src/components/ui/toast", () => ({ toast: vi.fn() }));

const fetchMock = stubFetch();
const DAY = 24 * 3600_000;

const detail: RaffleDetail = raffle({
  numberMode: "random",
  totalTickets: 100,
  remaining: 100,
  maxTicketsPerBuyer: 20,
});

function serve(bodies: unknown[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === "/api/raffles/r1/reservations" && init?.method === "POST") {
      bodies.push(JSON.parse(String(init.body)));
      return json(201, { id: `res-${bodies.length}` });
    }
    if (url === "/api/settings/public") return json(200, makePublicSettings());
    return notFoundResponse();
  });
}

function page(entry: string) {
  const client = testQueryClient();
  client.setQueryData(sessionQueryKey, BUYER);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/rifas/:id" element={<TicketPurchase raffle={detail} />} />
          <Route path="*" element={<CurrentLocation />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

beforeEach(() => {
  window.localStorage.clear();
});

describe("lo que guarda el navegador", () => {
  it("un código por rifa, el último enlace gana, 30 días, y se quita", () => {
    const now = Date.UTC(2026, 10, 30);
    expect(sellerCodeInUrl("?v=abc-234")).toBe("ABC234");
    expect(sellerCodeInUrl("?v=ABC23")).toBeNull();
    expect(sellerCodeInUrl("?v=ABC230")).toBeNull(); // 0 is not in the alphabet (read as O).
    rememberSellerLink("r1", "ABC234", now);
    rememberSellerLink("r2", "XYZ789", now);
    rememberSellerLink("r1", "PQR567", now + DAY);
    expect(rememberedSellerCode("r1", now + DAY)).toBe("PQR567");
    expect(rememberedSellerCode("r2", now + 29 * DAY)).toBe("XYZ789");
    expect(rememberedSellerCode("r2", now + 30 * DAY)).toBeNull();
    forgetSellerLink("r1", now + DAY);
    expect(rememberedSellerCode("r1", now + DAY)).toBeNull();
    // Expired entries are dropped when the list is written again.
    rememberSellerLink("r3", "MNP234", now + 40 * DAY);
    expect(Object.keys(JSON.parse(window.localStorage.getItem(SELLER_LINK_KEY) ?? "{}"))).toEqual(["r3"]);
  });

  it("lo que otro script dejó mal escrito no acredita a nadie", () => {
    window.localStorage.setItem(SELLER_LINK_KEY, "no es json");
    expect(rememberedSellerCode("r1")).toBeNull();
    window.localStorage.setItem(
      SELLER_LINK_KEY,
      JSON.stringify({ r1: { code: "<b>", until: Date.now() + DAY } }),
    );
    expect(rememberedSellerCode("r1")).toBeNull();
  });
});

describe("la página de la rifa", () => {
  it("dice a quién se acredita, lo envía con la reserva y «Quitar» lo quita", async () => {
    const bodies: unknown[] = [];
    serve(bodies);
    const { unmount } = render(page("/rifas/r1?v=abc-234"));
    const notice = await screen.findByText(/Llegaste por el enlace del vendedor/);
    expect(notice).toHaveTextContent(
      "Llegaste por el enlace del vendedor ABC234: tu compra se le acreditará.",
    );
    const form = screen.getByRole("form", { name: "Comprar boletos" });
    expect(form.querySelector('input[name="vendedor"]')).toHaveValue("ABC234");
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    await waitFor(() => expect(bodies).toEqual([{ quantity: 2, sellerCode: "ABC234" }]));
    unmount();

    // Back later without the link's address: the same vendedor is still credited, until «Quitar».
    render(page("/rifas/r1"));
    expect(await screen.findByText(/Llegaste por el enlace del vendedor/)).toHaveTextContent("ABC234");
    await userEvent.click(screen.getByRole("button", { name: "Quitar" }));
    expect(screen.queryByText(/Llegaste por el enlace del vendedor/)).toBeNull();
    expect(document.querySelector('input[name="vendedor"]')).toBeNull();
    expect(rememberedSellerCode("r1")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Reservar boletos" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ quantity: 2 });
  });

  it("sin JavaScript el formulario ya lleva el código del enlace; sin enlace, nada", () => {
    const html = renderToString(page("/rifas/r1?v=ABC234"));
    expect(html).toMatch(/<input type="hidden" name="vendedor" value="ABC234"\/?>/);
    expect(renderToString(page("/rifas/r1"))).not.toContain('name="vendedor"');
    expect(renderToString(page("/rifas/r1?v=%3Cscript%3E"))).not.toContain('name="vendedor"');
  });
});
